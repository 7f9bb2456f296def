/** The only module that imports Ajv: JSON Schema validation of tool arguments (SPEC §4). */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import type { JsonSchema } from '../skill'

const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, coerceTypes: false })
const compiled = new WeakMap<JsonSchema, ValidateFunction>()

export type Validation = { ok: true; value: Record<string, unknown> } | { ok: false; message: string; details: unknown }

/** Parses the model's JSON argument text and validates it against the tool's schema. */
export function validateArgs(schema: JsonSchema, argumentText: string): Validation {
  let value: unknown
  try {
    value = argumentText.trim() === '' ? {} : JSON.parse(argumentText)
  } catch (error) {
    return { ok: false, message: `The arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}`, details: { arguments: argumentText.slice(0, 500) } }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The arguments must be a JSON object.', details: { arguments: argumentText.slice(0, 500) } }
  }
  let validate = compiled.get(schema)
  if (!validate) {
    try {
      validate = ajv.compile(schema)
    } catch (error) {
      return { ok: false, message: `The tool's own schema is invalid: ${error instanceof Error ? error.message : String(error)}`, details: null }
    }
    compiled.set(schema, validate)
  }
  if (validate(value)) return { ok: true, value: value as Record<string, unknown> }
  const errors = (validate.errors ?? []) as ErrorObject[]
  return {
    ok: false,
    message: errors.map((error) => `${error.instancePath || 'arguments'} ${error.message ?? 'is invalid'}`).join('; '),
    details: errors.map(({ instancePath, keyword, params, message }) => ({ path: instancePath, keyword, params, message })),
  }
}
