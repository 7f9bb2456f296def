#!/usr/bin/env node
// Runs the TypeScript CLI straight from src/ through tsx, so no build step is needed after npm ci.
import { register } from 'tsx/esm/api'

register()
await import('../src/cli/main.ts')
