import type { JsonSchema, Skill } from '../../core/skill'
import { useT } from '../i18n/i18n'

/** The JSON Schema keywords a parameter's rules are shown from, as written. */
const RULE_KEYS = ['enum', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'default', 'format', 'items']

/**
 * The Form of a tool folder's skill (seed 001: schema.json + main.py, no SKILL.md): what the
 * playground read from schema.json, parameters with their rules, read-only; schema.json itself
 * is edited in the editor beside it.
 */
export function ToolFolderForm({ skill }: { skill: Skill }) {
  const { t } = useT()
  const schema: JsonSchema = skill.parameters ?? {}
  const properties = (typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) as Record<
    string,
    Record<string, unknown>
  >
  const required = Array.isArray(schema.required) ? schema.required.map(String) : []
  const rows = Object.entries(properties)
  return (
    <form className="skill-form" aria-label={t('toolFolder.title')} onSubmit={(event) => event.preventDefault()}>
      <p className="hint">{t('toolFolder.note')}</p>
      <fieldset disabled>
        <label className="form-field">
          <span className="form-label">{t('toolFolder.name')}</span>
          <input aria-label={t('toolFolder.name')} value={skill.name} readOnly />
        </label>
        <label className="form-field">
          <span className="form-label">{t('toolFolder.description')}</span>
          <textarea aria-label={t('toolFolder.description')} rows={4} value={skill.description} readOnly />
        </label>
      </fieldset>
      <div className="form-field">
        <span className="form-label">{t('toolFolder.parameters')}</span>
        {rows.length === 0 ? (
          <p className="muted small">{t('toolFolder.none')}</p>
        ) : (
          <table className="parameters" aria-label={t('toolFolder.parameters')}>
            <thead>
              <tr>
                <th scope="col">{t('form.paramName')}</th>
                <th scope="col">{t('form.paramType')}</th>
                <th scope="col">{t('form.paramRequired')}</th>
                <th scope="col">{t('toolFolder.constraints')}</th>
                <th scope="col">{t('form.paramDescription')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([name, property]) => (
                <tr key={name}>
                  <td>
                    <code>{name}</code>
                  </td>
                  <td>{typeof property === 'object' && property !== null ? String(property.type ?? '') : ''}</td>
                  <td>{required.includes(name) ? t('toolFolder.required') : t('toolFolder.optional')}</td>
                  <td>
                    {typeof property === 'object' && property !== null
                      ? RULE_KEYS.filter((key) => property[key] !== undefined)
                          .map((key) => `${key}: ${JSON.stringify(property[key])}`)
                          .join(' · ')
                      : ''}
                  </td>
                  <td>
                    {typeof property === 'object' && property !== null && typeof property.description === 'string'
                      ? property.description
                      : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </form>
  )
}
