export { crc32, decodeShare, encodeShare, MAX_SHARE_BYTES, SHARE_VERSION } from './shareCodec'
export type { DecodeResult, SharePayload } from './shareCodec'
export { archivePath, MAX_ARCHIVE_BYTES, unzipWorkspace, unzipWorkspaceInSteps, zipWorkspace } from './workspaceArchive'
export type { ArchiveContents, UnzipResult, WorkspaceArchive } from './workspaceArchive'
export { mergeResources } from './mergeResources'
export type { ToolResources } from './mergeResources'
export { isLocalAddress, normalizePublicAddress, shareAddresses } from './publicAddress'
export type { ShareAddresses } from './publicAddress'
export { mergeIncoming, mergeIncomingInSteps } from './mergeIncoming'
export type { IncomingMerge } from './mergeIncoming'
export { importPaths } from './importPaths'
export type { ImportPaths } from './importPaths'
export { LONG_LINK_CHARS, packShare, unpackShare } from './shareCodec'
export {
  decodeRunFile,
  decodeRunShare,
  encodeRunShare,
  MAX_RUN_LINK_CHARS,
  readSharedRun,
  RUN_FILE_FORMAT,
  runShareFile,
  sharedRunOf,
} from './runShareCodec'
export type { RunDecodeResult, SharedRun } from './runShareCodec'
export { readTraceEvent, skillFilesNamed, skillsUsedIn } from './runShareCodec'
export {
  decodeEvalCaseFile,
  decodeEvalCaseShare,
  encodeEvalCaseShare,
  EVAL_CASE_FILE_FORMAT,
  evalCaseShareFile,
  readSharedEvalCase,
  sharedEvalCaseOf,
} from './evalCaseShareCodec'
export type { EvalCaseDecodeResult, SharedCaseSettings, SharedEvalCase, SharedTrial } from './evalCaseShareCodec'
export {
  canonicalStoredLink,
  DEFAULT_SHARE_MAX_BYTES,
  isShortLinkId,
  MAX_SHORT_LINK_CHARS,
  readShortLinkFragment,
  SHORT_LINK_PREFIX,
  SHORT_LINKS_PATH,
  shortLinkFragment,
} from './shortLink'
export type { ShortLinkOffer, StoredLinkCheck } from './shortLink'
export { mergeEvalFiles, skillTestsForLink } from './skillTestsForLink'
