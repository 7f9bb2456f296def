import { strToU8 } from 'fflate'

/**
 * The preset deflate dictionary of share format s1: text that SKILL.md payloads repeat (the
 * JSON wrapper, frontmatter keys, tool names, common phrases). It makes a link for one skill
 * 15–20 % shorter. It is part of the format: changing it breaks every s1 link, so a new
 * dictionary needs a new format version.
 */
export const SHARE_DICTIONARY_S1 = strToU8(
  '{"kind":"workspace","skills":[{"path":"/SKILL.md","text":"---\\nname: \\ndescription: >-\\n  Use it when the user asks. Do not use it for \\ntrigger_keywords: [\\nrequired_tools: [calculator, current_datetime, file_read, file_write, file_list, search_knowledge, execute_sql, web_search, web_fetch, get_weather, extract_structured]\\nmax_rounds: 5\\nentry_mode: auto\\ntags: [\\nparameters:\\n  type: object\\n  properties:\\n    \\n      type: string\\n      description: \\n  required: [\\n---\\n\\n## You are \\n\\n1. \\n2. \\n- 不用于 不适用于 适用于 当用户 请勿 工具 调用 技能 用户 "}],"utterance":"',
)
