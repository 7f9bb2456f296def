export {
  budgetNumbers,
  CLAUDE_API_RULES,
  clientOfLintProfile,
  clientsDefining,
  CLIENT_IDS,
  CLIENT_PROFILES,
  CODEX_SIDECAR,
  CODEX_SIDECAR_KEYS,
  isClientId,
  MAX_BUDGET_NUMBER,
  STANDARD_FIELDS,
} from './clientProfiles'
export type { BudgetNumberKey, BudgetNumbers, CatalogLayoutKind, ClientId, ClientProfile } from './clientProfiles'
