/** Whether this device has seen the first-visit guide (so it opens once, not on every visit). */
const KEY = 'skill-playground:guide-seen'

export function guideSeen(): boolean {
  try {
    return localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

export function markGuideSeen(): void {
  try {
    localStorage.setItem(KEY, '1')
  } catch {
    // Then the guide shows again next time; it is skippable.
  }
}
