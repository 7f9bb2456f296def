/**
 * A skill's `parameters` as authors write them. Seed 004 writes the properties straight under
 * `parameters`, with `required` beside them and `items: number` for an item type:
 *
 * ```yaml
 * parameters:
 *   numbers: { type: array, items: number, description: … }
 *   required: [numbers]
 * ```
 *
 * That is read as the JSON Schema it means (`{type: object, properties: {numbers: {type: array,
 * items: {type: number}}}, required: [numbers]}`); lint says so as an info and offers to write
 * the full schema (docs/skill-format.md). A full JSON Schema is kept as written, but an `items`
 * (or `additionalProperties`) given as a bare type name is read the same way.
 */
import type { JsonSchema } from './types'

/** The JSON Schema type names a bare string stands for (`items: number`). */
const TYPE_NAMES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'])

/** Keys that make a mapping a JSON Schema of its own rather than a list of properties. */
const SCHEMA_KEYS = new Set([
  'type',
  'properties',
  '$schema',
  '$ref',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'enum',
  'const',
  'additionalProperties',
  'patternProperties',
])

export interface ReadParameters {
  /** The schema the code and the model receive. */
  schema: JsonSchema
  /** What was written differs from `schema` (the shorthand, or a bare type name for `items`). */
  shorthand: boolean
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A property written as a bare type name (`count: integer`) or a schema mapping. */
const isPropertyLike = (value: unknown) => isRecord(value) || (typeof value === 'string' && TYPE_NAMES.has(value))

/**
 * Whether `value` is seed 004's shorthand: no schema keyword at its top, and every key but
 * `required` names a property (a mapping or a type name).
 */
export function isParametersShorthand(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value)
  if (keys.some((key) => SCHEMA_KEYS.has(key))) return false
  const properties = keys.filter((key) => key !== 'required' && key !== 'description')
  return properties.length > 0 && properties.every((key) => isPropertyLike(value[key]))
}

/** `parameters` as the JSON Schema it means (see the file's comment). */
export function readParameters(value: Record<string, unknown>): ReadParameters {
  if (isParametersShorthand(value)) {
    const properties: Record<string, unknown> = {}
    for (const [key, property] of Object.entries(value))
      if (key !== 'required' && key !== 'description') setOwn(properties, key, expandBareTypes(property))
    const schema: JsonSchema = { type: 'object', properties }
    if (typeof value.description === 'string') schema.description = value.description
    if (value.required !== undefined) schema.required = value.required
    return { schema, shorthand: true }
  }
  const expanded = expandBareTypes(value) as JsonSchema
  return { schema: expanded, shorthand: expanded !== value }
}

/**
 * `items: number` → `items: {type: number}`, in the schema and every nested property; a bare type
 * name as a whole property too. The same object comes back when nothing changed.
 */
function expandBareTypes(value: unknown, depth = 0): unknown {
  if (typeof value === 'string' && TYPE_NAMES.has(value)) return { type: value }
  if (!isRecord(value) || depth > 32) return value
  let copy: Record<string, unknown> | null = null
  const put = (key: string, next: unknown) => {
    copy ??= { ...value }
    setOwn(copy, key, next)
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    const inner = value[key]
    const next = typeof inner === 'string' && TYPE_NAMES.has(inner) ? { type: inner } : expandBareTypes(inner, depth + 1)
    if (next !== inner) put(key, next)
  }
  if (isRecord(value.properties)) {
    let properties: Record<string, unknown> | null = null
    for (const [name, property] of Object.entries(value.properties)) {
      const next = expandBareTypes(property, depth + 1)
      if (next === property) continue
      properties ??= { ...value.properties }
      setOwn(properties, name, next)
    }
    if (properties) put('properties', properties)
  }
  return copy ?? value
}

/** Defined, not assigned: a property named `__proto__` stays a property. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * `schema` as the block YAML of a `parameters` field (`parameters:` and the lines under it,
 * indented by two spaces a level), the way a person writes it: mappings as blocks, lists of plain
 * values on one line.
 */
export function parametersYaml(schema: JsonSchema, newline = '\n'): string {
  const lines = ['parameters:']
  writeMapping(schema, '  ', lines)
  return lines.join(newline)
}

function writeMapping(value: Record<string, unknown>, indent: string, lines: string[]): void {
  for (const [key, entry] of Object.entries(value)) {
    const name = yamlScalar(key)
    if (isRecord(entry) && Object.keys(entry).length > 0) {
      lines.push(`${indent}${name}:`)
      writeMapping(entry, `${indent}  `, lines)
    } else lines.push(`${indent}${name}: ${yamlFlow(entry)}`)
  }
}

/** A value on one line: a flow list or mapping, or a scalar. */
function yamlFlow(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(yamlFlow).join(', ')}]`
  if (isRecord(value))
    return `{${Object.entries(value)
      .map(([key, entry]) => `${yamlScalar(key)}: ${yamlFlow(entry)}`)
      .join(', ')}}`
  return yamlScalar(value)
}

/** A scalar, plain when YAML reads it back as the same text, else double-quoted (JSON's quoting is YAML's). */
function yamlScalar(value: unknown): string {
  if (typeof value !== 'string') return value === undefined ? 'null' : JSON.stringify(value)
  const plain =
    value !== '' &&
    value.trim() === value &&
    !/^[-?:,[\]{}#&*!|>'"%@`]/.test(value) &&
    !/[:#,[\]{}]|\s#|:\s/.test(value) &&
    // eslint-disable-next-line no-control-regex -- control characters need quoting
    !/[\u0000-\u001f]/.test(value) &&
    !/^(true|false|yes|no|on|off|null|~|y|n)$/i.test(value) &&
    !/^[-+.]?\d|^\.(inf|nan)$/i.test(value)
  return plain ? value : JSON.stringify(value)
}
