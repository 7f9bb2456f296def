/** The only module that imports gpt-tokenizer: o200k_base, the encoding of current OpenAI models. */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'

export { countTokens }
