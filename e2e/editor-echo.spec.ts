/**
 * The editor's own edits reach the store and are never handed back to it (docs/architecture.md,
 * "After the editor's frame"): Monaco's cursor and undo history stay as typed, while a change from
 * elsewhere, arriving while keys wait for their frame, is followed with the keys kept.
 */
import type { Page } from '@playwright/test'
import { expect, SkillEditor, test, NAME } from './fixtures'

/**
 * Holds the page's frames (keys then wait in the store for the editor's next frame) until
 * `release`, which runs the frames asked for meanwhile.
 */
async function holdFramesUntilReleased(page: Page): Promise<{ release: () => Promise<void> }> {
  await page.evaluate(() => {
    const held = window as unknown as { heldFrames?: { run: typeof requestAnimationFrame; waiting: FrameRequestCallback[] } }
    const waiting: FrameRequestCallback[] = []
    held.heldFrames = { run: window.requestAnimationFrame.bind(window), waiting }
    window.requestAnimationFrame = (callback) => waiting.push(callback)
  })
  return {
    release: () =>
      page.evaluate(() => {
        const held = window as unknown as { heldFrames?: { run: typeof requestAnimationFrame; waiting: FrameRequestCallback[] } }
        if (!held.heldFrames) return
        const { run, waiting } = held.heldFrames
        window.requestAnimationFrame = run
        run((time) => waiting.splice(0).forEach((callback) => callback(time)))
      }),
  }
}

test('keys typed in the editor reach the store and leave the cursor and the undo history as typed', async ({ page, editor }) => {
  const skills = page.getByRole('listbox', { name: 'Skills' })
  await skills.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('name: calculator')
  // A key at a time, each written to the store after its frame (the skill list shows it).
  await page.keyboard.type('_v2', { delay: 60 })
  await expect(skills.getByRole('option', { name: /calculator_v2/ })).toHaveCount(1)
  // The cursor is where the typing left it: the next keys go on from there.
  await page.keyboard.type('_v3')
  await expect(editor.line('name: calculator_v2_v3')).toBeVisible()
  await expect(skills.getByRole('option', { name: /calculator_v2_v3/ })).toHaveCount(1)
  // One undo step takes all of the typing back: the store's copy of it never came back as an edit.
  await page.keyboard.press('Control+z')
  await expect(editor.line('name: calculator_v2')).toHaveCount(0)
  await expect(editor.line('name: calculator')).toBeVisible()
  await expect(skills.getByRole('option', { name: /calculator_/ })).toHaveCount(0)
  await page.keyboard.press('Control+Shift+z')
  await expect(editor.line('name: calculator_v2_v3')).toBeVisible()
  await expect(skills.getByRole('option', { name: /calculator_v2_v3/ })).toHaveCount(1)
})

test('another tab’s save arriving while keys wait for their frame: the editor shows both, and goes on where it was', async ({
  page,
  context,
  editor,
}) => {
  const second = await context.newPage()
  await second.goto('/')
  const secondEditor = new SkillEditor(second)
  await second.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await secondEditor.endOfLine('name: calculator')
  const frames = await holdFramesUntilReleased(second)
  await second.keyboard.type('_mine')
  // The first tab changes another line of the same skill and saves.
  await page.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('## You are a careful calculator')
  await page.keyboard.type(' (theirs)')
  await expect(second.getByRole('status').filter({ hasText: 'Merged with changes saved in another tab' })).toBeVisible()
  await frames.release()
  // Typing on: the keys land after the held ones, and the editor holds the other tab's line too.
  await second.keyboard.type('!')
  await expect(secondEditor.line('name: calculator_mine!')).toBeVisible()
  await expect(secondEditor.line('careful calculator (theirs)')).toBeVisible()
  await expect(second.getByRole('option', { name: /calculator_mine!/ })).toHaveCount(1)
  await expect(page.getByRole('option', { name: /calculator_mine!/ })).toHaveCount(1)
  await expect(editor.line('name: calculator_mine!')).toBeVisible()
})
