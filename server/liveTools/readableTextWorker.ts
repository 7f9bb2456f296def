/**
 * The worker thread readableTextInWorker.ts keeps for reading pages: each message is one page's
 * HTML, answered with its text. Whatever a page makes readableText do happens here, where the
 * server can end it.
 */
import { parentPort } from 'node:worker_threads'
import { readableText } from './readableText'

parentPort?.on('message', (html: string) => parentPort?.postMessage(readableText(html)))
