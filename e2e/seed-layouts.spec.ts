/**
 * Seed 001's tool folder in the page (/work/shared/seeds/001_*.md, sections 2.1 and 3.1): a
 * folder with schema.json and main.py with execute(params), no SKILL.md, imported as a folder is
 * a skill — listed, its parameters shown in the Form, run by Run code with schema.json enforced first.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SEED_001_SCHEMA } from '../src/core/skill/seedFixtures'
import { expect, test } from './fixtures'

// The first run loads Python into a fresh worker.
test.setTimeout(120_000)

const MAIN = `def execute(params):
    return {
        "user_message": f"在 {params['db_name']} 上执行了查询",
        "data": {"sql": params["sql"]},
    }
`

test('a seed-001 tool folder imports as a skill, shows its parameters in the Form and runs execute(params)', async ({ page }) => {
  const root = mkdtempSync(join(tmpdir(), 'seed001-'))
  mkdirSync(join(root, 'skills', 'execute_sql'), { recursive: true })
  writeFileSync(join(root, 'skills', 'execute_sql', 'schema.json'), SEED_001_SCHEMA)
  writeFileSync(join(root, 'skills', 'execute_sql', 'main.py'), MAIN)
  await page.goto('/')
  await page.getByLabel('Import folder files').setInputFiles(root)
  const status = page.getByRole('status').filter({ hasText: 'Imported' })
  await expect(status).toBeVisible()
  await expect(status).not.toContainText('not imported')

  const skill = page.getByRole('listbox', { name: 'Skills' }).getByRole('option', { name: /execute_sql/ })
  await expect(skill).toBeVisible()
  await skill.click()
  await page.getByRole('tab', { name: 'Form' }).click()
  const form = page.getByRole('form', { name: 'Tool folder (schema.json + main.py)' })
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('execute_sql')
  const parameters = form.getByRole('table', { name: 'Parameters (from schema.json)' })
  await expect(parameters.getByRole('row', { name: /db_name/ })).toContainText('enum: ["orders","users","inventory"]')
  await expect(parameters.getByRole('row', { name: /sql/ }).first()).toContainText('required')

  const panel = page.getByRole('region', { name: 'Skill code' })
  await panel.getByRole('textbox', { name: 'sql' }).fill('SELECT * FROM orders')
  await panel.getByRole('combobox', { name: 'db_name' }).selectOption('orders')
  await panel.getByRole('button', { name: 'Run code' }).click()
  const result = panel.getByRole('region', { name: 'Code result' })
  await expect(result).toContainText('在 orders 上执行了查询', { timeout: 60_000 })

  // schema.json's pattern is enforced before execute(params) runs.
  await panel.getByRole('textbox', { name: 'sql' }).fill('DELETE FROM orders')
  await panel.getByRole('button', { name: 'Run code' }).click()
  await expect(panel.getByRole('alert')).toContainText(/sql/)
  await expect(panel.getByRole('alert')).toContainText(/pattern|SELECT/)
})
