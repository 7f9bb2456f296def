/**
 * The sandbox process's supply of interpreters (docs/skill-code.md, "A ready Python"): one
 * prepared ahead is never one a run has used, each is given out once, and a start that fails is
 * the failure of the run that takes it.
 */
import { describe, expect, it } from 'vitest'
import { freshInterpreters } from './freshInterpreters'

/** Interpreters as numbered objects, the way a run would use them. */
function counting() {
  let made = 0
  const start = () => Promise.resolve({ id: ++made, used: false })
  return { start, made: () => made }
}

describe('freshInterpreters', () => {
  it('gives every run an interpreter no run had before, prepared ahead or started when asked', async () => {
    const { start, made } = counting()
    const supply = freshInterpreters({ id: 0, used: false }, start)
    const given: { id: number; used: boolean }[] = []
    const use = async () => {
      const interpreter = await supply.take()
      expect(interpreter.used).toBe(false)
      interpreter.used = true
      given.push(interpreter)
    }
    await use()
    // Prepared ahead after a run: a new one, not the one just used.
    supply.prepare()
    expect(made()).toBe(1)
    await use()
    // Nothing prepared: the run's own is started when it asks.
    await use()
    supply.prepare()
    supply.prepare()
    // Asked twice, prepared once.
    expect(made()).toBe(3)
    await use()
    expect(given.map((interpreter) => interpreter.id)).toEqual([0, 1, 2, 3])
  })

  it('the first interpreter is not prepared again over: prepare before any run starts nothing', async () => {
    const { start, made } = counting()
    const supply = freshInterpreters({ id: 0, used: false }, start)
    supply.prepare()
    expect(made()).toBe(0)
    expect((await supply.take()).id).toBe(0)
  })

  it('a start that fails ahead is the failure of the run that takes it, and the next run gets a new start', async () => {
    let attempts = 0
    const supply = freshInterpreters('first', () => {
      attempts++
      return attempts === 1 ? Promise.reject(new Error('no memory')) : Promise.resolve(`interpreter ${attempts}`)
    })
    await supply.take()
    supply.prepare()
    // Nothing unhandled meanwhile: the failure waits for the run.
    await new Promise((resolve) => setTimeout(resolve, 10))
    await expect(supply.take()).rejects.toThrow('no memory')
    expect(await supply.take()).toBe('interpreter 2')
  })
})
