import { useRef, type ReactNode } from 'react'
import { coveredSpans, MAX_UTTERANCE_LENGTH, scoreOf, type InputSpan } from '../../core/routing'
import { usePlayground, usePlaygroundStore, useRouting } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

const EXAMPLES = [
  '计算一下 2^20 是多少',
  '帮我规划并写一篇关于 AI Agent 的文章大纲',
  '北京今天天气怎么样，要带伞吗',
  '查询订单：本周销售额是多少',
  '我想了解一下 RAG 是什么',
]

/**
 * The test utterance, with the covered spans of the focused skill (the winner unless a table
 * row is hovered) highlighted behind the text as the user types.
 */
export function UtteranceBox() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const utterance = usePlayground((state) => state.utterance)
  const focusedPath = usePlayground((state) => state.focusedSkillPath)
  const routing = useRouting()
  const backdrop = useRef<HTMLDivElement>(null)

  // The hovered row, else the winner, else the selected skill (so its coverage shows even when nothing wins).
  const selectedPath = usePlayground((state) => state.selectedPath)
  const scored = (path: string | null) => {
    const score = path === null ? null : scoreOf(routing, path)
    return score?.final === null ? null : score
  }
  const focused = scored(focusedPath) ?? routing.winner ?? scored(selectedPath)
  const spans = focused ? coveredSpans(utterance, focused.matched) : []

  return (
    <section className="utterance-section" aria-label={t('a11y.utteranceSection')}>
      <label className="field-label" htmlFor="utterance">
        {t('utterance.label')}
        {focused && <span className="label-hint">{t('utterance.highlighted', { skill: focused.skill })}</span>}
      </label>
      <div className="utterance">
        <div className="utterance-backdrop" ref={backdrop} aria-hidden="true" data-testid="utterance-highlights">
          {highlight(utterance, spans, focused?.activated ?? false)}
          {'\n'}
        </div>
        <textarea
          id="utterance"
          aria-label={t('utterance.label')}
          value={utterance}
          rows={2}
          spellCheck={false}
          placeholder={t('utterance.placeholder')}
          maxLength={MAX_UTTERANCE_LENGTH}
          onChange={(event) => store.getState().setUtterance(event.target.value)}
          onScroll={(event) => {
            if (backdrop.current) backdrop.current.scrollTop = event.currentTarget.scrollTop
          }}
        />
      </div>
      {utterance.length >= MAX_UTTERANCE_LENGTH && (
        <p className="warning-text small" role="note">
          {t('utterance.capped', { limit: MAX_UTTERANCE_LENGTH.toLocaleString('en') })}
        </p>
      )}
      <div className="examples" aria-label={t('a11y.examples')}>
        <span className="examples-label">{t('utterance.try')}</span>
        {EXAMPLES.map((example) => (
          <button key={example} type="button" className="chip" onClick={() => store.getState().setUtterance(example)}>
            {example}
          </button>
        ))}
      </div>
    </section>
  )
}

function highlight(text: string, spans: readonly InputSpan[], strong: boolean): ReactNode[] {
  const parts: ReactNode[] = []
  let cursor = 0
  for (const [start, end] of spans) {
    if (start > cursor) parts.push(text.slice(cursor, start))
    parts.push(
      <mark key={start} className={strong ? 'covered winner' : 'covered'}>
        {text.slice(start, end)}
      </mark>,
    )
    cursor = end
  }
  parts.push(text.slice(cursor))
  return parts
}
