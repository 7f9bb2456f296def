/**
 * The editor's keys wait in the store for the frame after them (`holdEdit`), and every edit says
 * which view made it (`filesOrigin`): the editor knows its own edit without comparing texts, and
 * the store's own edits of a file read the held keys as written.
 */
import { describe, expect, it } from 'vitest'
import { createPlaygroundStore } from './createPlaygroundStore'

const PATH = 'calc/SKILL.md'
const TEXT = '---\nname: calc\ndescription: Adds numbers.\n---\nAdd.\n'
const EDITOR = Symbol('editor')

const setUp = () => {
  const store = createPlaygroundStore({
    files: [
      { path: PATH, text: TEXT },
      { path: 'notes/SKILL.md', text: '---\nname: notes\ndescription: Notes.\n---\nBody.\n' },
    ],
  })
  let changes = 0
  store.subscribe((state, previous) => {
    if (state.files !== previous.files) changes += 1
  })
  const text = (path = PATH) => store.getState().files.find((file) => file.path === path)?.text
  /** Whether the files as they are now were made by the editor's own edit. */
  const byEditor = () => {
    const { filesOrigin, files } = store.getState()
    return filesOrigin?.files === files && filesOrigin.origin === EDITOR
  }
  return { store, text, byEditor, changes: () => changes }
}

describe('held edits and their origin', () => {
  it('a held key notifies nobody; written, it changes the files once, named as the editor’s own', () => {
    const { store, text, byEditor, changes } = setUp()
    store.getState().holdEdit(PATH, TEXT + 'a', EDITOR)
    store.getState().holdEdit(PATH, TEXT + 'ab', EDITOR)
    expect(changes()).toBe(0)
    expect(text()).toBe(TEXT)
    store.getState().writeHeldEdits()
    expect(text()).toBe(TEXT + 'ab')
    expect(changes()).toBe(1)
    expect(byEditor()).toBe(true)
    // Nothing is left to write.
    store.getState().writeHeldEdits()
    expect(changes()).toBe(1)
  })

  it('every other change is not the editor’s: the form, an edit without an origin, a new skill', () => {
    const { store, byEditor } = setUp()
    store.getState().holdEdit(PATH, TEXT + 'typed', EDITOR)
    store.getState().writeHeldEdits()
    expect(byEditor()).toBe(true)
    store.getState().addSkill()
    expect(byEditor()).toBe(false)
    store.getState().holdEdit(PATH, TEXT + 'typed more', EDITOR)
    store.getState().writeHeldEdits()
    expect(byEditor()).toBe(true)
    store.getState().updateText(PATH, TEXT)
    expect(byEditor()).toBe(false)
    store.getState().setSkillField(PATH, 'description', 'Adds.')
    expect(byEditor()).toBe(false)
  })

  it('the form’s edit of a file with held keys reads them as written: both are kept', () => {
    const { store, text, byEditor } = setUp()
    store.getState().holdEdit(PATH, TEXT.replace('Add.', 'Add them.'), EDITOR)
    expect(store.getState().setSkillField(PATH, 'description', 'Adds two numbers.')).toBe(true)
    expect(text()).toBe(TEXT.replace('Add.', 'Add them.').replace('Adds numbers.', 'Adds two numbers.'))
    expect(byEditor()).toBe(false)
    // The held keys were written before the form's edit, not after it.
    store.getState().writeHeldEdits()
    expect(text()).toContain('Adds two numbers.')
  })

  it('keywords added and the body set while keys are held keep the keys', () => {
    const { store, text } = setUp()
    store.getState().holdEdit(PATH, TEXT.replace('Add.', 'Add them.'), EDITOR)
    expect(store.getState().addKeywords(PATH, ['sum'])).toBe(true)
    expect(text()).toContain('Add them.')
    expect(text()).toContain('sum')
    store.getState().holdEdit(PATH, text()!.replace('name: calc', 'name: calc # typed'), EDITOR)
    store.getState().setSkillBody(PATH, 'New body.\n')
    expect(text()).toContain('name: calc # typed')
    expect(text()).toContain('New body.')
  })

  it('a skill renamed while keys are held for it takes the keys along', () => {
    const { store, text } = setUp()
    store.getState().holdEdit(PATH, TEXT.replace('Add.', 'Add them.'), EDITOR)
    expect(store.getState().renameSkill(PATH, 'adder')).toBeNull()
    expect(text(PATH)).toBeUndefined()
    expect(text('adder/SKILL.md')).toContain('Add them.')
    expect(text('adder/SKILL.md')).toContain('name: adder')
  })

  it('keys held for another file, or by another view, are written first, in the order typed', () => {
    const { store, text } = setUp()
    const order: string[] = []
    store.subscribe((state, previous) => {
      const changed = state.files.find((file, at) => file !== previous.files[at])
      if (changed) order.push(changed.path)
    })
    const other = Symbol('another view')
    store.getState().holdEdit(PATH, TEXT + 'one', EDITOR)
    store.getState().holdEdit('notes/SKILL.md', 'notes typed', EDITOR)
    store.getState().holdEdit('notes/SKILL.md', 'notes typed by another view', other)
    expect(order).toEqual([PATH, 'notes/SKILL.md'])
    store.getState().writeHeldEdits()
    expect(text('notes/SKILL.md')).toBe('notes typed by another view')
    expect(store.getState().filesOrigin?.origin).toBe(other)
  })
})
