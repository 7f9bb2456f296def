/**
 * How a tool result's images reach the trace and the model (docs/live-tools.md, "Images, resources
 * and links"). An MCP result's image (src/core/tools/mcpContent.ts) leaves the result: its bytes go
 * to the trace to be shown, and to the model as an image part in a message after the tool results
 * when the model takes images; in the result itself it becomes a sentence (type, size, source tool)
 * that tells a model which cannot see it what it was. Embedded resources, links and audio stay in
 * the result as data and read as they are.
 */
import { describeContentItem, mcpContentOf, type McpContentItem } from '../tools/mcpContent'
import type { ChatImage, ChatMessage } from './types'

/** An image a tool returned, as the trace keeps it (base64 `data`). */
export interface TraceImage {
  mimeType: string
  data: string
  bytes: number
}

/**
 * Model names (as OpenAI-compatible servers spell them) that take image parts: OpenAI's 4o, 4.1,
 * 5 and o-series, Claude, Gemini and Gemma 3, and the open vision models served by Ollama, vLLM
 * and llama.cpp. Any other model gets images described in text.
 */
const TAKES_IMAGES =
  /gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-4-vision|gpt-5|chatgpt-4o|\bo[134](?!-mini)\b|o4-mini|claude|gemini|gemma-?3|llava|moondream|minicpm-v|llama-?3\.2-vision|llama-?4|pixtral|mistral-(?:small|medium)-3|qwen[\w.-]*vl|qvq|internvl|glm-?4\.?\d*v|cogvlm|deepseek-vl|phi-?[34](?:\.5)?-(?:vision|multimodal)|grok-?4|grok-[\w.-]*vision|kimi-vl|vision/i

/** Whether the model named takes image parts in its messages. */
export function modelTakesImages(model: string): boolean {
  return TAKES_IMAGES.test(model)
}

/**
 * The outcome with its result's shown images taken out (into `images`) and every image described
 * in words in their place; anything else is left as it is.
 */
export function takeToolImages<T extends { result: unknown }>(
  outcome: T,
  tool: string,
  takesImages: boolean,
): T & { images: TraceImage[] } {
  const content = mcpContentOf(outcome.result)
  if (!content.some((item) => item.type === 'image')) return { ...outcome, images: [] }
  const images: TraceImage[] = []
  const described = content.map((item): McpContentItem | { type: 'image'; mimeType: string; bytes: number; note: string } => {
    if (item.type !== 'image') return item
    const sentence = describeContentItem(item, tool)
    if (item.data === undefined) return { type: 'image', mimeType: item.mimeType, bytes: item.bytes, note: sentence }
    images.push({ mimeType: item.mimeType, data: item.data, bytes: item.bytes })
    return {
      type: 'image',
      mimeType: item.mimeType,
      bytes: item.bytes,
      note: takesImages
        ? `${sentence} It is attached as an image in the message after the tool results.`
        : `${sentence} This model does not take images, so it is described here only.`,
    }
  })
  return { ...outcome, result: { ...(outcome.result as Record<string, unknown>), content: described }, images }
}

/** The message that gives a model that takes images the images the round's tools returned. */
export function imageMessage(images: readonly (TraceImage & { tool: string })[]): ChatMessage {
  const listed = images.map((image, index) => `${index + 1}. from ${image.tool} (${image.mimeType})`).join('\n')
  return {
    role: 'user',
    content: `The images the tools returned above, in order:\n${listed}`,
    images: images.map(({ mimeType, data }): ChatImage => ({ mimeType, data })),
  }
}
