import type { Catalog } from './formatMessage'

/** The core's user-facing text in Chinese: the same keys as en.ts. */
export const zh: Catalog = {
  lint: {
    'yaml-comment-cuts-value': {
      explanation: '在 YAML 里，" #" 表示注释开始。不加引号的值中如果出现 " #"，所有解析器（PyYAML、js-yaml、yaml）都会悄悄在那里截断。',
      message: '"{{key}}" 在 " #" 处被截断：后面的内容被当成 YAML 注释，不属于这个值。',
      fix: '给 {{key}} 的整个值加引号',
    },
    'yaml-boolean-word': {
      explanation: 'PyYAML 等 YAML 1.1 解析器会把不加引号的 yes/no/on/off 读成布尔值，这里能加载的技能到了别处，名字可能变成 `true`。',
      message: '"{{key}}" 的值 "{{raw}}" 在 YAML 1.1 解析器（PyYAML）里是布尔值，请加引号。',
      item: '"{{key}}" 中的一项 "{{raw}}" 在 YAML 1.1 解析器（PyYAML）里是布尔值，请加引号。',
      fix: '给 "{{raw}}" 加引号',
    },
    'yaml-number-as-text': {
      explanation: '不加引号的数字会丢掉原来的写法：`version: 1.10` 变成数字 1.1，`012` 视解析器不同变成 12 或 10。文本类的值请加引号。',
      message: '"{{key}}: {{raw}}" 被读成数字（{{number}}）；加上引号才能保留 "{{raw}}"。',
      fix: '给 "{{raw}}" 加引号',
    },
    'yaml-date': {
      explanation: 'PyYAML 和 js-yaml 3（gray-matter）会把不加引号的 2025-01-15 变成日期对象，它不是文本，也无法原样转成 JSON。',
      message: '"{{key}}: {{raw}}" 在其他 YAML 解析器里会变成日期，请加引号。',
      fix: '给 "{{raw}}" 加引号',
    },
    'yaml-fullwidth-colon': {
      explanation: 'YAML 要求字段名后面是半角冒号 ":"。中文输入法打出的全角 "：" 会让整行变成普通文本，这个字段根本不会被读取。',
      message: '"{{key}}" 后面是全角 "："，YAML 认不出这是一个字段。',
      fix: '把 {{key}} 后面的冒号改成 ":"',
    },
    'yaml-flow-style': {
      explanation:
        'Agent Skills 官方校验工具（skills-ref）用严格的 YAML 子集读取头部，不支持 [a, b] 或 {a: b} 这样的行内写法，会直接拒绝这个文件。列表请每行写一个 "- 项目"，映射请每行写一个缩进的 "键: 值"。',
      message: '这里用了行内写法（[…] 或 {…}）：Agent Skills 官方校验工具不接受；请改成每行一个 "- 项目" 或 "键: 值"。',
    },
    'yaml-anchor-or-tag': {
      explanation:
        '锚点（&名称）、别名（*名称）和显式标签（!!str）是 Agent Skills 官方校验工具不接受的 YAML 写法，读文件的人也容易看漏。请把每个值完整写出来。',
      anchor: '锚点（&…）是 Agent Skills 官方校验工具不接受的 YAML 写法；请在用到的地方把值完整写出来。',
      alias: '别名（*…）引用了别处的值，Agent Skills 官方校验工具不接受；请把值完整写出来。',
      tag: '显式标签（!…）是 Agent Skills 官方校验工具不接受的 YAML 写法；请改为给值加引号。',
    },
    'file-starts-with-bom': {
      explanation:
        '公开的校验工具（quick_validate.py、skills-ref）要求文件以 "---" 开头；字节顺序标记（BOM）会让它们报告"找不到 YAML 头部"。',
      message: '文件以字节顺序标记（BOM）开头，其他工具会找不到头部信息。',
      fix: '删除字节顺序标记',
    },
    'frontmatter-missing': {
      explanation:
        '没有头部信息（frontmatter）的技能既没有描述也没有关键词，只能手动选用。公开的 Agent Skills 格式要求 name 和 description。',
      message: '这个文件没有头部信息（--- name、description … ---）。',
      fix: '添加头部信息',
    },
    'name-missing': {
      explanation: '没有 `name` 时，技能以所在文件夹命名。公开的 Agent Skills 格式要求写 name，并且必须与文件夹同名。',
      message: '没有 "name"：这个技能按文件名被称为 "{{name}}"。',
    },
    'name-format': {
      explanation:
        'Agent Skills 的名称是 1–64 个字符，只能用小写字母 a–z、数字 0–9 和单个连字符（不能以连字符开头或结尾）。不符合的技能会被客户端跳过。',
      message: '"{{name}}" 不是合法的 Agent Skills 名称（小写字母、数字和单个连字符，最多 64 个字符）。',
      fix: '改名为 "{{fixed}}"',
    },
    'name-matches-folder': {
      explanation: 'Agent Skills 规范要求 `name` 与上一级文件夹同名；VS Code 等客户端按文件夹查找技能。',
      message: '名称 "{{name}}" 与文件夹 "{{folder}}" 不一致。',
      fix: '把名称改成 "{{folder}}"',
      fixFolder: '把文件夹改名为 "{{name}}"',
    },
    'description-missing': {
      explanation: '模型靠描述来决定是否使用这个技能（渐进披露、LLM 路由）。没有描述的技能会被客户端跳过。',
      message: '没有描述：模型无从判断何时使用它。',
    },
    'description-too-long': {
      explanation: '超过 1,024 个字符的描述会被 Claude Desktop 拒绝，被 Claude Code 跳过（"Skill description is too long"）。',
      message: '描述有 {{length}} 个字符，上限是 1,024。',
    },
    'description-length': {
      explanation: '200–400 个字符最合适：足够说清何时用、何时不用，又不会在列出很多技能时挤占提示词。',
      short: '描述只有 {{length}} 个字符；写到 200–400 个字符能让模型更清楚何时使用它。',
      long: '描述有 {{length}} 个字符；超过 400 个字符，列出很多技能时会挤占提示词。',
    },
    'description-when-not': {
      explanation: '写明什么时候不该用这个技能（"不适用于 …"、"Do not use for …"），才能防止模型在边界情况下误选它。',
      message: '描述没有说明什么时候不该使用这个技能。',
    },
    'description-point-of-view': {
      explanation: '描述是给挑选技能的模型看的：用第三人称或祈使句（"总结 …"、"在 … 时使用"）效果最好；"我"、"我的"读起来像是用户在说话。',
      message: '描述用了第一人称；请改为描述这个技能（"总结 …，在 … 时使用"）。',
    },
    'description-angle-brackets': {
      explanation: 'Anthropic 的校验器拒绝描述中出现 "<" 和 ">"，Claude Code 会转义它们；平台上禁止类似 XML 的标签。',
      message: '描述中包含 "<" 或 ">"。',
    },
    'required-tool-unknown': {
      explanation: '`required_tools` 里的工具如果既不是内置工具，也没有在 `tools` 下声明，运行技能时就会缺失。',
      message: '"{{tool}}" 不是这里的工具。现有工具：{{known}}。',
      fix: '改成 "{{tool}}"',
    },
    'unknown-key': {
      explanation:
        '公开的 Agent Skills 只接受 name、description、license、compatibility、metadata 和 allowed-tools；出现其他字段时打包会失败（"Unexpected key(s) in SKILL.md frontmatter"）。',
      strict: '"{{key}}" 不是 Agent Skills 的字段。',
      app: '本应用不读取 "{{key}}" 字段，它会原样保留。',
      client: '{{client}} 不读取 "{{key}}"，会忽略它。',
    },
    'version-under-metadata': {
      explanation: 'Agent Skills 规范没有顶层的 `version`；它的示例把版本号放在 `metadata` 下面。',
      message: '在 Agent Skills 中，`version` 应放在 `metadata` 下面。',
      fix: '把 version 移到 metadata 下',
    },
    'allowed-tools-form': {
      explanation: 'Agent Skills 的 `allowed-tools` 是一个用空格分隔的字符串（"Read Bash(git:*)"）；严格的校验器不接受 YAML 列表。',
      message: '`allowed-tools` 应该是用空格分隔的字符串，而不是列表。',
      fix: '合并成一个字符串',
    },
    'compatibility-length': {
      explanation: 'Agent Skills 的 `compatibility` 长度为 1–500 个字符。',
      notText: '在 Agent Skills 中，`compatibility` 是一行文本，而不是列表或映射。',
      message: 'compatibility 有 {{length}} 个字符，上限是 500。',
    },
    'parameters-shorthand': {
      explanation:
        '直接写在 `parameters` 下的属性（旁边有 `required`，以及 `items: number`）会被读作它所表示的 JSON Schema。其他读取 SKILL.md 的工具需要完整的 schema：`type: object`、`properties`、`required`。',
      message: 'parameters 用的是简写，读作 {{schema}}。',
      fix: '写成完整的 JSON Schema',
    },
    'parameters-schema': {
      explanation:
        '`parameters` 是一个 JSON Schema：一个 `type: object` 的对象，`properties` 里每一项都是 schema，`required` 只能列出已有的属性。schema 写错会让每次调用都校验失败。',
      message: 'parameters 不是有效的 JSON Schema：{{problems}}。',
      topType: '顶层类型是 "{{type}}"，而不是 "object"',
      propertiesNotMapping: '"properties" 不是映射',
      propertyNotSchema: '属性 "{{name}}" 不是 schema',
      propertyType: '属性 "{{name}}" 的类型 "{{type}}" 未知',
      itemsString: '属性 "{{name}}"："items" 应该是类似 {type: {{items}}} 的 schema，而不是 "{{items}}"',
      requiredNotList: '"required" 不是列表',
      requiredMissing: '"{{name}}" 被列为必填，但不在 properties 里',
    },
    'body-empty': {
      explanation: '技能生效时，正文就是系统提示词；正文为空时会退回默认提示词。',
      message: '正文为空：这个技能没有任何指令。',
    },
    'body-too-long': {
      explanation: 'Agent Skills 的建议：SKILL.md 保持在 500 行以内；细节放到被引用的文件里，让模型需要时再读。',
      message: '正文有 {{lines}} 行，请控制在 500 行以内。',
    },
    'keyword-empty': {
      explanation: '空关键词永远匹配不到任何内容。',
      message: '这个关键词是空的，永远不会匹配。',
      fix: '删除空关键词',
    },
    'keyword-duplicate': {
      explanation: '关键词按小写比较；重复的关键词不会增加得分。',
      message: '"{{keyword}}" 与 "{{first}}" 重复。',
      fix: '删除重复的 "{{keyword}}"',
    },
    'keyword-fullwidth-separator': {
      explanation:
        '在 YAML 列表里，只有半角逗号 "," 能分隔列表项。用全角 "，"（或 "、"、"；"、"："、全角空格）写的 "退款，退货" 是一个关键词，单独的 "退货" 永远匹配不到，而且不会有别的提示。',
      message: '"{{keyword}}" 是一个关键词："{{separator}}" 在 YAML 里不能分隔列表项。',
      fix: '拆成 {{count}} 个关键词',
    },
    'keyword-nested': {
      explanation:
        '一个关键词包含在同一技能的另一个关键词里（"规划一下"中的"规划"）时，只要长的匹配，短的也会匹配，于是一个短语就拿到了 ×1.3 的多关键词加成。',
      message: '"{{inner}}" 包含在 "{{outer}}" 里：输入 "{{outer}}" 会算作两个关键词，拿到 ×1.3 加成。',
    },
    'keyword-too-short': {
      explanation: '只有一个字（或两个拉丁字母）的关键词会在无关的词和消息里被匹配到，技能会在不该触发时触发。',
      message: '"{{keyword}}" 太短，不够具体：它会在许多无关消息里匹配。',
    },
    'keywords-missing': {
      explanation: '没有 trigger_keywords 的自动技能永远不会被关键词路由选中，只能通过渐进披露或 LLM 路由找到。',
      message: '没有 trigger_keywords：关键词路由永远不会选中这个技能。',
    },
    'keywords-few': {
      explanation: '只有一个关键词时，×1.3 加成永远不会生效，短消息几乎要完全由这个关键词组成才能超过 0.3。',
      message: '只有一个触发关键词：请补充用户真正会输入的同义词（中文和英文）。',
    },
    'keyword-shared': {
      explanation: '两个技能有相同的关键词就会互相竞争：覆盖更多的一方获胜，平分时按加载顺序决定，这很少是作者的本意。',
      message: '"{{keyword}}" 也是 {{others}} 的关键词。',
      messageMore: '"{{keyword}}" 也是 {{names}} 等另外 {{count}} 个技能的关键词。',
    },
    'duplicate-name': {
      explanation: '技能名称用来识别技能（load_skill、LLM 路由、命令行）；两个同名技能无法都被访问到。',
      message: '另一个技能也叫 "{{name}}"（{{others}}）。',
    },
    'fallback-unknown': {
      explanation:
        '当一个技能的工具在一次运行中失败两次时，智能体会切换到它的 `fallback`（后备）技能，使用其提示词和工具。如果 fallback 写的不是本工作区里的技能，就永远不会切换，运行只会停止。',
      message: 'fallback "{{fallback}}" 不是本工作区里的技能（现有技能：{{names}}）。',
      self: 'fallback 指向了技能自己（{{name}}）；请填写另一个要切换到的技能。',
    },
    'catalog-too-large': {
      explanation: '技能超过约 30 个后，模型从一个列表中挑选的效果会变差。可以给技能分组，或分两步路由（先选组，再选技能）。',
      message: '一个工作区里有 {{count}} 个技能，超过 {{limit}} 个，建议分组。',
    },
    'frontmatter-syntax': {
      explanation:
        '头部信息不是有效的 YAML，所以一个字段都没有被读取，技能退回默认值。包含 ": " 或以 [ { * & ! | > % @ 开头的值需要加引号。',
      fix: '给这个值加引号',
    },
    'frontmatter-shape': { explanation: '头部信息必须是 "字段: 值" 形式的若干行。' },
    'field-type': { explanation: '字段类型不对，改用默认值。' },
    'field-value': { explanation: '这个值不在字段允许的范围内，改用默认值。' },
    'field-coerced': { explanation: '需要列表的地方写了单个值，或需要文本的地方写了数字，已自动转换。其他工具可能不会转换。' },
    'max-rounds-range': { explanation: 'max_rounds 必须在 1 到 50 之间；超出时使用最接近的允许值。' },
    // 客户端配置、客户端字段与技能列表预算（docs/clients.md）。
    'client-field': {
      explanation:
        '有些客户端会读取 Agent Skills 标准之外的字段（Claude Code：model、context、hooks 等；VS Code 中的 Copilot：argument-hint 等）。其他客户端会忽略它们：技能照样加载，所以这是警告，而不是错误。',
      message: '"{{key}}" 是 {{owners}} 的字段；{{client}} 会忽略它。',
    },
    'claude-code-field-value': {
      explanation: 'Claude Code 只按文档中的写法读取自己的字段；其他值会被忽略或误读（加了引号的 "true" 是文本，不是布尔值）。',
      message: '{{client}} 不读取 "{{key}}" 的这个值：应为 {{expected}}。',
      fix: '去掉引号，写成 {{value}}',
    },
    'name-reserved-word': {
      explanation: '名称中含有 "anthropic" 或 "claude" 的技能，Claude API 拒绝上传。',
      message: '名称 "{{name}}" 含有保留词 "{{word}}"：Claude API 会拒绝它。',
    },
    'xml-tag': {
      explanation: '名称或描述中含有 XML 标签时，Claude API 拒绝上传。',
      message: '{{key}} 中含有 XML 标签 {{tag}}：Claude API 会拒绝它。',
    },
    'upload-size': {
      explanation: '上传到 Claude API 的技能，所有文件合计（未压缩）必须小于 30 MB。',
      message: '这个技能的文件夹有 {{megabytes}} MB；Claude API 最多接受 {{limit}} MB。',
    },
    'metadata-map': {
      explanation:
        '在 Agent Skills 标准中，`metadata` 是名称到字符串的映射（version: "1.0"）。列表、嵌套映射和不加引号的数字在不同工具中读法不同。',
      message: '`metadata` 应是名称到字符串的映射。',
    },
    'metadata-value': {
      explanation:
        'Agent Skills 参考校验器把 metadata 的每个值都当文本读取；别处的 YAML 读取器会把不加引号的 1.10 读成数字 1.1，把 true 读成布尔值。加上引号，到哪里都按原样读取。',
      message: '`metadata.{{key}}` 不是字符串：请加引号。',
      fix: '给这个值加引号',
    },
    'codex-sidecar': {
      explanation:
        'Codex 会读取 SKILL.md 旁边的 agents/openai.yaml：interface（display_name、short_description、图标、brand_color、default_prompt）、policy.allow_implicit_invocation 和 dependencies.tools。',
      message: '{{file}}：{{problem}}。',
    },
    'catalog-cut': {
      explanation:
        '每个客户端给模型看的技能列表都有长度上限。被列表缩短或去掉的描述，就不能再告诉模型何时使用这个技能。参见“目录预算”视图。',
      shortened: '{{client}} 只显示这段描述 {{total}} 个字符中的 {{shown}} 个（其列表预算为 {{budget}}，共 {{skills}} 个技能）。',
      'name-only': '{{client}} 只列出这个技能的名称：它的描述放不进列表预算（{{budget}}，共 {{skills}} 个技能）。',
      omitted: '{{client}} 把这个技能排除在列表之外：连名称都放不进预算（{{budget}}，共 {{skills}} 个技能）。',
    },
  },
  verdict: {
    winner: '胜出：{{final}} > 阈值 {{threshold}}',
    manual: '手动入口：只能手动选用，不会被关键词选中',
    noMatch: '没有匹配的关键词',
    cannotPass: '低于阈值：这句话有 {{length}} 个字符，即使全部覆盖也超不过 {{threshold}}',
    needsCovered: '低于阈值：这句话需要覆盖 ≥ {{needed}} / {{length}} 个字符（当前 {{covered}} 个）',
    lostTie: '与 {{winner}} 同分，因加载顺序靠后而落选',
    outscored: '超过阈值，但 {{winner}} 得分更高（{{winnerFinal}}）',
  },
  skillName: {
    empty: '名称不能为空。',
    invalid: '请使用字母、数字、"-" 或 "_"（名称也是文件夹名）。',
    unusable: '"{{name}}" 不能用作技能名称。',
    taken: '已经有名为 "{{name}}" 的技能。',
    gone: '这个技能已不存在。',
  },
  share: {
    newer: '这个链接由更新版本的 Skill Playground 生成（格式 {{version}}），当前版本只能读取格式 {{supported}}。没有加载任何内容。',
    unknownFormat: '这个链接的格式无法识别。没有加载任何内容。',
    damaged: '这个链接已损坏（部分内容缺失或含有意外字符），可能在复制时被截断或修改。没有加载任何内容。',
    tooLarge: '这个链接的内容太大（{{length}} 字节，上限 {{limit}}）。没有加载任何内容。',
    truncated: '这个链接似乎被截断了：内容无法解压。请对方重新发送链接或文件。没有加载任何内容。',
    altered: '这个链接似乎被截断或修改了：校验和不匹配。没有加载任何内容。',
    notOurs: '这个链接里没有 Skill Playground 的内容。没有加载任何内容。',
  },
  archive: {
    tooLarge: '这个 zip 解压后超过 50 MB，没有导入任何内容。',
    notZip: '这个文件不是可读取的 zip，没有导入任何内容。',
    badJson: 'zip 中的 {{file}} 不是有效的 JSON，没有导入任何内容。',
    badSettings: '无法读取 zip 中的 {{file}}（{{reason}}）。没有导入任何内容。',
    noSkills: '这个 zip 里没有 SKILL.md 文件（应为 skills/<名称>/SKILL.md）。',
    fileTooLarge: '{{file}} 太大',
    nothing: '没有找到技能：请选择 SKILL.md 或 .md 文件、技能文件夹，或 .zip 文件。',
    nothingAmong: '所选的文件中没有技能（共 {{total}} 个：{{list}}）。请选择 SKILL.md 或 .md 文件、技能文件夹，或 .zip 文件。',
  },
  saved: {
    notRecord: '保存的工作区已损坏（不是工作区记录）。',
    badVersion: '保存的工作区已损坏（格式版本无法读取）。',
    newer: '保存的工作区由更新版本的 Skill Playground 写入（格式 {{version}}，当前版本最多读取 {{supported}}）。',
    badFiles: '保存的工作区已损坏（技能文件无法读取）。',
    notJson: '保存的工作区已损坏（不是有效的 JSON）。',
    keptAside: '{{reason}} 它已被原样另存：可在横幅中下载。已改为加载示例技能。',
    cannotRead: '无法读取保存的工作区（{{detail}}），已改为加载示例技能。',
    full: '浏览器存储已满：最新的修改没有保存。请导出工作区以保留它们。',
    cannotSave: '这个浏览器无法保存修改（{{detail}}）。请导出工作区以保留它们。',
    reset: '部分保存的设置无法读取，已重置：{{fields}}。你的技能已加载。',
    otherTab: '已同步另一个标签页中的修改。',
    mergedOtherTab: '已合并另一个标签页保存的修改，你的编辑都保留着。',
  },
  evals: {
    yaml: '{{message}}',
    notList: '请写一组用例（或在 "cases:" 下写列表）：- name: …  utterance: "…"  expect: {skill: …}',
    badTrials: '"trials" 必须是 1 到 100 的整数。',
    caseShape: '第 {{case}} 个用例必须是包含 "utterance"（或 "turns"）和 "expect" 的映射。',
    unknownKey: '这里没有 "{{key}}" 这个键；可用的键：{{known}}。',
    needsUtterance: '{{case}} 需要 "utterance" 文本或 "turns" 列表。',
    badFiles: '"files" 必须把文件路径对应到文件内容。',
    badMode: '"mode" 必须是 {{modes}} 之一。',
    duplicateName: '有两个用例都叫 "{{name}}"：请给每个用例取不同的名字，方便区分结果。',
    expectShape: '"expect" 必须是断言的映射，例如 {skill: weather, tools_called: [get_weather]}。',
    badValue: {
      skill: '"{{key}}" 必须是技能名，或用 null 表示"不触发技能"。',
      list: '"{{key}}" 必须是文本列表。',
      regex: '"{{key}}" 必须是正则表达式。',
      toolArgs: '"{{key}}" 必须把每个工具名对应到调用它时的参数。',
      schema: '"{{key}}" 必须是 JSON Schema 对象。',
      count: '"{{key}}" 必须是整数。',
    },
    badRegex: '"{{regex}}" 不是有效的正则表达式。',
    badJson: 'evals.json 不是 JSON：{{message}}',
    skillCreatorShape: 'evals.json 应该形如 {"skill_name": "…", "evals": [{"prompt": "…", "expectations": ["…"]}]}。',
    needsPrompt: '第 {{case}} 个评测需要 "prompt" 文本。',
    skillCreatorFiles: '第 {{case}} 个评测："files" 应该是相对于技能目录的路径列表。',
    skillCreatorMissingFile: '第 {{case}} 个评测：文件 "{{file}}" 不在技能目录里（或不是文本文件），运行时读不到它。',
    unknownSkill: '评测里写的技能 "{{skill}}" 不在这些技能中（{{skills}}）。',
    triggerSet: '这是一个触发评测集（[{"query", "should_trigger"}]）：请用 `skill-playground triggers --set <file>` 或在“测试”页运行。',
    unknownFormat:
      '不是本应用能读取的评测文件：evals.yaml（cases）、skill-creator 的 evals.json（{"skill_name", "evals"}）或 waza 的 eval.yaml（{"skill", "tasks"}）。',
    wazaShape: 'waza 的 eval.yaml 需要有 "skill" 和 "tasks"（任务文件或内联任务）。',
    wazaTask: '任务 {{task}} 需要一个 prompt（"inputs.prompt" 或 "prompt"）。',
    wazaTaskFile: 'eval.yaml 旁边没有匹配 "{{pattern}}" 的任务文件。',
    wazaTaskYaml: '任务文件 {{file}} 无法读取：{{message}}',
    wazaFile: '任务 {{task}}：文件 "{{file}}" 不在 {{folder}} 里。',
    wazaUnsupported: '任务 {{task}}：这里不支持 {{what}}，不会检查它。',
  },
  suite: {
    notList: '请写一组用例：- utterance: "……"  expect: 技能名（或 null）',
    needsUtterance: '第 {{case}} 个用例需要 "utterance" 文本。',
    badExpect: '第 {{case}} 个用例："expect" 必须是技能名或 null。',
    empty: '请先输入一句话。',
    duplicate: '"{{utterance}}" 已经是测试用例了。',
    unreadable: 'routing-tests.yaml 现在无法解析：请先在编辑器里修好它。',
  },
  run: {
    sticky: '在这次对话里 {{skill}} 一直保持激活（固定技能）。',
    keywordWins: '{{skill}} 在关键词路由中胜出：{{verdict}}',
    noneClosest: '没有技能生效。最接近的是 {{skill}}：{{verdict}}',
    noneMatched: '没有任何技能的关键词匹配。',
    progressive: '渐进披露：模型能看到 {{count}} 个技能的描述，可以加载其中一个。',
    off: '不路由：一个默认提示词，全部工具。',
    llmNotJson: 'LLM 路由：模型的回答不是 JSON，因此不使用技能。它说：{{text}}',
    llmNone: 'LLM 路由：模型选择不使用技能。',
    llmUnknown: 'LLM 路由：模型选择了 "{{skill}}"，这里没有这个技能；不使用技能。',
    llmChose: 'LLM 路由选择了 {{skill}}。',
    llmInvalid: 'LLM 路由选择了 {{skill}}，但参数无效（{{problem}}）；不使用技能。',
    llmValid: 'LLM 路由选择了 {{skill}}，参数有效：{{args}}。',
    routingFailed: '路由调用失败：{{error}}',
    abortedBefore: '在第 {{round}} 轮之前中止。',
    abortedAnswering: '模型回答时中止；已收到的内容保留在上面。',
    aborted: '已中止；已收到的内容保留在上面。',
    abortedTool: '在工具调用期间中止。',
    modelFailed: '模型调用失败：{{error}}',
    repeated: '{{tool}} 用相同参数连续失败两次；为避免死循环，运行停止。',
    groupWins: '分组路由：先选中分组 {{group}}，再在组内选中 {{skill}}：{{verdict}}',
    groupFellBack: '分组路由：没有分组（或胜出分组里没有技能）超过阈值，改为在全部技能中路由：{{skill}} 胜出：{{verdict}}',
    roundLimit: '达到轮数上限（{{rounds}}），没有得到最终回答。',
    fallback: '{{from}} 的工具已失败 {{failures}} 次；切换到它的后备技能 {{to}}（使用其提示词和工具）。',
  },
  // 触发评测（docs/evals.md，"Trigger evals"）。
  triggers: {
    badJson: '触发评测集不是合法的 JSON：{{message}}',
    shape: '触发评测集是一个列表：[{"query": "…", "should_trigger": true}, …]。',
    empty: '触发评测集里没有查询。',
    tooMany: '触发评测集有 {{count}} 条查询；最多运行 {{max}} 条。',
    itemShape: '第 {{index}} 条查询必须是对象：{"query": "…", "should_trigger": true}。',
    needsQuery: '第 {{index}} 条查询需要 "query" 文本。',
    queryTooLong: '第 {{index}} 条查询超过 {{max}} 个字符。',
    needsShould: '第 {{index}} 条查询需要 "should_trigger": true 或 false。',
    badThreshold: '阈值 "{{value}}" 不是 0 到 1 之间的数。',
    badRuns: '运行次数 "{{value}}" 不是 1 到 {{max}} 之间的整数。',
  },
  // 路由建议（docs/routing.md，"What the hints suggest"）。
  hints: {
    noSafe: '这里没有安全的关键词：每一个都会让某个路由测试用例失败。请在 {{skill}} 的描述里写明何时使用它，或把这句话添加为路由测试用例。',
    noKeyword:
      '把这句话里任何一个完整的词（"帮我"、"请"之类的虚词除外）加为关键词，都不能让 {{skill}} 胜出。请在它的描述里写明何时使用它，或把这句话添加为路由测试用例。',
  },
  // 团队服务器上的短链接（docs/share-links.md，"Short links"）。
  shortLink: {
    badId: '这个短链接已损坏：它的编号不是 32 位十六进制数字，可能在复制时被截断了。没有加载任何内容。',
    tooLarge: '内容太大，无法生成短链接（{{length}} 个字符，上限 {{limit}}）。请改用文件分享。没有保存任何内容。',
    notFound: '这个团队服务器上没有这个短链接（从未在这里保存过，或它的文件已被删除）。没有加载任何内容。',
    damagedStored: '团队服务器上为这个短链接保存的内容已损坏。没有加载任何内容。',
    locked: '这个短链接保存在需要团队令牌的团队服务器上。请在模型设置里填写令牌，填好后链接会自动打开。',
    unavailable: '无法向团队服务器读取这个短链接（{{reason}}）。没有加载任何内容。',
    tooLargeSent: '内容太大，无法生成短链接（上限 {{limit}} 个字符）。请改用文件分享。没有保存任何内容。',
    full: '团队服务器保存短链接的文件夹已满（{{limit}}；SHARE_MAX_BYTES）。请改用长链接或文件分享，或请服务器管理员删除旧链接。没有保存任何内容。',
    needsServer:
      '这是一个短链接：它的内容保存在团队服务器上，而这个页面副本旁边没有服务器（它是静态副本）。请在它来自的团队服务器上打开这个链接。没有加载任何内容。',
    notKept: '这是一个短链接，而这个页面的服务器不保存短链接（SHARE_DIR）。请在它来自的团队服务器上打开这个链接。没有加载任何内容。',
  },
  // 在表单里编辑的评测用例（docs/evals.md，"Cases without YAML"）。
  evalForm: {
    needsName: '请给用例起个名字。',
    nameTaken: '已有一个名为"{{name}}"的用例；每个评测用例的名字都要不同。',
    needsUtterance: '请写出用户说的话（多轮对话用"添加一轮"写下一句）。',
    notParsed: 'evals.yaml 无法解析，用例没有保存；请先修好这个文件（问题列在"评测"标签页里）。',
    gone: '用例"{{name}}"已经不在 evals.yaml 里了（已被删除或改名）；没有保存任何内容。',
  },
}
