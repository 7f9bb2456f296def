export {
  AUTOSAVE_DELAY_MS,
  decodeSavedWorkspace,
  encodeSavedWorkspace,
  readFiles,
  readKnowledge,
  readThreshold,
  readToolMocks,
  readVirtualFiles,
  SAVED_FIELDS,
  SAVED_WORKSPACE_VERSION,
} from './savedWorkspace'
export type {
  DecodedWorkspace,
  EncodedWorkspace,
  ModelChoice,
  SavedField,
  SavedWorkspace,
  SharedDraft,
  SkillVersion,
} from './savedWorkspace'
export { mergeSavedWorkspaces, sameSavedWorkspace } from './mergeSavedWorkspaces'
export type { WorkspaceMerge } from './mergeSavedWorkspaces'
export { mergeText, MAX_MERGED_TEXT } from './mergeText'
export type { TextMerge } from './mergeText'
export { decideIncoming, diskPathProblem, folderFileFilter, isFolderFile, keepLineEndings, planDiskChanges } from './diskFolder'
export type { DiskChange, DiskConflict, DiskFileState, DiskWriteResult, FolderEvent } from './diskFolder'
export { otherFilePaths } from './otherFiles'
export { NO_REFERENCES, renameReferences } from './renameReferences'
export type { RenameCounts, RenamedReferences } from './renameReferences'
export { readUnsettledEdits, restoreUnsettledEdits, unsettledEdits } from './unsettledEdits'
export type { RestoredEdits, UnsettledEdit } from './unsettledEdits'
export {
  addEvalCase,
  addEvalCases,
  checkDraft,
  draftExpect,
  draftFromRun,
  draftOfCase,
  evalCaseFingerprint,
  evalCaseIndexAt,
  findEvalCase,
  FORM_ASSERTIONS,
  keyPhrase,
  openEvalCase,
  otherExpectations,
  removeEvalCase,
  replaceEvalCase,
} from './editEvalCases'
export type { DraftAssertion, EvalCaseDraft, EvalCaseIdentity, FormAssertionKind, OpenedEvalCase } from './editEvalCases'
export {
  apply,
  changedSince,
  descriptionRouterInSteps,
  descriptionRouterOf,
  emptySnapshot,
  fileIndexOf,
  groupedRouterOf,
  lintInSteps,
  lintOf,
  routerInSteps,
  routeCasesInSteps,
  routerOf,
  routingTestsInSteps,
  routingTestsOf,
  skillAt,
  skillOrderOf,
  snapshotOf,
  suiteOf,
  textOf,
  workspaceInSteps,
  workspaceOf,
} from './workspaceSnapshot'
export type { LintSettings, RoutingSuite, WorkspaceEdit, WorkspaceSnapshot } from './workspaceSnapshot'
