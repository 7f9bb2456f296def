import { BUILTIN_TOOLS } from '../../core/tools'
import type { Translator } from '../i18n/i18n'
import type { en } from '../i18n/en'

type Described = keyof typeof en.toolDescriptions

const BUILTIN = new Map(BUILTIN_TOOLS.map((tool) => [tool.name, tool.description]))

/**
 * A tool's description as the page shows it: a built-in tool's in the interface's language (the
 * model is still sent the one in core/tools); any other tool's, or a built-in name that a skill
 * describes its own way, as written.
 */
export function shownToolDescription(tool: { name: string; description: string }, t: Translator['t']): string {
  return BUILTIN.get(tool.name) === tool.description ? t(`toolDescriptions.${tool.name as Described}`) : tool.description
}
