/**
 * A model's label, saying once that its answers are simulated: the scripted model's own label
 * already says "(offline)", so "Scripted (offline, simulated)", never "Scripted (offline) (simulated)".
 */
export function simulatedLabel(label: string, simulated: boolean): string {
  if (!simulated || /\bsimulated\b/i.test(label)) return label
  return label.endsWith(')') ? `${label.slice(0, -1)}, simulated)` : `${label} (simulated)`
}
