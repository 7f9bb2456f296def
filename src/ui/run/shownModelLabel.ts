import { SCRIPTED_LABELS } from '../../core/agent'
import type { RoutingMode } from '../../core/agent'
import type { Translator } from '../i18n/i18n'

const MODES: readonly RoutingMode[] = ['keyword', 'grouped', 'progressive', 'llm', 'none']

/**
 * A model's label as a run or an eval report recorded it ("Scripted (offline) · keyword",
 * "calc/SKILL.md (current)"), in the interface's language: the scripted model's name, a routing
 * mode after " · " and "(current)" are the page's words; a real model's name stays as it is.
 */
export function shownModelLabel(label: string, t: Translator['t']): string {
  let shown = label
    .replace(SCRIPTED_LABELS.replay, t('shownLabels.scriptedReplay'))
    .replace(SCRIPTED_LABELS.offline, t('shownLabels.scriptedOffline'))
  const mode = /^(.*) · (\w+)$/.exec(shown)
  if (mode && (MODES as readonly string[]).includes(mode[2]!)) shown = `${mode[1]} · ${t(`run.modes.${mode[2] as RoutingMode}`)}`
  const current = /^(.*) \(current\)$/.exec(shown)
  if (current) shown = t('shownLabels.current', { path: current[1] })
  return shown
}
