/** The only module that imports mathjs: a maintained expression parser that never runs JavaScript. */
import { all, create } from 'mathjs'
import { ToolRefusal, type ToolRun } from './types'

const math = create(all ?? {})
const evaluateExpression = math.evaluate.bind(math)
// mathjs's guidance for untrusted input: take away the functions that reach outside arithmetic.
const refuse = (name: string) => () => {
  throw new ToolRefusal(`The function ${name} is not available in the calculator.`)
}
math.import(
  Object.fromEntries(
    // `config` changes the shared instance for every later call (a 20,000-digit precision froze the next one).
    ['import', 'createUnit', 'evaluate', 'parse', 'simplify', 'derivative', 'resolve', 'reviver', 'compile', 'config'].map((name) => [
      name,
      refuse(name),
    ]),
  ),
  { override: true },
)

/** Runs `calculator` (described in builtinTools.ts). */
export const runCalculator: ToolRun = (args) => {
  const expression = String(args.expression)
  let value: unknown
  try {
    value = evaluateExpression(expression)
  } catch (error) {
    if (error instanceof ToolRefusal) throw error
    throw new Error(`Cannot evaluate "${expression}": ${error instanceof Error ? error.message : String(error)}`)
  }
  const result = typeof value === 'number' ? value : math.format(value, { precision: 14 })
  if (typeof value === 'function' || value === undefined) throw new Error(`"${expression}" is not a calculation.`)
  return { expression, result }
}
