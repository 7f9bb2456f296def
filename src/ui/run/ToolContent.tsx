import type { TraceEvent, TraceImage } from '../../core/agent'
import { formatBytes, mcpContentOf, SHOWN_IMAGE_TYPES, type McpContentItem } from '../../core/tools'
import { LongText } from '../common/LongText'
import { useT } from '../i18n/i18n'

/**
 * What an MCP tool returned besides text, as a reader wants it (docs/live-tools.md): its images
 * shown (within the size limit the server applied), an embedded resource's text, a link's URI,
 * name and type, audio and blobs described. The result's JSON above holds the same, as sent to the model.
 */
export function ToolContent({ event }: { event: Extract<TraceEvent, { type: 'tool' }> }) {
  const { t } = useT()
  // A run read back from a save or a shared file is someone's JSON: only well-formed items are drawn.
  const content = mcpContentOf(event.result).filter(wellFormed)
  const images = (Array.isArray(event.images) ? event.images : []).filter(
    (image: unknown): image is TraceImage =>
      typeof image === 'object' &&
      image !== null &&
      typeof (image as TraceImage).data === 'string' &&
      typeof (image as TraceImage).bytes === 'number' &&
      SHOWN_IMAGE_TYPES.includes((image as TraceImage).mimeType),
  )
  if (images.length === 0 && content.every((item) => item.type === 'image')) return null
  return (
    <div className="tool-content">
      {images.map((image, index) => (
        <figure key={index} className="tool-image">
          <img
            src={`data:${image.mimeType};base64,${image.data}`}
            alt={t('mcp.image', { tool: event.tool, type: image.mimeType, size: formatBytes(image.bytes) })}
          />
          <figcaption className="muted small">
            {t('mcp.image', { tool: event.tool, type: image.mimeType, size: formatBytes(image.bytes) })}
          </figcaption>
        </figure>
      ))}
      {content.map((item, index) => {
        switch (item.type) {
          case 'resource':
            return item.text !== undefined ? (
              <details key={index} className="tool-resource" aria-label={t('mcp.resource', { uri: item.uri })}>
                <summary className="small">
                  {t('mcp.resource', { uri: item.uri })}
                  {item.mimeType && <span className="muted"> · {item.mimeType}</span>}
                  {item.truncated && <span className="warning-text"> · {t('mcp.cut')}</span>}
                </summary>
                <LongText as="pre" className="tool-result" text={item.text} />
              </details>
            ) : (
              <p key={index} className="muted small">
                {t('mcp.blob', { uri: item.uri, type: item.mimeType ?? '?', size: formatBytes(item.bytes ?? 0) })}
              </p>
            )
          case 'resource_link':
            return (
              <p key={index} className="small" aria-label={t('mcp.link', { uri: item.uri })}>
                {t('mcp.linkLabel')} <code>{item.uri}</code> · {item.name}
                {item.mimeType && <span className="muted"> · {item.mimeType}</span>}
                {item.description && <span className="muted"> — {item.description}</span>}
              </p>
            )
          case 'audio':
            return (
              <p key={index} className="muted small">
                {t('mcp.audio', { type: item.mimeType, size: formatBytes(item.bytes) })}
              </p>
            )
          case 'unknown':
            return (
              <p key={index} className="muted small">
                {t('mcp.unknown', { name: item.name })}
              </p>
            )
          case 'image':
            return null
        }
      })}
    </div>
  )
}

const optionalText = (value: unknown) => value === undefined || typeof value === 'string'

/** An item with the fields its kind is drawn from, of the types the server sends. */
function wellFormed(item: McpContentItem): boolean {
  switch (item.type) {
    case 'resource':
      return typeof item.uri === 'string' && optionalText(item.text) && optionalText(item.mimeType)
    case 'resource_link':
      return typeof item.uri === 'string' && typeof item.name === 'string' && optionalText(item.mimeType) && optionalText(item.description)
    case 'audio':
      return typeof item.mimeType === 'string' && typeof item.bytes === 'number'
    case 'unknown':
      return typeof item.name === 'string'
    case 'image':
      return true
  }
}
