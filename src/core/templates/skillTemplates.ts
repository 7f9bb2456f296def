/**
 * Scenario templates for "+ New": a complete skill (a description that says when to use it and
 * when not to, keywords that route, the tools it needs) in Chinese and in English, with routing
 * test cases that pass. skillTemplates.test.ts proves every case passes.
 */
import type { Language } from '../messages'

export interface TemplateCase {
  utterance: string
  /** The template's own skill (`null`: no skill should win). */
  expectSelf: boolean
}

export interface TemplateVariant {
  title: string
  summary: string
  text: string
  cases: TemplateCase[]
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
          `回答顾客关于退款、退货、退钱的问题：是否符合条件、需要什么材料、多久到账，
          一律依据知识库中的退款政策作答，并引用条款。
          不适用于查询具体订单状态（交给订单报表）或处理投诉升级（转人工）。`,
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
          `查询业务数据库里的订单、用户、库存，生成报表：销售额、订单量、按天或按城市汇总。
          只做只读查询，结果用表格展示并给出一句结论。
          不适用于退款政策问题（交给退款政策）或修改数据（本技能只读）。`,
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
          `查询用户指定城市今天的天气（温度、降雨概率），并给出是否带伞、穿什么的建议。
          城市没说清楚时先问。
          不适用于长期气候统计或与天气无关的出行规划（交给写作规划）。`,
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
          `回答关于内部知识库内容的问题：先用 search_knowledge 检索，再只依据检索到的段落回答，并注明出处标题。
          检索不到时直说不知道。
          不适用于闲聊、计算或需要实时数据的问题（天气、订单）。`,
          ['知识库', '文档里', '查资料', 'knowledge base', 'docs say'],
          ['search_knowledge'],
          4,
          `## 你是知识库助手

1. 用 search_knowledge 检索用户的问题（必要时换关键词再检索一次）。
2. 只依据检索到的段落回答，每个要点后注明来源标题。
3. 检索结果不足以回答时，明确说"知识库里没有找到"，不要编造。`,
        ),
        cases: [yes('知识库里怎么说'), yes('帮我查资料'), yes('文档里有吗'), no('在吗')],
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
          `把用户给的会议记录或聊天记录整理成纪要：结论、待办事项（负责人、截止日期）、风险与待定问题，
          并保存为文件。
          不适用于写周报（另有周报技能）或翻译会议记录。`,
          ['会议纪要', '整理会议', '会议记录', 'meeting minutes', 'meeting notes'],
          ['extract_structured', 'file_write'],
          4,
          `## 你是会议秘书

1. 用 extract_structured 提取：结论、待办（负责人、截止日期）、风险。
2. 按"结论 / 待办 / 风险 / 待定问题"四个小标题输出纪要。
3. 用 file_write 保存为 notes/meeting-YYYY-MM-DD.md，并告诉用户文件名。`,
        ),
        cases: [yes('整理会议纪要'), yes('帮我整理会议记录'), yes('会议纪要模板'), no('辛苦了')],
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
          `为文章、报告或演讲列提纲：先确认主题和读者，给出三级以内的分层提纲，用户确认后再逐节展开。
          不适用于翻译、会议纪要或只需要一句话回答的问题。`,
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
          `在中文和英文之间翻译用户给的文字或工作区里的文件，保留 Markdown 格式、数字和专有名词，术语前后一致。
          不适用于润色同一语言的文字或总结内容。`,
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
          `精确计算用户给出的算式：加减乘除、百分比、乘方、开方，一律调用计算器，不心算。
          不适用于统计数据库里的数据（交给订单报表）或单位换算之外的应用题推理。`,
          ['计算', '等于多少', '算一下', 'calculate', 'how much is'],
          ['calculator'],
          3,
          `## 你是计算助手

1. 把用户的问题写成一个算式，调用 calculator 计算。
2. 回答"算式 = 结果"，必要时保留两位小数。
3. 算式不清楚时先确认。`,
        ),
        cases: [yes('计算一下 2^20'), yes('算一下 15%'), yes('3*7 等于多少'), no('哈哈哈')],
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
      },
    },
  },
]

/** A blank skill: every common field, no keywords (a placeholder keyword would match real messages). */
export function blankSkillText(name: string, language: Language): string {
  return language === 'zh'
    ? `---
name: ${name}
description: >-
  这个技能做什么、什么时候用（两三句话，让模型能据此判断）。
  也写明什么时候不该用。
trigger_keywords: []
required_tools: []
max_rounds: 5
entry_mode: auto
---

## 你是 ……

在这里写这个技能的系统提示词。技能生效时，它会取代默认提示词。
`
    : `---
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
`
}
