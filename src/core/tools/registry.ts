import { calculator } from './calculator'
import { currentDatetime } from './currentDatetime'
import { executeSql } from './executeSql'
import { fileList, fileRead, fileWrite } from './fileTools'
import { extractStructured, getWeather, webFetch, webSearch } from './mockTools'
import { searchKnowledge } from './searchKnowledge'
import type { ToolDefinition } from './types'

/** The built-in tools that run in the page, by name. */
export const BUILTIN_TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  calculator,
  currentDatetime,
  fileRead,
  fileWrite,
  fileList,
  searchKnowledge,
  executeSql,
  webSearch,
  webFetch,
  getWeather,
  extractStructured,
]
