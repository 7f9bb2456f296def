export {
  BLOCKED_MODULES,
  codeRequest,
  DEFAULT_CODE_TIMEOUT_MS,
  MAX_CODE_OUTPUT_CHARS,
  PYTHON_HARNESS,
  readOutcome,
  SANDBOX_READY,
  SANDBOX_ROOT,
  sandboxFailure,
  sandboxFiles,
} from './pythonHarness'
export type { CodeErrorType, CodeRunner, CodeRunOutcome, CodeRunRequest } from './pythonHarness'
