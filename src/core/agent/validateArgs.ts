/**
 * The only module that imports @cfworker/json-schema: validation of tool arguments against the
 * tool's JSON Schema (docs/agent-loop.md). Ajv would be the usual choice, but Ajv compiles schemas with `new Function`,
 * which the app's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids — and
 * skill authors' schemas arrive at run time. This validator interprets schemas without eval.
 */
import { Validator, type OutputUnit } from '@cfworker/json-schema'
import type { JsonSchema } from '../skill'
import { nestedDeeperThan } from '../lib/nestedDeeperThan'

const validators = new WeakMap<JsonSchema, Validator>()

/**
 * Arguments nesting deeper than this are refused before anything walks them: the validator, the
 * copy to a skill's code and the trace all recurse, and a few thousand levels overflow the stack.
 */
export const MAX_ARGUMENT_NESTING = 64

export type Validation = { ok: true; value: Record<string, unknown> } | { ok: false; message: string; details: unknown }

/** Parses the model's JSON argument text and validates it against the tool's schema. */
export function validateArgs(schema: JsonSchema, argumentText: string): Validation {
  let value: unknown
  try {
    value = argumentText.trim() === '' ? {} : JSON.parse(argumentText)
  } catch (error) {
    return {
      ok: false,
      message: `The arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      details: { arguments: argumentText.slice(0, 500) },
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The arguments must be a JSON object.', details: { arguments: argumentText.slice(0, 500) } }
  }
  if (nestedDeeperThan(value, MAX_ARGUMENT_NESTING))
    return {
      ok: false,
      message: `The arguments nest deeper than ${MAX_ARGUMENT_NESTING} levels.`,
      details: { arguments: argumentText.slice(0, 500) },
    }
  let validator = validators.get(schema)
  if (!validator) {
    try {
      validator = new Validator(schema, '2020-12', false)
    } catch (error) {
      return {
        ok: false,
        message: `The tool's own schema is invalid: ${error instanceof Error ? error.message : String(error)}`,
        details: null,
      }
    }
    validators.set(schema, validator)
  }
  const result = validator.validate(value)
  if (result.valid) return { ok: true, value: value as Record<string, unknown> }
  // The validator reports each failing keyword and the schemas around it; the leaves say the most.
  const leaves = result.errors.filter(
    (error: OutputUnit) => !['properties', 'allOf', 'anyOf', 'items', '$ref', 'false'].includes(error.keyword),
  )
  const errors = leaves.length > 0 ? leaves : result.errors
  return {
    ok: false,
    message: errors.map((error) => `${error.instanceLocation.replace(/^#/, '') || 'arguments'}: ${error.error}`).join('; '),
    details: errors.map(({ instanceLocation, keyword, error }) => ({ path: instanceLocation, keyword, message: error })),
  }
}

/** Whether any JSON value satisfies `schema` (an eval's answer_schema): null when it does, else what is wrong. */
export function schemaProblem(schema: JsonSchema, value: unknown): string | null {
  let validator = validators.get(schema)
  try {
    validator ??= new Validator(schema, '2020-12', false)
  } catch (error) {
    return `The schema is invalid: ${error instanceof Error ? error.message : String(error)}`
  }
  validators.set(schema, validator)
  const result = validator.validate(value)
  if (result.valid) return null
  const leaves = result.errors.filter(
    (error: OutputUnit) => !['properties', 'allOf', 'anyOf', 'items', '$ref', 'false'].includes(error.keyword),
  )
  return (leaves.length > 0 ? leaves : result.errors)
    .map((error) => `${error.instanceLocation.replace(/^#/, '') || 'answer'}: ${error.error}`)
    .join('; ')
}
