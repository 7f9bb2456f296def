import type { Finding } from './types'

/**
 * How many re-linted paths an overlay carries before it is folded into a plain map: a person
 * edits a few skills between full passes, and a fold every this many keeps lookups two deep.
 */
const FOLD_AT = 64

/**
 * Findings by skill path: a full pass's map, and the few skills re-linted since (a keystroke's).
 * A keystroke in one skill of thousands makes a new result without copying thousands of entries
 * (copying the map was a visible part of every key at 5,000 skills). The re-linted paths are
 * always paths of the base map: a re-lint keeps the same skills at the same places
 * (docs/architecture.md).
 */
export class FindingsByPath implements ReadonlyMap<string, Finding[]> {
  private constructor(
    private readonly base: ReadonlyMap<string, Finding[]>,
    private readonly changed: ReadonlyMap<string, Finding[]>,
  ) {}

  static over(base: ReadonlyMap<string, Finding[]>): FindingsByPath {
    return base instanceof FindingsByPath ? base : new FindingsByPath(base, new Map())
  }

  /** These findings with `path`'s replaced; `path` must be one of them. */
  with(path: string, list: Finding[]): FindingsByPath {
    const changed = new Map(this.changed).set(path, list)
    if (changed.size < FOLD_AT) return new FindingsByPath(this.base, changed)
    return new FindingsByPath(new Map([...this.base].map(([key, value]) => [key, changed.get(key) ?? value])), new Map())
  }

  get size(): number {
    return this.base.size
  }

  get(path: string): Finding[] | undefined {
    return this.changed.get(path) ?? this.base.get(path)
  }

  has(path: string): boolean {
    return this.base.has(path)
  }

  *entries(): MapIterator<[string, Finding[]]> {
    for (const [path, list] of this.base) yield [path, this.changed.get(path) ?? list]
  }

  *keys(): MapIterator<string> {
    yield* this.base.keys()
  }

  *values(): MapIterator<Finding[]> {
    for (const [, list] of this.entries()) yield list
  }

  [Symbol.iterator](): MapIterator<[string, Finding[]]> {
    return this.entries()
  }

  forEach(callback: (value: Finding[], key: string, map: ReadonlyMap<string, Finding[]>) => void, thisArg?: unknown): void {
    for (const [path, list] of this.entries()) callback.call(thisArg, list, path, this)
  }
}
