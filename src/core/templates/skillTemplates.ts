/**
 * Scenario templates for "+ New": a complete skill (a description that says when to use it and
 * when not to, keywords that route, the tools it needs) in Chinese and in English, with routing
 * test cases that pass. skillTemplates.test.ts proves every case passes.
 */
import type { Language } from '../messages'
import type { EvalCaseDraft } from '../workspace'

export interface TemplateCase {
  utterance: string
  /** The template's own skill (`null`: no skill should win). */
  expectSelf: boolean
}

/** An eval case the template brings (docs/evals.md): it passes with the scripted model. */
export interface TemplateEval {
  utterance: string
  /** The template's own skill activates (false: no skill may). */
  expectSelf: boolean
  tools?: string[]
  toolsNotCalled?: string[]
  answer?: string[]
}

export interface TemplateVariant {
  title: string
  summary: string
  text: string
  cases: TemplateCase[]
  evals: TemplateEval[]
}

export interface SkillTemplate {
  id: string
  /** The folder and `name` the skill gets (made unique when taken). */
  name: string
  variants: Record<Language, TemplateVariant>
}

const skill = (name: string, description: string, keywords: string[], tools: string[], rounds: number, body: string) =>
  `---
name: ${name}
description: >-
${description
  .trim()
  .split('\n')
  .map((line) => `  ${line.trim()}`)
  .join('\n')}
trigger_keywords: [${keywords.join(', ')}]
required_tools: [${tools.join(', ')}]
max_rounds: ${rounds}
entry_mode: auto
---

${body.trim()}
`

const yes = (utterance: string): TemplateCase => ({ utterance, expectSelf: true })
const ask = (utterance: string, tools?: string[], answer?: string[]): TemplateEval => ({ utterance, expectSelf: true, tools, answer })
const none = (utterance: string, toolsNotCalled: string[]): TemplateEval => ({ utterance, expectSelf: false, toolsNotCalled })
const no = (utterance: string): TemplateCase => ({ utterance, expectSelf: false })

