import { expect, test } from './fixtures'

test('each turn of a conversation is labelled from its own events: a turn routed to no skill does not borrow a later sticky turn’s skill', async ({
  page,
  routing,
  run,
}) => {
  await routing.utterance.fill('计算一下 2^20 是多少')
  await run.open()
  await run.routingMode.selectOption('keyword')
  await run.run()
  await expect(run.step('Final answer')).toHaveCount(1, { timeout: 30_000 })

  const reply = page.getByRole('textbox', { name: 'Reply' })
  // Turn 2 is routed again and matches no skill.
  await reply.fill('thanks, bye')
  await reply.press('Control+Enter')
  await expect(run.step('Final answer')).toHaveCount(2, { timeout: 30_000 })
  // Turn 3 keeps the conversation's skill.
  await page.getByRole('checkbox', { name: 'Keep this skill for the rest of the conversation' }).check()
  await reply.fill('and once more')
  await reply.press('Control+Enter')
  await expect(run.step('Final answer')).toHaveCount(3, { timeout: 30_000 })

  const activations = run.step('Activation')
  await expect(activations).toHaveCount(3)
  await expect(activations.nth(0)).toContainText('Activation · calculator')
  await expect(activations.nth(1)).toContainText('Activation · no skill')
  await expect(activations.nth(2)).toContainText('Activation · calculator')
  // Nothing in turn 2 loaded a skill, and turn 3 routed (sticky), it did not load one either.
  await expect(run.trace).not.toContainText(/loaded \S+ with load_skill/)
})

test('a turn in progressive disclosure is labelled with the skill it loaded with load_skill', async ({ page, routing, run }) => {
  await routing.utterance.fill('2^10 + 1')
  await run.open()
  await run.routingMode.selectOption('progressive')
  await run.run()
  await expect(run.step('Final answer')).toHaveCount(1, { timeout: 30_000 })
  await expect(run.step('Activation').first()).toContainText(/loaded \S+ with load_skill/)

  const reply = page.getByRole('textbox', { name: 'Reply' })
  await reply.fill('thanks, bye')
  await reply.press('Control+Enter')
  await expect(run.step('Final answer')).toHaveCount(2, { timeout: 30_000 })
  await expect(run.step('Activation').nth(1)).not.toContainText(/loaded \S+ with load_skill/)
})
