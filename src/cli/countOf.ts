/** "1 trial", "3 trials": a count with its noun, singular for one (the CLI's text output is English). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`
}
