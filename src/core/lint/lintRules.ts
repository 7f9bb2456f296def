import type { LintRule } from './types'
import { clientRules } from './clientRules'
import { fieldRules } from './fieldRules'
import { frontmatterRules } from './frontmatterRules'
import { keywordRules } from './keywordRules'
import { workspaceRules } from './workspaceRules'

/** Every lint rule, by id. */
export const LINT_RULES: readonly LintRule[] = [...frontmatterRules, ...fieldRules, ...keywordRules, ...workspaceRules, ...clientRules]
