import { Document, isMap, isScalar, isSeq, parseDocument, Scalar, visit, type Node as YamlNode, type YAMLMap, type YAMLSeq } from 'yaml'
import { MAX_FRONTMATTER_CHARS, yamlTooComplex } from './yamlLimits'

/** One edit of a YAML document's list of cases (the document itself, or its `cases:`). */
export type YamlListEdit =
  | { op: 'add'; value: Record<string, unknown> }
  /** Sets (or, with `undefined`, removes) values inside item `index`, by key path (`['expect', 'skill']`). */
  | {
      op: 'update'
      index: number
      /** `replaces`: a key of the same map whose place a new key takes (`turns` where `utterance` was). */
      changes: readonly { path: readonly string[]; value: unknown; replaces?: string }[]
    }
  | { op: 'remove'; index: number }

/**
 * A list of cases edited through yaml's Document API, written back so that only the edited item's
 * lines change: every other byte (comments, blank lines, quoting, flow lists) stays as it was, and
 * the edited item keeps its own comments. `header` starts a file that does not exist yet (or holds
 * only comments). Null when the text does not parse, the item is not there, or the result would not
 * read back.
 */
export function editYamlList(text: string | undefined, edit: YamlListEdit, header = ''): string | null {
  const source = text ?? ''
  if (source.length > MAX_FRONTMATTER_CHARS || yamlTooComplex(source) !== null) return null
  const doc = parseDocument(source, { prettyErrors: false })
  if (doc.errors.length > 0) return null
  // Flow collections are padded (`[ a ]`) as the file's own lists are (its mappings when it has no list).
  const lists = /\[[^\]\n]/.test(source)
  const options = { lineWidth: 0, flowCollectionPadding: lists ? /\[ [^\s\]]/.test(source) : /\{ [^\s}]/.test(source) }
  const blockNode = (value: unknown) => {
    const node = doc.createNode(value)
    // Short lists of plain values read best on one line, as people write them: [a, b].
    visit(node, {
      Seq: (_, seq) => {
        if (seq.items.every((item) => isScalar(item))) seq.flow = true
      },
    })
    return node
  }
  const itemText = (node: YamlNode, indent: number) => {
    const alone = new Document(null)
    alone.contents = node
    const { commentBefore, spaceBefore, comment } = node
    node.commentBefore = undefined
    node.spaceBefore = undefined
    node.comment = undefined
    const written = alone.toString(options).trimEnd()
    Object.assign(node, { commentBefore, spaceBefore, comment })
    return written.replace(/\n(?=.)/g, `\n${' '.repeat(indent)}`)
  }
  const newline = source.includes('\r\n') ? '\r\n' : '\n'
  const root = doc.contents
  const list = isSeq(root) ? root : isMap(root) ? root.get('cases', true) : undefined

  // No block list to splice into (a new file, only comments, `cases: []`): written whole.
  if (!isSeq(list) || list.flow || list.items.length === 0) {
    if (edit.op !== 'add') return null
    if (root !== null && root !== undefined && !isMap(root) && !isSeq(root)) return null
    const item = blockNode(edit.value)
    // The parsed document's nodes are typed as parsed; a new node joins them all the same.
    if (isSeq(list)) {
      list.flow = false
      ;(list.items as unknown[]).push(item)
    } else if (isMap(root)) (root as YAMLMap).set('cases', seqOf(doc, item))
    else if (root === null || root === undefined) {
      const comments = source.trim() === '' ? header : source.endsWith('\n') ? source : `${source}\n`
      return `${comments}cases:\n  - ${itemText(item, 4)}\n`.replace(/\n/g, newline)
    }
    const whole = doc.toString(options)
    return readsBack(whole) ? whole : null
  }

  const items = list.items as YamlNode[]
  const lineStart = (offset: number) => source.lastIndexOf('\n', offset - 1) + 1
  // Where an item's own text ends: its range without the line breaks (and blank lines) after it.
  const contentEnd = (node: YamlNode) => {
    let end = node.range?.[1] ?? 0
    while (end > 0 && /\s/.test(source[end - 1] ?? '')) end--
    return end
  }
  let result: string
  if (edit.op === 'add') {
    const last = items[items.length - 1]!
    const first = items[0]!
    const firstStart = first.range?.[0] ?? 0
    const dash = source.lastIndexOf('-', firstStart - 1)
    const column = dash - lineStart(dash)
    const gap = items.length > 1 && items[1]!.spaceBefore ? newline : ''
    const at = contentEnd(last)
    const written = `${newline}${gap}${' '.repeat(column)}- ${itemText(blockNode(edit.value), column + 2).replace(/\n/g, newline)}`
    result = source.slice(0, at) + written + source.slice(at)
  } else {
    const item = items[edit.index]
    if (!item || !item.range) return null
    if (edit.op === 'remove') {
      const dash = source.lastIndexOf('-', item.range[0] - 1)
      let start = lineStart(dash)
      let end = source.indexOf('\n', contentEnd(item))
      end = end < 0 ? source.length : end + 1
      // The blank line that parted this item from the next goes with it.
      const blankBefore = /\n\r?\n$/.test(source.slice(0, start))
      if (edit.index > 0 && blankBefore && (end === source.length || /^\r?\n/.test(source.slice(end))))
        start -= source[start - 2] === '\r' ? 2 : 1
      // The last item of `cases:` leaves an empty list, not an empty key (a null, which is no list).
      const colon = items.length === 1 && isMap(root) ? colonAfterKeyOf(root, list, source) : -1
      result =
        colon < 0
          ? source.slice(0, start) + source.slice(end)
          : `${source.slice(0, colon + 1)} []${source.slice(colon + 1, start)}${source.slice(end)}`
    } else {
      if (!isMap(item)) return null
      const spliced = scalarsInPlace(item, edit.changes, source, (node) => {
        const alone = new Document(null)
        alone.contents = node
        return alone.toString(options).replace(/\r?\n$/, '')
      })
      // A splice that does not read back is written anew below, as any other change.
      if (spliced !== null && readsBack(spliced)) return spliced
      for (const change of edit.changes) {
        const parent = change.path.length > 1 ? item.getIn(change.path.slice(0, -1), true) : item
        const key = change.path[change.path.length - 1]!
        const current = item.getIn(change.path, true)
        // Nothing to delete where the case has no such field (a case without `expect:`).
        if (change.value === undefined) {
          if (item.hasIn(change.path)) item.deleteIn(change.path)
        }
        // A scalar written over a scalar keeps its node, and with it the comment after it.
        else if (isScalar(current) && (typeof change.value !== 'object' || change.value === null)) current.value = change.value
        else if (current === undefined && change.replaces && isMap(parent) && parent.has(change.replaces)) {
          const at = parent.items.findIndex((pair) => isScalar(pair.key) && pair.key.value === change.replaces)
          parent.items.splice(at, 1, doc.createPair(key, blockNode(change.value)))
        } else {
          // A field written empty (`expect:` alone) holds a null, not a map: the value goes into a new one.
          if (change.path.length > 1 && parent !== undefined && !isMap(parent)) item.setIn(change.path.slice(0, -1), doc.createNode({}))
          const node = blockNode(change.value)
          // A list written over a list keeps its style: a block list stays one item a line.
          if (isSeq(current) && isSeq(node)) node.flow = current.flow
          item.setIn(change.path, node)
        }
      }
      const start = item.range[0]
      const column = start - lineStart(start)
      result = source.slice(0, start) + itemText(item, column).replace(/\n/g, newline) + source.slice(contentEnd(item))
    }
  }
  return readsBack(result) ? result : null
}