export const SKILL_TEMPLATES: readonly SkillTemplate[] = [
  {
    id: 'refund-policy',
    name: 'refund-policy',
    variants: {
      zh: {
        title: '客服：退款政策',
        summary: '回答退款、退货的条件和流程，依据知识库里的政策。',
        text: skill(
          'refund-policy',
          `回答顾客关于退款、退货、退钱、换货的问题，例如"我要退款""拆封了还能退吗""退款多久到账""运费谁出"：判断是否符合退款条件、说明需要提供的材料（订单号、照片、发票）和办理步骤、告知处理时长和到账方式。一律先检索知识库中的退款政策，只依据检索到的条款作答并引用条款名称；政策没有写到的情况不作承诺，请顾客联系人工客服。不适用于查询某个订单的物流或状态（交给订单报表）、统计退款金额，或处理投诉升级（转人工）。`,
          ['退款', '退货', '退钱', 'refund', 'return policy'],
          ['search_knowledge'],
          4,
          `## 你是客服专员，负责解答退款政策

1. 先用 search_knowledge 检索"退款政策"，只依据检索到的条款回答。
2. 说明：是否符合退款条件、需要提供的材料、处理时长。
3. 政策里没有写的情况，不要承诺，请用户联系人工客服。
4. 语气礼貌、简洁，最后询问是否还有其他问题。`,
        ),
        cases: [yes('我要退款'), yes('怎么退货'), yes('能退钱吗'), no('你好呀')],
        evals: [ask('我要退款', ['search_knowledge']), ask('怎么退货', ['search_knowledge']), none('你好呀', ['search_knowledge'])],
      },
      en: {
        title: 'Customer service: refund policy',
        summary: 'Answers refund and return questions from the policy in the knowledge base.',
        text: skill(
          'refund-policy',
          `Answers customer questions about refunds and returns: whether they qualify, what they need to send,
          and how long it takes, always from the refund policy in the knowledge base, citing the clause.
          Do not use for the status of a specific order (use the order report) or for escalating complaints.`,
          ['refund', 'return policy', 'money back', '退款', '退货'],
          ['search_knowledge'],
          4,
          `## You are a customer-service agent for refund questions

1. Search the knowledge base for the refund policy with search_knowledge; answer only from what it returns.
2. Say whether the customer qualifies, what they must provide and how long it takes.
3. For cases the policy does not cover, promise nothing: refer them to a human agent.
4. Be polite and brief; end by asking whether there is anything else.`,
        ),
        cases: [yes('I want a refund'), yes('what is your return policy'), yes('can I get my money back'), no('good morning')],
        evals: [
          ask('I want a refund', ['search_knowledge']),
          ask('what is your return policy', ['search_knowledge']),
          none('good morning', ['search_knowledge']),
        ],
      },
    },
  },
  {
    id: 'order-report',
    name: 'order-report',
    variants: {
      zh: {
        title: '订单 / SQL 报表',
        summary: '用只读 SQL 查询订单数据，生成销售额、订单量报表。',
        text: skill(
          'order-report',
          `查询业务数据库里的订单、用户、库存数据，生成报表，例如"本周销售额""昨天的订单量""各城市的订单数""库存最少的商品"：按天、按城市或按状态汇总销售额和订单量，找出最高、最低和变化最大的一项。只写只读的 SELECT 查询，表有 orders、users、inventory；结果用不超过二十行的表格展示，并用一句话给出最重要的结论；查询出错时读错误信息修正后重试一次。不适用于退款政策问题（交给退款政策）、修改或删除数据（本技能只读），或与数据无关的闲聊。`,
          ['订单报表', '销售额', '订单量', 'sales report', 'order report'],
          ['execute_sql'],
          5,
          `## 你是数据分析师，负责订单报表

1. 用 execute_sql 写一条只读 SELECT 查询，表：orders、users、inventory。
2. 结果用 Markdown 表格展示，最多 20 行。
3. 最后用一句话总结最重要的发现（例如最高的一天）。
4. 查询失败时读错误信息，修正后重试一次。`,
        ),
        cases: [yes('本周销售额'), yes('查一下订单量'), yes('生成订单报表'), no('谢谢你')],
        evals: [ask('本周销售额', ['execute_sql']), ask('查一下订单量', ['execute_sql']), none('谢谢你', ['execute_sql'])],
      },
      en: {
        title: 'Orders / SQL report',
        summary: 'Runs read-only SQL on the order data and reports sales and order counts.',
        text: skill(
          'order-report',
          `Queries orders, users and inventory in the business database and reports on them: sales, order counts,
          totals per day or per city, as a table with a one-line conclusion. Read-only.
          Do not use for refund policy questions or to change data.`,
          ['sales report', 'order report', 'sales this week', 'order count', '销售额'],
          ['execute_sql'],
          5,
          `## You are a data analyst producing order reports

1. Write one read-only SELECT with execute_sql; tables: orders, users, inventory.
2. Show the result as a Markdown table of at most 20 rows.
3. End with one sentence on the most important finding (e.g. the best day).
4. If the query fails, read the error, fix the query and try once more.`,
        ),
        cases: [yes('sales report please'), yes('order count today'), yes('sales this week'), no('thanks a lot')],
        evals: [
          ask('sales report please', ['execute_sql']),
          ask('order count today', ['execute_sql']),
          none('thanks a lot', ['execute_sql']),
        ],
      },
    },
  },
  {
    id: 'weather-advice',
    name: 'weather-advice',
    variants: {
      zh: {
        title: '天气与出行建议',
        summary: '查询城市天气，给出带伞、穿衣等建议。',
        text: skill(
          'weather-advice',
          `查询用户指定城市今天或明天的天气，例如"北京天气""明天上海会下雨吗""出门要带伞吗"：说明天气状况、最高和最低气温、降雨概率，并给出是否带伞、穿什么衣服、是否适合户外活动的建议。用户没有说清楚是哪个城市时，先问清楚城市再查询，不要猜。回答控制在三句话以内，温度和降雨概率照查询结果写，不自己估计。不适用于长期气候统计、历史天气数据、空气质量专业分析，或与天气无关的出行规划（行程、订票、酒店交给其他技能）。`,
          ['天气', '下雨', '带伞', 'weather', 'forecast'],
          ['get_weather'],
          3,
          `## 你是出行助手，负责天气建议

1. 从用户的话里找出城市；没有城市就先问。
2. 用 get_weather 查询该城市的天气。
3. 回答：天气、温度范围、降雨概率，以及是否需要带伞。
4. 回答控制在三句话以内。`,
        ),
        cases: [yes('北京天气'), yes('明天下雨吗'), yes('要带伞吗'), no('早上好')],
        evals: [ask('北京天气', ['get_weather'], ['北京']), none('早上好', ['get_weather'])],
      },
      en: {
        title: 'Weather and what to wear',
        summary: "Looks up a city's weather and says whether to take an umbrella.",
        text: skill(
          'weather-advice',
          `Looks up today's weather for the city the user names (temperature, chance of rain) and advises
          whether to take an umbrella and what to wear. Asks for the city when it is missing.
          Do not use for long-term climate statistics or trip planning.`,
          ['weather', 'forecast', 'umbrella', 'rain today', '天气'],
          ['get_weather'],
          3,
          `## You are a travel assistant giving weather advice

1. Find the city in the message; if there is none, ask for it.
2. Call get_weather for that city.
3. Answer with the conditions, the temperature range, the chance of rain and whether to take an umbrella.
4. Three sentences at most.`,
        ),
        cases: [yes('weather in Paris'), yes('do I need an umbrella'), yes('forecast for Berlin'), no('hello there')],
        evals: [ask('weather in Paris', ['get_weather'], ['Paris']), none('hello there', ['get_weather'])],
      },
    },
  },
  {
    id: 'knowledge-qa',
    name: 'knowledge-qa',
    variants: {
      zh: {
        title: '知识库问答（RAG）',
        summary: '先检索知识库，再依据检索结果回答并注明出处。',
        text: skill(
          'knowledge-qa',
          `回答关于内部知识库、产品文档和规章制度的问题，例如"知识库里怎么说""文档里有没有写""帮我查资料"：先用 search_knowledge 检索用户的问题，必要时换关键词再检索一次，然后只依据检索到的段落回答，每个要点后注明出处标题。检索结果不足以回答时，明确说"知识库里没有找到"，并建议用户换个说法，不编造、不凭记忆补充。不适用于闲聊、数学计算、翻译，或需要实时数据的问题（天气、订单、库存交给对应的技能）。`,
          ['知识库', '文档里', '查资料', 'knowledge base', 'docs say'],
          ['search_knowledge'],
          4,
          `## 你是知识库助手

1. 用 search_knowledge 检索用户的问题（必要时换关键词再检索一次）。
2. 只依据检索到的段落回答，每个要点后注明来源标题。
3. 检索结果不足以回答时，明确说"知识库里没有找到"，不要编造。`,
        ),
        cases: [yes('知识库里怎么说'), yes('帮我查资料'), yes('文档里有吗'), no('在吗')],
        evals: [ask('知识库里怎么说', ['search_knowledge']), ask('文档里有吗', ['search_knowledge']), none('在吗', ['search_knowledge'])],
      },
      en: {
        title: 'Knowledge-base Q&A (RAG)',
        summary: 'Searches the knowledge base first, then answers from it with sources.',
        text: skill(
          'knowledge-qa',
          `Answers questions about the internal knowledge base: searches it with search_knowledge first, then
          answers only from the passages found, naming the source titles. Says so when nothing is found.
          Do not use for small talk, arithmetic or live data (weather, orders).`,
          ['knowledge base', 'docs say', 'look it up', 'documentation', '知识库'],
          ['search_knowledge'],
          4,
          `## You are a knowledge-base assistant

1. Search for the question with search_knowledge (rephrase and search once more if needed).
2. Answer only from the passages found; name the source title after each point.
3. When the passages do not answer it, say "not found in the knowledge base"; never invent.`,
        ),
        cases: [yes('search the knowledge base'), yes('what do the docs say'), yes('look it up in the documentation'), no('see you later')],
        evals: [
          ask('what do the docs say', ['search_knowledge']),
          ask('search the knowledge base', ['search_knowledge']),
          none('see you later', ['search_knowledge']),
        ],
      },
    },
  },
  {
    id: 'meeting-minutes',
    name: 'meeting-minutes',
    variants: {
      zh: {
        title: '会议纪要',
        summary: '把会议记录整理成决议、待办（负责人、截止日期）和风险。',
        text: skill(
          'meeting-minutes',
          `把用户给的会议记录、录音转写或群聊记录整理成会议纪要，例如"整理会议纪要""把这段会议记录整理一下""列出会上的待办"：提取会议的结论与决议、待办事项（每项写明负责人和截止日期）、风险与待定问题，按"结论 / 待办 / 风险 / 待定问题"四个小标题输出，并保存为 notes 目录下的 Markdown 文件，告诉用户文件名。记录里没有的负责人或日期标为"待定"，不要编造。不适用于写周报或月报（另有周报技能）、翻译会议记录，或安排新的会议。`,
          ['会议纪要', '整理会议', '会议记录', 'meeting minutes', 'meeting notes'],
          ['extract_structured', 'file_write'],
          4,
          `## 你是会议秘书

1. 用 extract_structured 提取：结论、待办（负责人、截止日期）、风险。
2. 按"结论 / 待办 / 风险 / 待定问题"四个小标题输出纪要。
3. 用 file_write 保存为 notes/meeting-YYYY-MM-DD.md，并告诉用户文件名。`,
        ),
        cases: [yes('整理会议纪要'), yes('帮我整理会议记录'), yes('会议纪要模板'), no('辛苦了')],
        evals: [ask('整理会议纪要'), ask('帮我整理会议记录'), none('辛苦了', ['file_write'])],
      },
      en: {
        title: 'Meeting minutes',
        summary: 'Turns meeting notes into decisions, action items (owner, due date) and risks.',
        text: skill(
          'meeting-minutes',
          `Turns the meeting notes or chat log the user gives into minutes: decisions, action items with owner and
          due date, risks and open questions, and saves them as a file.
          Do not use for weekly reports or for translating notes.`,
          ['meeting minutes', 'meeting notes', 'action items', 'minutes of', '会议纪要'],
          ['extract_structured', 'file_write'],
          4,
          `## You are a meeting secretary

1. Extract decisions, action items (owner, due date) and risks with extract_structured.
2. Write the minutes under four headings: Decisions, Action items, Risks, Open questions.
3. Save them with file_write as notes/meeting-YYYY-MM-DD.md and tell the user the file name.`,
        ),
        cases: [yes('meeting minutes please'), yes('action items from these meeting notes'), yes('minutes of the call'), no('good night')],
        evals: [ask('meeting minutes please'), ask('minutes of the call'), none('good night', ['file_write'])],
      },
    },
  },
  {
    id: 'outline-writer',
    name: 'outline-writer',
    variants: {
      zh: {
        title: '写作：列提纲',
        summary: '为文章、报告列出分层提纲，再按需展开成段落。',
        text: skill(
          'outline-writer',
          `为文章、报告、演讲稿或公众号推文列提纲并逐步写成正文，例如"列个提纲""帮我写文章""写个演讲大纲"：先确认主题、读者和篇幅，缺少就先问；然后给出不超过三级的分层提纲，每一节用一句话说明要点；用户确认提纲后再逐节展开成段落，需要事实和数据时先检索，完稿后保存为文件。提纲要有清楚的开头、主体和结尾，各节之间不重复，语言风格贴合目标读者。不适用于翻译、会议纪要、润色已有的文字，或只需要一句话就能回答的问题。`,
          ['提纲', '大纲', '写文章', 'outline', 'draft an article'],
          ['search_knowledge', 'file_write'],
          5,
          `## 你是写作教练

1. 先确认主题、读者和篇幅；缺少就先问。
2. 给出不超过三级的提纲，每节一句话说明要点。
3. 用户确认后逐节展开；需要事实时用 search_knowledge。
4. 完稿用 file_write 保存。`,
        ),
        cases: [yes('列个提纲'), yes('写个大纲'), yes('帮我写文章'), no('晚安')],
        evals: [ask('列个提纲'), ask('写个大纲'), none('晚安', ['file_write'])],
      },
      en: {
        title: 'Writing: outline first',
        summary: 'Builds a layered outline for an article or report, then expands it.',
        text: skill(
          'outline-writer',
          `Outlines an article, report or talk: confirms the topic and readers, gives an outline of at most three
          levels, then expands section by section once the user agrees.
          Do not use for translation, meeting minutes or one-line answers.`,
          ['outline', 'draft an article', 'write an essay', 'blog post', '提纲'],
          ['search_knowledge', 'file_write'],
          5,
          `## You are a writing coach

1. Confirm the topic, the readers and the length; ask for what is missing.
2. Give an outline of at most three levels, one line per section on its point.
3. Once the user agrees, expand each section; use search_knowledge for facts.
4. Save the final text with file_write.`,
        ),
        cases: [yes('outline a blog post'), yes('draft an article outline'), yes('write an essay'), no('nice to meet you')],
        evals: [ask('outline a blog post'), ask('write an essay'), none('nice to meet you', ['file_write'])],
      },
    },
  },
  {
    id: 'translator',
    name: 'translator',
    variants: {
      zh: {
        title: '翻译',
        summary: '中英互译，保留格式和术语，可翻译工作区里的文件。',
        text: skill(
          'translator',
          `在中文和英文之间翻译用户给的文字或工作区里的文件，例如"翻译成英文""帮我中译英""把这份文档译成中文"：先判断原文语言，翻译成另一种语言（用户指定目标语言时按用户要求）；保留原有的 Markdown 格式、数字、代码、链接和专有名词，同一个术语前后译法一致；给的是文件名时先读取文件再翻译。只输出译文，有歧义或无法直译的词在译文后单独说明。不适用于润色同一语言的文字、总结或改写内容，或翻译中英文以外的其他语言。`,
          ['翻译', '译成', '中译英', 'translate', 'in english'],
          ['file_read'],
          3,
          `## 你是专业译者

1. 判断原文语言，翻译成另一种语言（用户指定时按用户要求）。
2. 保留原有格式、数字、代码和专有名词。
3. 给的是文件名时，先用 file_read 读取文件。
4. 只输出译文；有歧义的词在译文后单独说明。`,
        ),
        cases: [yes('翻译成英文'), yes('帮我中译英'), yes('translate this'), no('好的收到')],
        evals: [ask('翻译成英文'), ask('帮我中译英'), none('好的收到', ['file_read'])],
      },
      en: {
        title: 'Translation',
        summary: 'Translates between Chinese and English, keeping formatting and terms.',
        text: skill(
          'translator',
          `Translates text or a workspace file between English and Chinese, keeping Markdown formatting, numbers and
          names, with consistent terms.
          Do not use for polishing text in the same language or for summaries.`,
          ['translate', 'translation', 'into chinese', 'in english', '翻译'],
          ['file_read'],
          3,
          `## You are a professional translator

1. Detect the source language and translate into the other one (or the one the user asks for).
2. Keep the formatting, numbers, code and proper names.
3. When given a file name, read it with file_read first.
4. Output only the translation; explain ambiguous terms after it.`,
        ),
        cases: [yes('translate this'), yes('translate into Chinese'), yes('translation please'), no('ok got it')],
        evals: [ask('translate this'), ask('translate into Chinese'), none('ok got it', ['file_read'])],
      },
    },
  },
  {
    id: 'quick-calculator',
    name: 'quick-calculator',
    variants: {
      zh: {
        title: '计算器',
        summary: '精确计算算式（加减乘除、乘方、开方），不心算。',
        text: skill(
          'quick-calculator',
          `精确计算用户给出的算式，例如"计算一下 2^20""3*7 等于多少""算一下 15% 的折扣"：支持加减乘除、括号、百分比、乘方、开方和常用函数，一律把问题写成一个算式交给计算器计算，不心算、不估算。回答写成"算式 = 结果"，小数按需保留两位；算式不清楚、缺少数字或有多种理解时先向用户确认。不适用于统计数据库里的数据（销售额、订单量交给订单报表）、单位换算之外需要多步推理的应用题，或解释数学概念。`,
          ['计算', '等于多少', '算一下', 'calculate', 'how much is'],
          ['calculator'],
          3,
          `## 你是计算助手

1. 把用户的问题写成一个算式，调用 calculator 计算。
2. 回答"算式 = 结果"，必要时保留两位小数。
3. 算式不清楚时先确认。`,
        ),
        cases: [yes('计算一下 2^20'), yes('算一下 15%'), yes('3*7 等于多少'), no('哈哈哈')],
        evals: [
          ask('计算一下 2^20', ['calculator'], ['1048576']),
          ask('3*7 等于多少', ['calculator'], ['21']),
          none('哈哈哈', ['calculator']),
        ],
      },
      en: {
        title: 'Calculator',
        summary: 'Evaluates arithmetic exactly with the calculator tool.',
        text: skill(
          'quick-calculator',
          `Evaluates the arithmetic the user gives exactly: + - × ÷, percentages, powers and roots, always with the
          calculator tool, never by heart.
          Do not use for totals over database data (use the order report) or for word problems.`,
          ['calculate', 'how much is', 'compute', 'square root', '计算'],
          ['calculator'],
          3,
          `## You are a calculation assistant

1. Write the question as one expression and evaluate it with calculator.
2. Answer "expression = result", with two decimals where needed.
3. Ask when the expression is unclear.`,
        ),
        cases: [yes('calculate 2^20'), yes('how much is 3*7'), yes('square root of 2'), no('haha')],
        evals: [
          ask('calculate 2^20', ['calculator'], ['1048576']),
          ask('how much is 3*7', ['calculator'], ['21']),
          none('haha', ['calculator']),
        ],
      },
    },
  },
]

