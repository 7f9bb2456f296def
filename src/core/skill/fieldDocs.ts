/** What each frontmatter field means (docs/skill-format.md), for editor hovers and completions. */
export const FIELD_DOCS: Record<string, { summary: string; example: string }> = {
  name: {
    summary:
      'Identity of the skill, unique in the workspace. Defaults to the folder name (or the file name for a flat .md). Agent Skills: lowercase letters, digits, hyphens; equal to the folder.',
    example: 'name: plan_and_write',
  },
  description: {
    summary:
      'One paragraph a model reads to decide whether to use the skill (progressive disclosure, LLM routing). Say what it does, when to use it and when not to. 200–400 characters; at most 1,024.',
    example: 'description: >-\n  Breaks a complex task into ordered steps. Use when … Do not use for …',
  },
  trigger_keywords: {
    summary:
      'Keyword routing input: each keyword found in the message (case-insensitive, plain text) covers its characters; final = covered / length (× 1.3 with two or more distinct keywords); wins above the threshold.',
    example: 'trigger_keywords: [规划, plan, outline]',
  },
  required_tools: {
    summary:
      'Tools visible while the skill is active. Empty means every tool. A name not in the catalog is an error and is missing at run time.',
    example: 'required_tools: [search_knowledge, file_write]',
  },
  max_rounds: {
    summary: 'Round limit while the skill is active: 1–50 (default 5). A round is one model call plus the tool calls it asks for.',
    example: 'max_rounds: 5',
  },
  entry_mode: {
    summary: 'auto (default): keyword routing may pick it. manual: never picked by keywords, only by hand.',
    example: 'entry_mode: auto',
  },
  tags: {
    summary: 'Grouping labels, shown in lists and in the progressive-disclosure catalog. A list or a comma-separated string.',
    example: 'tags: [writing, planning]',
  },
  parameters: {
    summary: 'A JSON Schema object: makes the skill callable with validated arguments (LLM routing).',
    example: 'parameters:\n  type: object\n  properties:\n    topic: { type: string }\n  required: [topic]',
  },
  group: {
    summary:
      "Grouped routing: keyword routing first picks the group whose skills' keywords match best, then the skill within it; with no group above the threshold it routes over all skills. Defaults to the folder above the skill's (skills/<group>/<skill>/SKILL.md).",
    example: 'group: data',
  },
  fallback: {
    summary: "The skill the agent switches to (its prompt and tools) when this skill's tools fail twice in one run. The trace says so.",
    example: 'fallback: offline_report',
  },
  tools: {
    summary: 'Tools declared by the skill itself, answered from their mock, so a tool can be prototyped without code.',
    example:
      'tools:\n  lookup_order:\n    description: Finds an order by id.\n    parameters: { type: object, properties: { id: { type: string } } }\n    mock: { status: shipped }',
  },
  version: {
    summary: 'Shown in lists and exports. Quote it: 1.10 unquoted is the number 1.1. (Agent Skills keep it under metadata.)',
    example: 'version: "1.2"',
  },
  license: { summary: 'Agent Skills: licence name or a reference to a bundled licence file.', example: 'license: Apache-2.0' },
  'allowed-tools': {
    summary: 'Agent Skills (experimental): a space-separated string of pre-approved tools.',
    example: 'allowed-tools: Read Bash(git:*)',
  },
  metadata: {
    summary: 'Agent Skills: a mapping of string keys to string values for client-specific properties.',
    example: 'metadata:\n  author: me\n  version: "1.0"',
  },
  compatibility: {
    summary: 'Agent Skills: environment requirements, 1–500 characters. Most skills do not need it.',
    example: 'compatibility: Needs network access',
  },
}
