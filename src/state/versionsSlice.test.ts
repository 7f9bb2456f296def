import { describe, expect, it } from 'vitest'
import { beforeRestoringLabel, restoredFrom } from './versionsSlice'

describe('the label a restore gives the text it replaces (issue 35 defect 4)', () => {
  it('is read back, so the page can say it in its own language (VersionsControl shows shownLabels.beforeRestoring)', () => {
    expect(restoredFrom(beforeRestoringLabel('v1 草稿'))).toBe('v1 草稿')
    expect(restoredFrom(beforeRestoringLabel(beforeRestoringLabel('v1')))).toBe(beforeRestoringLabel('v1'))
    expect(restoredFrom('Before the launch')).toBeNull()
  })
})
