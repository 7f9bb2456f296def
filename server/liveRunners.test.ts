/** The server runs for real exactly the built-in tools described with a live version (core/tools/builtinTools.ts). */
import { describe, expect, it } from 'vitest'
import { LIVE_BUILTIN_TOOL_NAMES } from '../src/core/tools/builtinTools'
import { LIVE_RUNNERS, liveToolSettingsFrom, serverTools } from './toolsApi'

describe('the server’s live built-in tools', () => {
  it('have a runner for each tool whose descriptor has a live version, and no other', () => {
    expect(Object.keys(LIVE_RUNNERS).sort()).toEqual([...LIVE_BUILTIN_TOOL_NAMES].sort())
  })

  it('are each listed, as offered or as unavailable with a reason', () => {
    const listing = serverTools(liveToolSettingsFrom({}), null)
    const named = [...listing.live.map((tool) => tool.name), ...listing.unavailable.map((entry) => entry.name)]
    expect(named.sort()).toEqual([...LIVE_BUILTIN_TOOL_NAMES].sort())
  })
})
