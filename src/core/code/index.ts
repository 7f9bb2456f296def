export {
  capResult,
  codeRequest,
  cutOutput,
  DEFAULT_CODE_TIMEOUT_MS,
  MAX_CODE_OUTPUT_CHARS,
  MAX_CODE_RESULT_BYTES,
  resultTooLarge,
  SANDBOX_READY,
  sandboxFailure,
} from './codeRun'
export type { CodeErrorType, CodeRunner, CodeRunOutcome, CodeRunRequest, ExecErrorType } from './codeRun'
export { BLOCKED_MODULES, FORGET_HOST, PYTHON_HARNESS, readOutcome, SANDBOX_ROOT, sandboxFiles } from './pythonHarness'
