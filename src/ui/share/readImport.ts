import { importPaths, unzipWorkspaceInSteps, type ArchiveContents } from '../../core/share'
import { message, type Message } from '../../core/messages'
import { isSkillPath, toolSkillPaths, type SkillFile } from '../../core/skill'

export type ImportRead = { ok: true; archive: ArchiveContents } | { ok: false; error: Message }

const MAX_FILE_BYTES = 5 * 1024 * 1024
/** Files read at once while importing a folder. */
const READ_AHEAD = 8
/** How long reading may hold the page before it lets input and painting in. */
const SLICE_MS = 10

/** How far reading has come: an archive unpacked (`file` is its name), or a folder's files read. */
export interface ImportProgress {
  phase: 'unpacking' | 'reading'
  file: string
  percent: number
}

/** Lets input and painting in before the work goes on. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Runs stepped work (core's `…InSteps`) SLICE_MS at a time, letting input and painting in between; stops when `signal` is aborted. */
async function inSlices<T>(steps: Generator<void, T>, signal?: AbortSignal): Promise<T> {
  let started = performance.now()
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    if (performance.now() - started < SLICE_MS) continue
    await nextTask()
    signal?.throwIfAborted()
    started = performance.now()
  }
}

/**
 * Turns picked or dropped files into skill files: `.zip` archives, and the files of a folder (or
 * loose files) that the workspace takes (`importPaths`: skills, the suites, skill folders' files).
 * An archive is unpacked a slice at a time (twenty thousand entries are many short tasks), with
 * `onProgress` told how far it has come, and so is a folder's reading. An aborted `signal` stops
 * it between slices: it rejects with the signal's reason and nothing is returned.
 */
export async function readImport(
  list: readonly File[],
  onProgress?: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ImportRead> {
  const files: SkillFile[] = []
  let settings: ArchiveContents['settings']
  const problems: Message[] = []
  const leftOut: string[] = []
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const zips = list.filter((file) => /\.zip$/i.test(file.name))
  const loose = list.filter((file) => !/\.zip$/i.test(file.name))
  // Decided from the paths alone, before anything is read: a project's node_modules or src/ is
  // never read, only named.
  const { paths, outside } = importPaths(loose.map(pickedPath))
  const wanted = loose.flatMap((file, index) => {
    const path = paths[index]
    return path ? [{ file, path }] : []
  })
  // Starting a read (and the first look at a picked file's size) costs the page about a
  // millisecond per file in Chromium: a thousand-file folder is started a slice at a time, with
  // input and painting let in between, and a few reads overlap.
  const bytes = new Map<File, Promise<ArrayBuffer>>()
  let sliceStarted = performance.now()
  const readAhead = async (from: number) => {
    for (const { file } of wanted.slice(from, from + READ_AHEAD)) {
      if (performance.now() - sliceStarted > SLICE_MS) {
        await nextTask()
        signal?.throwIfAborted()
        sliceStarted = performance.now()
      }
      if (bytes.has(file) || file.size > MAX_FILE_BYTES) continue
      const read = file.arrayBuffer()
      read.catch(() => undefined) // A file that is skipped later must not report its failed read.
      bytes.set(file, read)
    }
  }
  for (const file of zips) {
    if (file.size > 50 * MAX_FILE_BYTES) {
      problems.push(message('archive.fileTooLarge', { file: file.name }))
      leftOut.push(file.name)
      continue
    }
    let shown = -1
    const result = await inSlices(
      unzipWorkspaceInSteps(new Uint8Array(await file.arrayBuffer()), (done, total) => {
        const percent = Math.floor((done / total) * 100)
        if (percent === shown) return
        shown = percent
        onProgress?.({ phase: 'unpacking', file: file.name, percent })
      }),
      signal,
    )
    if (!result.ok) problems.push(result.error)
    else {
      files.push(...result.archive.files)
      leftOut.push(...(result.archive.leftOut ?? []))
      settings = result.archive.settings ?? settings
    }
  }
  let shown = -1
  for (const [index, { file, path }] of wanted.entries()) {
    if (index % READ_AHEAD === 0) await readAhead(index)
    // A read that is done resolves in a microtask of the same task: without this, reading and
    // decoding hundreds of files that have arrived would hold the page in one task.
    if (performance.now() - sliceStarted > SLICE_MS) {
      await nextTask()
      sliceStarted = performance.now()
    }
    signal?.throwIfAborted()
    const percent = Math.floor((index / wanted.length) * 100)
    if (percent !== shown) {
      shown = percent
      onProgress?.({ phase: 'reading', file: path, percent })
    }
    if (file.size > MAX_FILE_BYTES) {
      problems.push(message('archive.fileTooLarge', { file: file.name }))
      leftOut.push(path)
      continue
    }
    try {
      files.push({ path, text: decoder.decode(await (bytes.get(file) ?? file.arrayBuffer())) })
    } catch {
      // A binary file (an image, an archive): the workspace holds text only; the report names it.
      leftOut.push(path)
    }
  }
  if (!files.some((file) => isSkillPath(file.path)) && toolSkillPaths(files.map((file) => file.path)).length === 0)
    return { ok: false, error: problems[0] ?? nothingAmong([...files.map((file) => file.path), ...leftOut, ...outside]) }
  return {
    ok: true,
    archive: {
      files,
      ...(settings ? { settings } : {}),
      ...(leftOut.length > 0 ? { leftOut } : {}),
      ...(outside.length > 0 ? { outside } : {}),
    },
  }
}

/** Files named in "no skills found" before the rest are counted only. */
const NAMED_AT_MOST = 5

/** No skills in what was picked: the message names what was seen, so the person sees why. */
function nothingAmong(seen: string[]): Message {
  if (seen.length === 0) return message('archive.nothing')
  const list = seen.slice(0, NAMED_AT_MOST).join(', ') + (seen.length > NAMED_AT_MOST ? ', …' : '')
  return message('archive.nothingAmong', { total: seen.length, list })
}

/** The path the browser gives a picked file: below and including the picked folder, or its bare name. */
function pickedPath(file: File): string {
  return (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name
}
