/**
 * Words that carry no topic: pronouns, particles, question words, politeness and "help me" phrases,
 * in Chinese and English. A keyword that is one of them, or starts or ends with one, matches nearly
 * every message ("帮我", "怎么", "please"), so routing hints never suggest it (docs/routing.md,
 * "What the hints suggest"). Words are compared lower-cased, as the segmenter cuts the message:
 * Chinese by ICU's dictionary (帮|我|规划|一下), Latin by spaces and punctuation; the hints also
 * compare a run of two or three words whole, so "don't" (don|t) and 怎么样 (怎么|样) still count.
 */
const CHINESE = [
  // Asking for help, politeness, greetings.
  '帮',
  '帮我',
  '帮忙',
  '帮帮',
  '请',
  '请问',
  '麻烦',
  '劳驾',
  '谢谢',
  '多谢',
  '你好',
  '您好',
  '好',
  '好的',
  '嗯',
  '行',
  '嗨',
  '哈喽',
  // Pronouns and demonstratives.
  '我',
  '我们',
  '你',
  '您',
  '你们',
  '他',
  '她',
  '它',
  '他们',
  '她们',
  '它们',
  '咱',
  '咱们',
  '自己',
  '这',
  '这个',
  '这些',
  '这样',
  '那',
  '那个',
  '那些',
  '那样',
  // Question words.
  '怎么',
  '怎么样',
  '怎样',
  '如何',
  '为什么',
  '为何',
  '什么',
  '啥',
  '哪',
  '哪个',
  '哪些',
  '哪里',
  '哪儿',
  '多少',
  '几',
  '是否',
  '是不是',
  '有没有',
  '能不能',
  '可不可以',
  '会不会',
  '要不要',
  // Wanting, being able, needing.
  '我要',
  '我想',
  '想',
  '想要',
  '要',
  '需要',
  '能',
  '能否',
  '可以',
  '可否',
  '会',
  '还能',
  '应该',
  // Particles, measure words and little adverbs.
  '的',
  '地',
  '得',
  '了',
  '着',
  '过',
  '吗',
  '呢',
  '吧',
  '啊',
  '呀',
  '哦',
  '嘛',
  '哈',
  '啦',
  '一下',
  '下',
  '一个',
  '一些',
  '个',
  '些',
  '就',
  '都',
  '也',
  '还',
  '又',
  '再',
  '很',
  '太',
  '挺',
  '不',
  '不要',
  '没',
  '没有',
  '别',
  // Copulas, prepositions and conjunctions.
  '是',
  '有',
  '在',
  '和',
  '与',
  '跟',
  '及',
  '或',
  '或者',
  '还是',
  '并',
  '而',
  '但',
  '但是',
  '把',
  '被',
  '给',
  '让',
  '从',
  '到',
  '对',
  '对于',
  '关于',
  '为',
  '为了',
  '用',
  '比',
]

const ENGLISH = [
  'a',
  'an',
  'the',
  'please',
  'pls',
  'help',
  'me',
  'my',
  'mine',
  'i',
  "i'm",
  'we',
  'us',
  'our',
  'you',
  'your',
  'he',
  'she',
  'it',
  'its',
  'they',
  'them',
  'their',
  'this',
  'that',
  'these',
  'those',
  'there',
  'here',
  'can',
  'could',
  'would',
  'will',
  'shall',
  'should',
  'may',
  'might',
  'must',
  'do',
  'does',
  'did',
  'done',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'am',
  'have',
  'has',
  'had',
  'how',
  'what',
  "what's",
  'which',
  'who',
  'whom',
  'whose',
  'when',
  'where',
  'why',
  'want',
  'need',
  'like',
  'let',
  "let's",
  'just',
  'some',
  'any',
  'much',
  'many',
  'very',
  'so',
  'too',
  'also',
  'not',
  "don't",
  'no',
  'yes',
  'and',
  'or',
  'but',
  'if',
  'of',
  'to',
  'for',
  'in',
  'on',
  'at',
  'by',
  'with',
  'from',
  'about',
  'into',
  'as',
  'up',
  'out',
  'hello',
  'hi',
  'hey',
  'thanks',
  'thank',
  'ok',
  'okay',
]

const FUNCTION_WORDS: ReadonlySet<string> = new Set([...CHINESE, ...ENGLISH])

/** Whether `word` (one word as the segmenter cuts it, or a short phrase such as 我想) carries no topic of its own. */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word.toLowerCase())
}

// Chinese particles that only glue words together: a keyword holds none as a word of its own
// ("周报", not "的周报", "42 的" or "42 的周报"; 为了 and 得到 are words, not particles).
const PARTICLE = /^[的地得了吗呢吧啊]$/u
// The segmenter sometimes joins a pronoun, a plea or a question word to the next character (我把,
// 请将, 怎么说) or a particle or measure word to the word before (好吗, 写个): such a word still
// starts or ends a phrase no person would add.
// 请 and 帮 only as a plea (请将, 请帮, 帮我, 帮忙): 请假, 请款单 and 帮助 are words of their own.
const LEADING_FUNCTION = /^(?:[我你您怎哪]|请(?:[将把帮给问您你]|$)|帮(?:[我你他她忙]|$)|什么|为什么)/u
const TRAILING_FUNCTION = /(?:[的了吗呢吧啊呀么个]|怎么\p{Script=Han})$/u
// Words that join two things: a phrase runs through none ("大纲和学习", "week and compute" are two keywords, not one).
const CONJUNCTION = /^(?:和|与|或|或者|及|以及|还是|跟|and|or)$/u

// A number (二十, 第三, 42) or a count (一篇, 两份, 三天, 这份, 每条) is a value of one message, it
// names no topic: "一篇文章" or "请假三天" is no keyword a person would add, "文章" and "请假" are.
// A few such words are terms of their own (二次开发, 五笔).
const NUMBER = '第?[零〇一二两三四五六七八九十百千万亿几半\\d]+'
const MEASURE = '[个篇份条张次本件位只句段项种些遍回页行节首部批笔封台道天周月年元块号日点分秒岁]'
const COUNT = new RegExp(`^(?:${NUMBER}${MEASURE}?|[每这那哪某各该]${MEASURE})$`, 'u')
const COUNT_TERMS: ReadonlySet<string> = new Set(['二次', '五笔'])

/** Whether `word` is a Chinese particle standing as a word of its own (的, 了, 吗…). */
export function isParticle(word: string): boolean {
  return PARTICLE.test(word)
}

/** Whether a word as the segmenter cut it starts with a pronoun, a plea or a question word (我把, 请将, 怎么说). */
export function startsWithFunctionWord(word: string): boolean {
  return LEADING_FUNCTION.test(word)
}

/** Whether a word as the segmenter cut it is a number or a count of things (二十, 第三, 一篇, 三天, 这份), not a topic. */
export function isCountWord(word: string): boolean {
  return COUNT.test(word) && !COUNT_TERMS.has(word)
}

/** Whether a word as the segmenter cut it ends with a particle or a measure word (好吗, 写个). */
export function endsWithFunctionWord(word: string): boolean {
  return TRAILING_FUNCTION.test(word)
}

/** Whether `word` joins two things (和, 或者, and, or): a phrase runs through none. */
export function isConjunction(word: string): boolean {
  return CONJUNCTION.test(word)
}