/** The blank skill's text in each language. */
const BLANK_SKILL: Record<Language, (name: string) => string> = {
  en: (name) => `---
name: ${name}
description: >-
  What this skill does and when to use it, in two or three sentences a model can decide on.
  Say when NOT to use it, too.
trigger_keywords: []
required_tools: []
max_rounds: 5
entry_mode: auto
---

## You are ...

Write the system prompt for this skill here. It replaces the default prompt while the skill is active.
`,
  zh: (name) => `---
name: ${name}
description: >-
  这个技能做什么、什么时候用（两三句话，让模型能据此判断），也写明什么时候不该用。
trigger_keywords: []
required_tools: []
max_rounds: 5
entry_mode: auto
---

## 你是 ……

在这里写这个技能的系统提示词。技能生效时，它会取代默认提示词。
`,
}

/** A blank skill: every common field, no keywords (a placeholder keyword would match real messages). */
export function blankSkillText(name: string, language: Language): string {
  return BLANK_SKILL[language](name)
}

/**
 * A template's eval cases as drafts for evals.yaml, naming the skill as it was added (`name`, made
 * unique when the template's was taken).
 */
export function templateEvalDrafts(variant: { evals?: readonly TemplateEval[] }, name: string): EvalCaseDraft[] {
  return (variant.evals ?? []).map((item) => ({
    name: `${name}: ${item.utterance}`,
    turns: [item.utterance],
    assertions: [
      { kind: 'skill' as const, value: item.expectSelf ? name : '' },
      ...(item.tools ?? []).map((value) => ({ kind: 'tools_called' as const, value })),
      ...(item.toolsNotCalled ?? []).map((value) => ({ kind: 'tools_not_called' as const, value })),
      ...(item.answer ?? []).map((value) => ({ kind: 'answer_contains' as const, value })),
    ],
  }))
}