/**
 * The item's text with each change put where its value stands, when every change writes a scalar
 * over a scalar on one line (or removes a key that is not there): the item's other bytes (its
 * comments, the style of its lists, its spacing) stay as written. Null when a change needs the
 * item written anew.
 */
function scalarsInPlace(
  item: YAMLMap,
  changes: readonly { path: readonly string[]; value: unknown }[],
  source: string,
  write: (node: Scalar) => string,
): string | null {
  const edits: { start: number; end: number; text: string }[] = []
  for (const change of changes) {
    const current = item.getIn(change.path, true)
    if (change.value === undefined && !item.hasIn(change.path)) continue
    if (!isScalar(current) || !current.range || change.value === undefined) return null
    // An empty value (`name:` alone, or before a comment) has no characters to replace: put in its
    // place, the new one would join the colon or the comment.
    if (current.value === null || current.range[0] === current.range[1]) return null
    // Inside `{ … }` a comma or a bracket ends a plain value: such a value is written with its map.
    const parent = change.path.length > 1 ? item.getIn(change.path.slice(0, -1), true) : item
    if (!isMap(parent) || parent.flow) return null
    if (typeof change.value === 'object' && change.value !== null) return null
    if (current.value === change.value) continue
    const node = new Scalar(change.value)
    // The value keeps its quoting where it still can (a plain value that now needs quotes gets them).
    node.type = current.type
    const text = write(node)
    if (text.includes('\n')) return null
    edits.push({ start: current.range[0], end: current.range[1], text })
  }
  let result = source
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end)
  return result
}

/** Where the `:` after the key of `value` in `map` is in the text; -1 when not found. */
function colonAfterKeyOf(map: YAMLMap, value: unknown, source: string): number {
  const pair = map.items.find((entry) => entry.value === value)
  const keyEnd = pair && isScalar(pair.key) ? pair.key.range?.[1] : undefined
  return keyEnd === undefined ? -1 : source.indexOf(':', keyEnd)
}

function seqOf(doc: Document, item: unknown) {
  const seq = doc.createNode([]) as YAMLSeq
  seq.items.push(item)
  return seq
}

function readsBack(text: string): boolean {
  return parseDocument(text, { prettyErrors: false }).errors.length === 0
}
