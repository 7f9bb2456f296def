/**
 * The model and the OpenAI-compatible server a run talks to when none is named: the page's model
 * settings, the team server's proxy (OPENAI_MODEL, OPENAI_BASE_URL) and the CLI's `--model openai`
 * all fall back to these.
 */
export const DEFAULT_MODEL = 'gpt-4.1-mini'

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1'
