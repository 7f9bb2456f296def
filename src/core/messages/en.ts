/**
 * The core's user-facing text in English: lint messages and explanations, routing verdicts, name
 * rules. Keys are stable; `{{name}}` marks a value filled in. The UI reads this catalog through
 * i18next (namespace `core`), the CLI through `formatMessage`. zh.ts has the same keys.
 */
export const en = {
  lint: {
    'yaml-comment-cuts-value': {
      explanation:
        'In YAML, " #" starts a comment. An unquoted value with " #" in it is silently cut there by every parser (PyYAML, js-yaml, yaml).',
      message: '"{{key}}" is cut at " #": everything after it is a YAML comment, not part of the value.',
      fix: 'Quote the whole value of {{key}}',
    },
    'yaml-boolean-word': {
      explanation:
        'YAML 1.1 parsers such as PyYAML read unquoted yes/no/on/off as booleans, so a skill that loads here may get `true` as its name elsewhere.',
      message: '"{{key}}" "{{raw}}" is a boolean to YAML 1.1 parsers (PyYAML); quote it.',
      item: 'An item of "{{key}}" "{{raw}}" is a boolean to YAML 1.1 parsers (PyYAML); quote it.',
      fix: 'Quote "{{raw}}"',
    },
    'yaml-number-as-text': {
      explanation:
        'Unquoted numbers lose their written form: `version: 1.10` is the number 1.1, `012` is 12 or 10 depending on the parser. Quote values that are text.',
      message: '"{{key}}: {{raw}}" is read as a number ({{number}}); quote it to keep "{{raw}}".',
      fix: 'Quote "{{raw}}"',
    },
    'yaml-date': {
      explanation:
        'PyYAML and js-yaml 3 (gray-matter) turn an unquoted 2025-01-15 into a date object, which is not text and does not survive JSON.',
      message: '"{{key}}: {{raw}}" becomes a date in other YAML parsers; quote it.',
      fix: 'Quote "{{raw}}"',
    },
    'yaml-fullwidth-colon': {
      explanation:
        'YAML needs an ASCII colon ":" after a field name. A full-width "：" (Chinese input) makes the whole line plain text, so the field is not read at all.',
      message: '"{{key}}" is followed by a full-width "：", so YAML does not see a field here.',
      fix: 'Use ":" after {{key}}',
    },
    'yaml-flow-style': {
      explanation:
        'The Agent Skills reference validator (skills-ref) reads frontmatter with a strict YAML subset that has no inline [a, b] or {a: b} forms, so it rejects the file. Write a list as lines starting with "- " and a mapping as indented "key: value" lines.',
      message:
        'Written inline ([…] or {…}): the Agent Skills reference validator rejects this form; use one "- item" or "key: value" per line.',
    },
    'yaml-anchor-or-tag': {
      explanation:
        'Anchors (&name), aliases (*name) and explicit tags (!!str) are YAML features the Agent Skills reference validator does not accept, and readers of the file easily miss them. Write each value out in full.',
      anchor: 'An anchor (&…) is YAML the Agent Skills reference validator rejects; write the value out where it is used.',
      alias: 'An alias (*…) repeats another value; the Agent Skills reference validator rejects it. Write the value out in full.',
      tag: 'An explicit tag (!…) is YAML the Agent Skills reference validator rejects; quote the value instead.',
    },
    'file-starts-with-bom': {
      explanation:
        'The public validators (quick_validate.py, skills-ref) require the file to start with "---"; a byte-order mark makes them report "No YAML frontmatter found".',
      message: 'The file starts with a byte-order mark; other tools will not find the frontmatter.',
      fix: 'Remove the byte-order mark',
    },
    'frontmatter-missing': {
      explanation:
        'Without frontmatter a skill has no description and no keywords: it can only be picked by hand. Public Agent Skills require name and description.',
      message: 'This file has no frontmatter (--- name, description … ---).',
      fix: 'Add a frontmatter block',
    },
    'name-missing': {
      explanation:
        'Without `name` the skill is named after its folder. Public Agent Skills require a name, and it must equal the folder name.',
      message: 'No "name": the skill is called "{{name}}" after its file.',
    },
    'name-format': {
      explanation:
        'Agent Skills names are 1–64 characters of lowercase a–z, 0–9 and single hyphens (no leading/trailing hyphen). Clients skip skills whose names do not fit.',
      message: '"{{name}}" is not a valid Agent Skills name (lowercase letters, digits and single hyphens, at most 64).',
      fix: 'Rename to "{{fixed}}"',
    },
    'name-matches-folder': {
      explanation:
        'The Agent Skills specification requires `name` to equal the parent folder; VS Code and other clients look skills up by folder.',
      message: 'The name "{{name}}" differs from its folder "{{folder}}".',
      fix: 'Set name to "{{folder}}"',
      fixFolder: 'Rename the folder to "{{name}}"',
    },
    'description-missing': {
      explanation:
        'The description is what a model reads to decide whether to use the skill (progressive disclosure, LLM routing). Clients skip skills without one.',
      message: 'No description: a model has nothing to decide on.',
    },
    'description-too-long': {
      explanation:
        'Descriptions over 1,024 characters are rejected by Claude Desktop and skipped by Claude Code ("Skill description is too long").',
      message: 'The description is {{length}} characters; the limit is 1,024.',
    },
    'description-length': {
      explanation:
        '200–400 characters is the sweet spot: long enough to say when and when not to use the skill, short enough to keep many skills in one prompt.',
      short: 'The description is {{length}} characters; 200–400 tells a model more about when to use it.',
      long: 'The description is {{length}} characters; above 400 it crowds the prompt when many skills are listed.',
    },
    'description-when-not': {
      explanation: 'Saying when NOT to use a skill ("Do not use for …", "不适用于 …") is what stops a model from picking it at the edges.',
      message: 'The description never says when not to use the skill.',
    },
    'description-point-of-view': {
      explanation:
        'Descriptions are read by a model choosing among skills: third person or imperative ("Summarises …", "Use when …") works best; "I" and "my" read as the user talking.',
      message: 'The description is written in the first person; describe the skill instead ("Summarises …, use when …").',
    },
    'description-angle-brackets': {
      explanation:
        'Anthropic\'s validator rejects "<" and ">" in descriptions, and Claude Code escapes them; XML-like tags are banned on the platform.',
      message: 'The description contains "<" or ">".',
    },
    'required-tool-unknown': {
      explanation: 'A tool in `required_tools` that is neither built in nor declared under `tools` will be missing when the skill runs.',
      message: '"{{tool}}" is not a tool here. Known: {{known}}.',
      fix: 'Change to "{{tool}}"',
    },
    'unknown-key': {
      explanation:
        'Public Agent Skills accept only name, description, license, compatibility, metadata and allowed-tools; packaging fails on any other key ("Unexpected key(s) in SKILL.md frontmatter").',
      strict: '"{{key}}" is not an Agent Skills field.',
      app: '"{{key}}" is not a field this app reads; it is kept as written.',
      client: '{{client}} does not read "{{key}}"; it ignores it.',
    },
    'version-under-metadata': {
      explanation: 'The Agent Skills specification has no top-level `version`; its example keeps it under `metadata`.',
      message: '`version` belongs under `metadata` in Agent Skills.',
      fix: 'Move version under metadata',
    },
    'allowed-tools-form': {
      explanation: 'Agent Skills `allowed-tools` is one space-separated string ("Read Bash(git:*)"); strict validators reject a YAML list.',
      message: '`allowed-tools` should be a space-separated string, not a list.',
      fix: 'Join into one string',
    },
    'compatibility-length': {
      explanation: 'Agent Skills `compatibility` is 1–500 characters.',
      notText: '`compatibility` is one line of text in Agent Skills, not a list or a mapping.',
      message: 'compatibility is {{length}} characters; the limit is 500.',
    },
    'parameters-shorthand': {
      explanation:
        'Properties written straight under `parameters` (with `required` beside them, and `items: number`) are read as the JSON Schema they mean. Other tools that read SKILL.md expect the full schema: `type: object`, `properties`, `required`.',
      message: 'parameters is written in shorthand; it is read as {{schema}}.',
      fix: 'Write the full JSON Schema',
    },
    'parameters-schema': {
      explanation:
        '`parameters` is a JSON Schema: an object with `type: object`, `properties` that are schemas, and `required` naming existing properties. A broken schema makes every call fail validation.',
      message: 'parameters is not a valid JSON Schema: {{problems}}.',
      topType: 'the top-level type is "{{type}}", not "object"',
      propertiesNotMapping: '"properties" is not a mapping',
      propertyNotSchema: 'property "{{name}}" is not a schema',
      propertyType: 'property "{{name}}" has an unknown type "{{type}}"',
      itemsString: 'property "{{name}}": "items" must be a schema like {type: {{items}}}, not "{{items}}"',
      requiredNotList: '"required" is not a list',
      requiredMissing: '"{{name}}" is required but not in properties',
    },
    'body-empty': {
      explanation: 'The body becomes the system prompt while the skill is active; an empty one falls back to the default prompt.',
      message: 'The body is empty: the skill has no instructions.',
    },
    'body-too-long': {
      explanation: 'Agent Skills guidance: keep SKILL.md under 500 lines; move details to referenced files the model reads when needed.',
      message: 'The body is {{lines}} lines; keep it under 500.',
    },
    'keyword-empty': {
      explanation: 'An empty keyword never matches anything.',
      message: 'This keyword is empty and never matches.',
      fix: 'Remove the empty keyword',
    },
    'keyword-duplicate': {
      explanation: 'Keywords are compared lowercased; a repeat adds nothing to the score.',
      message: '"{{keyword}}" repeats "{{first}}".',
      fix: 'Remove the repeated "{{keyword}}"',
    },
    'keyword-fullwidth-separator': {
      explanation:
        'In a YAML list only the ASCII comma "," separates items. "退款，退货" with a full-width "，" (or "、", "；", "：", an ideographic space) is ONE keyword, so "退货" alone never matches, and nothing else says so.',
      message: '"{{keyword}}" is one keyword: "{{separator}}" does not separate list items in YAML.',
      fix: 'Split into {{count}} keywords',
    },
    'keyword-nested': {
      explanation:
        'A keyword inside another keyword of the same skill ("规划" in "规划一下") matches whenever the longer one does, so it earns the ×1.3 multi-keyword bonus from a single phrase.',
      message: '"{{inner}}" is inside "{{outer}}": typing "{{outer}}" counts as two keywords and earns the ×1.3 bonus.',
    },
    'keyword-too-short': {
      explanation:
        'A one-character keyword (or a two-letter Latin one) matches inside unrelated words and messages, so the skill fires where it should not.',
      message: '"{{keyword}}" is too short to be specific: it matches inside many unrelated messages.',
    },
    'keywords-missing': {
      explanation:
        'An auto skill without trigger_keywords is never chosen by keyword routing; only progressive disclosure or LLM routing can find it.',
      message: 'No trigger_keywords: keyword routing never picks this skill.',
    },
    'keywords-few': {
      explanation:
        'With a single keyword the ×1.3 bonus never applies and short messages must be almost entirely that keyword to pass 0.3.',
      message: 'Only one trigger keyword: add synonyms (Chinese and English) users actually type.',
    },
    'keyword-shared': {
      explanation:
        'The same keyword in two skills makes them compete: the one with more coverage wins, and ties go to load order, rarely what either author meant.',
      message: '"{{keyword}}" is also a keyword of {{others}}.',
      messageMore: '"{{keyword}}" is also a keyword of {{names}} and {{count}} more.',
    },
    'duplicate-name': {
      explanation: 'Skill names identify skills (load_skill, LLM routing, the CLI); two skills with one name cannot both be reached.',
      message: 'Another skill is also named "{{name}}" ({{others}}).',
    },
    'fallback-unknown': {
      explanation:
        'When a skill’s tools fail twice in a run, the agent switches to its `fallback` skill (its prompt and tools). A fallback that names no skill here never takes over, so the run just stops.',
      message: 'fallback "{{fallback}}" is not a skill in this workspace (skills: {{names}}).',
      self: 'fallback names this skill itself ({{name}}); name another skill to switch to.',
    },
    'catalog-too-large': {
      explanation:
        'Past about 30 skills a model picking from one list gets worse. Group skills, or route in two steps (group, then skill).',
      message: '{{count}} skills in one workspace: over {{limit}}, consider grouping them.',
    },
    // Problems found while parsing (their messages come from the parser).
    'frontmatter-syntax': {
      explanation:
        'The frontmatter is not valid YAML, so none of its fields are read and the skill falls back to defaults. Values containing ": " or starting with [ { * & ! | > % @ need quotes.',
      fix: 'Quote the value',
    },
    'frontmatter-shape': { explanation: 'Frontmatter must be a mapping of "field: value" lines.' },
    'field-type': { explanation: 'The field has the wrong type; the default is used instead.' },
    'field-value': { explanation: 'The value is not one of those the field accepts; the default is used instead.' },
    'field-coerced': {
      explanation:
        'A single value where a list is expected, or a number where text is expected, is converted. Other tools may not convert it.',
    },
    'max-rounds-range': { explanation: 'max_rounds must be 1 to 50; the nearest allowed value is used.' },
    // Client profiles, client fields and listing budgets (docs/clients.md).
    'client-field': {
      explanation:
        'Some clients read fields beyond the Agent Skills standard (Claude Code: model, context, hooks, …; Copilot in VS Code: argument-hint, …). Other clients ignore them: the skill still loads, so it is a warning, never an error.',
      message: '"{{key}}" is a {{owners}} field; {{client}} ignores it.',
    },
    'claude-code-field-value': {
      explanation:
        'Claude Code reads its own fields only in the forms it documents; another value is ignored or misread (a quoted "true" is text, not a boolean).',
      message: '"{{key}}" is not a value {{client}} reads here: expected {{expected}}.',
      fix: 'Write {{value}} unquoted',
    },
    'name-reserved-word': {
      explanation: 'The Claude API refuses to upload a skill whose name contains "anthropic" or "claude".',
      message: 'The name "{{name}}" contains the reserved word "{{word}}": the Claude API refuses it.',
    },
    'xml-tag': {
      explanation: 'The Claude API refuses a name or description that contains an XML tag.',
      message: 'The {{key}} contains the XML tag {{tag}}: the Claude API refuses it.',
    },
    'upload-size': {
      explanation: 'A skill uploaded to the Claude API must be under 30 MB, all its files together, uncompressed.',
      message: 'This skill’s folder is {{megabytes}} MB; the Claude API takes at most {{limit}} MB.',
    },
    'metadata-map': {
      explanation:
        'In the Agent Skills standard `metadata` maps names to strings (version: "1.0"). Lists, nested mappings and unquoted numbers are read differently by different tools.',
      message: '`metadata` should be a mapping of names to strings.',
    },
    'metadata-value': {
      explanation:
        'The Agent Skills reference validator reads every metadata value as text; YAML readers elsewhere read an unquoted 1.10 as the number 1.1, and true as a boolean. Quoting keeps the value as written everywhere.',
      message: '`metadata.{{key}}` is not a string: quote it.',
      fix: 'Quote the value',
    },
    'codex-sidecar': {
      explanation:
        'Codex reads agents/openai.yaml beside SKILL.md: interface (display_name, short_description, icons, brand_color, default_prompt), policy.allow_implicit_invocation and dependencies.tools.',
      message: '{{file}}: {{problem}}.',
    },
    'catalog-cut': {
      explanation:
        'Each client shows its model a bounded listing of skills. A description the listing shortens or drops no longer tells the model when to use the skill. See the Catalog budget view.',
      shortened:
        '{{client}} shows {{shown}} of this description’s {{total}} characters (its listing budget is {{budget}} for {{skills}} skills).',
      'name-only':
        '{{client}} lists only this skill’s name: its description does not fit the listing budget ({{budget}} for {{skills}} skills).',
      omitted: '{{client}} leaves this skill out of its listing: even its name does not fit the budget ({{budget}} for {{skills}} skills).',
    },
  },
  verdict: {
    winner: 'Wins: {{final}} > threshold {{threshold}}',
    manual: 'Manual entry: only picked by hand, never by keywords',
    noMatch: 'No keyword matched',
    cannotPass: 'Below the threshold: cannot pass {{threshold}} with {{length}} characters, even fully covered',
    needsCovered: 'Below the threshold: needs covered ≥ {{needed}} of {{length}} for this input (has {{covered}})',
    lostTie: 'Lost a tie to {{winner}} (earlier in load order)',
    outscored: 'Above the threshold, but {{winner}} scores higher ({{winnerFinal}})',
  },
  skillName: {
    empty: 'A name cannot be empty.',
    invalid: 'Use letters, digits, "-" or "_" (the name becomes the folder name).',
    unusable: '"{{name}}" cannot be used as a skill name.',
    taken: 'A skill named "{{name}}" already exists.',
    gone: 'That skill no longer exists.',
  },
  share: {
    newer: 'This link was made by a newer Skill Playground (format {{version}}); this one reads format {{supported}}. Nothing was loaded.',
    unknownFormat: 'This link uses an unknown format. Nothing was loaded.',
    damaged:
      'This link is damaged (its parts are missing or contain unexpected characters): it may have been cut or changed when it was copied. Nothing was loaded.',
    tooLarge: "This link's content is too large ({{length}} bytes; the limit is {{limit}}). Nothing was loaded.",
    truncated: 'This link looks truncated: its content cannot be unpacked. Ask for the link again, or for the file. Nothing was loaded.',
    altered: 'This link looks truncated or altered: its checksum does not match. Nothing was loaded.',
    notOurs: 'This link does not contain Skill Playground content. Nothing was loaded.',
  },
  archive: {
    tooLarge: 'This zip unpacks to more than 50 MB; nothing was imported.',
    notZip: 'This file is not a readable zip; nothing was imported.',
    badJson: '{{file}} in this zip is not valid JSON; nothing was imported.',
    badSettings: '{{file}} in this zip cannot be read ({{reason}}). Nothing was imported.',
    noSkills: 'This zip has no SKILL.md files (expected skills/<name>/SKILL.md).',
    fileTooLarge: '{{file}} is too large',
    nothing: 'No skills found: pick SKILL.md or .md files, a skills folder, or a .zip.',
    nothingAmong:
      'No skills found among the files picked ({{total}}: {{list}}). Pick SKILL.md or .md files, a folder of skills, or a .zip.',
  },
  saved: {
    notRecord: 'The saved workspace is damaged (it is not a workspace record).',
    badVersion: 'The saved workspace is damaged (its format version is unreadable).',
    newer: 'The saved workspace was written by a newer Skill Playground (format {{version}}; this one reads up to {{supported}}).',
    badFiles: 'The saved workspace is damaged (its skill files are unreadable).',
    notJson: 'The saved workspace is damaged (it is not valid JSON).',
    keptAside: '{{reason}} It is kept aside unchanged: download it from the banner. The example skills were loaded instead.',
    cannotRead: 'Could not read the saved workspace ({{detail}}); the example skills were loaded instead.',
    full: 'Browser storage is full: your latest changes are not saved. Export the workspace to keep them.',
    cannotSave: 'Changes cannot be saved in this browser ({{detail}}). Export the workspace to keep them.',
    reset: 'Some saved settings could not be read and were reset: {{fields}}. Your skills are loaded.',
    otherTab: 'Updated with changes made in another tab.',
    mergedOtherTab: 'Merged with changes saved in another tab; your edits are kept.',
  },
  evals: {
    yaml: '{{message}}',
    notList: 'Write a list of cases (or "cases:" with a list): - name: …  utterance: "…"  expect: {skill: …}',
    badTrials: '"trials" must be a whole number from 1 to 100.',
    caseShape: 'Case {{case}} must be a mapping with "utterance" (or "turns") and "expect".',
    unknownKey: '"{{key}}" is not a key here; known keys: {{known}}.',
    needsUtterance: '{{case}} needs an "utterance" text or a list of "turns".',
    badFiles: '"files" must map file paths to their text.',
    badMode: '"mode" must be one of {{modes}}.',
    duplicateName: 'Two cases are called "{{name}}": give each its own name so results can be told apart.',
    expectShape: '"expect" must be a mapping of assertions, e.g. {skill: weather, tools_called: [get_weather]}.',
    badValue: {
      skill: '"{{key}}" must be a skill name, or null for "no skill".',
      list: '"{{key}}" must be a list of texts.',
      regex: '"{{key}}" must be a regular expression.',
      toolArgs: '"{{key}}" must map each tool name to the arguments it is called with.',
      schema: '"{{key}}" must be a JSON Schema object.',
      count: '"{{key}}" must be a whole number.',
    },
    badRegex: '"{{regex}}" is not a valid regular expression.',
    badJson: 'evals.json is not JSON: {{message}}',
    skillCreatorShape: 'evals.json should look like {"skill_name": "…", "evals": [{"prompt": "…", "expectations": ["…"]}]}.',
    needsPrompt: 'Eval {{case}} needs a "prompt" text.',
    skillCreatorFiles: 'Eval {{case}}: "files" is a list of paths relative to the skill\'s folder.',
    skillCreatorMissingFile: 'Eval {{case}}: file "{{file}}" is not in the skill\'s folder (as a text file), so the run could not read it.',
    unknownSkill: 'The evals name the skill "{{skill}}", which is not among the skills ({{skills}}).',
    triggerSet:
      'This is a trigger eval set ([{"query", "should_trigger"}]): run it with `skill-playground triggers --set <file>` or in the Tests tab.',
    unknownFormat:
      'Not an eval file this app reads: evals.yaml (cases), skill-creator\'s evals.json ({"skill_name", "evals"}) or waza\'s eval.yaml ({"skill", "tasks"}).',
    wazaShape: 'waza\'s eval.yaml should have "skill" and "tasks" (task files or inline tasks).',
    wazaTask: 'Task {{task}} needs a prompt ("inputs.prompt", or "prompt").',
    wazaTaskFile: 'No task file matches "{{pattern}}" beside the eval.yaml.',
    wazaTaskYaml: 'The task file {{file}} could not be read: {{message}}',
    wazaFile: 'Task {{task}}: the file "{{file}}" is not in {{folder}}.',
    wazaUnsupported: 'Task {{task}}: {{what}} is not supported here and is not checked.',
  },
  suite: {
    notList: 'Write a list of cases: - utterance: "…"  expect: skill_name (or null)',
    needsUtterance: 'Case {{case}} needs an "utterance" text.',
    badExpect: 'Case {{case}}: "expect" must be a skill name or null.',
    empty: 'Type an utterance first.',
    duplicate: '"{{utterance}}" is already a test case.',
    unreadable: 'routing-tests.yaml does not parse right now: fix it in the editor first.',
  },
  run: {
    sticky: '{{skill}} stays active for the rest of the conversation (sticky skill).',
    keywordWins: '{{skill}} wins keyword routing: {{verdict}}',
    groupWins: 'Grouped routing: group {{group}} wins, then {{skill}} within it: {{verdict}}',
    groupFellBack:
      'Grouped routing: no group (or no skill in the winning group) passes the threshold, so all skills are routed: {{skill}} wins: {{verdict}}',
    noneClosest: 'No skill activates. Closest: {{skill}}: {{verdict}}',
    noneMatched: 'No keyword of any skill matched.',
    progressive: 'Progressive disclosure: the model sees {{count}} skill descriptions and may load one.',
    off: 'Routing off: one default prompt with every tool.',
    llmNotJson: "LLM routing: the model's answer is not JSON, so no skill is used. It said: {{text}}",
    llmNone: 'LLM routing: the model chose no skill.',
    llmUnknown: 'LLM routing: the model chose "{{skill}}", which is not a skill here; no skill is used.',
    llmChose: 'LLM routing chose {{skill}}.',
    llmInvalid: 'LLM routing chose {{skill}}, but its arguments are invalid ({{problem}}); no skill is used.',
    llmValid: 'LLM routing chose {{skill}} with valid arguments {{args}}.',
    routingFailed: 'The routing call failed: {{error}}',
    abortedBefore: 'Aborted before round {{round}}.',
    abortedAnswering: 'Aborted while the model was answering; what arrived is kept above.',
    aborted: 'Aborted; what arrived is kept above.',
    abortedTool: 'Aborted during a tool call.',
    modelFailed: 'The model call failed: {{error}}',
    repeated: '{{tool}} failed twice in a row with the same arguments; the run stops rather than loop.',
    roundLimit: 'Reached the round limit ({{rounds}}) without a final answer.',
    fallback: "{{from}}'s tools failed {{failures}} times; switching to its fallback skill {{to}} (its prompt and tools).",
  },
  // Trigger evals (docs/evals.md, "Trigger evals").
  triggers: {
    badJson: 'The trigger set is not JSON: {{message}}',
    shape: 'A trigger set is a list: [{"query": "…", "should_trigger": true}, …].',
    empty: 'The trigger set has no queries.',
    tooMany: 'The trigger set has {{count}} queries; at most {{max}} are run.',
    itemShape: 'Query {{index}} must be an object: {"query": "…", "should_trigger": true}.',
    needsQuery: 'Query {{index}} needs a "query" text.',
    queryTooLong: 'Query {{index}} is longer than {{max}} characters.',
    needsShould: 'Query {{index}} needs "should_trigger": true or false.',
    badThreshold: 'The threshold "{{value}}" is not a number from 0 to 1.',
    badRuns: 'Runs "{{value}}" is not a whole number from 1 to {{max}}.',
  },
  // Routing hints (docs/routing.md, "What the hints suggest").
  hints: {
    noSafe:
      'No keyword is safe here: each one would break a routing test case. Say in the description of {{skill}} when to use it, or add this message as a routing test case.',
    noKeyword:
      'No whole word of this message (function words such as "please" or "帮我" left out), added as a keyword, makes {{skill}} win. Say in its description when to use it, or add this message as a routing test case.',
  },
  // Short links on a team server (docs/share-links.md, "Short links").
  shortLink: {
    badId: 'This short link is damaged: its id is not 32 hexadecimal digits. It may have been cut when it was copied. Nothing was loaded.',
    tooLarge:
      'This is too large for a short link ({{length}} characters; the limit is {{limit}}). Share it as a file instead. Nothing was stored.',
    notFound: 'This short link is not on this team server (it was never stored here, or its file was removed). Nothing was loaded.',
    damagedStored: 'The content kept for this short link on the team server is damaged. Nothing was loaded.',
    locked:
      'This short link is kept on a team server that needs the team token. Type the token in the model settings: the link opens then.',
    unavailable: 'The team server could not be asked for this short link ({{reason}}). Nothing was loaded.',
    tooLargeSent: 'This is too large for a short link (the limit is {{limit}} characters). Share it as a file instead. Nothing was stored.',
    full: "The team server's short link folder is full ({{limit}}; SHARE_MAX_BYTES). Share the long link or a file instead, or ask whoever runs the server to remove old links. Nothing was stored.",
    needsServer:
      'This is a short link: its content is kept on a team server, and this copy of the page has none beside it (it is static). Open the link at the team server it came from. Nothing was loaded.',
    notKept:
      'This is a short link, and the server of this page keeps no short links (SHARE_DIR). Open the link at the team server it came from. Nothing was loaded.',
  },
  // Eval cases edited in a form (docs/evals.md, "Cases without YAML").
  evalForm: {
    needsName: 'Give the case a name.',
    nameTaken: 'Another case is already named "{{name}}"; eval cases need names of their own.',
    needsUtterance: 'Write what the user says (Add turn for each further message of a conversation).',
    notParsed: 'evals.yaml does not parse, so the case was not saved; fix the file first (its problems are listed in the Evals tab).',
    gone: 'The case "{{name}}" is no longer in evals.yaml (deleted or renamed there); nothing was saved.',
  },
}
