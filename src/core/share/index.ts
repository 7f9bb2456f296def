export { crc32, decodeShare, encodeShare, MAX_SHARE_BYTES, SHARE_VERSION } from './shareCodec'
export type { DecodeResult, SharePayload } from './shareCodec'
export { archivePath, MAX_ARCHIVE_BYTES, unzipWorkspace, zipWorkspace } from './workspaceArchive'
export type { UnzipResult, WorkspaceArchive } from './workspaceArchive'
