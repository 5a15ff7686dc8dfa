/**
 * An app that sends no message pays nothing for them (issue "Messages and
 * components"): the one-command bundle of bench/size.mjs (builders and rules of
 * one command, from the built package) holds none of the message code: not the
 * component rules, nor the embed rules, nor the custom_id codec, nor the
 * factories. Checked by what the code says, not by the gzip size, which moves by a
 * few bytes with esbuild's choice of short names (it reads the characters of the
 * whole input file, dead code included). A bot that uses messages does carry them.
 */
import { describe, expect, it } from 'vitest'
import { gzipped, MESSAGES, OURS } from '../../bench/size.mjs'
import { build } from 'esbuild'

/** The minified text of a bundle of `contents`, as bench/size.mjs makes it. */
async function bundle(contents: string): Promise<string> {
  const out = await build({
    stdin: { contents, resolveDir: new URL('../..', import.meta.url).pathname, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  })
  return out.outputFiles[0]?.text ?? ''
}

/** Text each part of the message code holds, and nothing else does. */
const MARKERS = {
  'component rules (rules/components.ts)': 'MENTIONABLE_SELECT',
  'embed rules (rules/embeds.ts)': 'an embed footer',
  'message body rules (rules/message-body.ts)': 'a poll answer',
  'custom_id codec (builders/custom-id/codec.ts)': 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
  'route (builders/custom-id/route.ts)': 'param.oneOf',
}

describe('messages cost nothing to an app that sends none', () => {
  it('the one-command bundle holds no message code; the messages bot holds all of it', async () => {
    const [one, bot] = await Promise.all([bundle(OURS), bundle(MESSAGES)])
    for (const [part, marker] of Object.entries(MARKERS)) {
      expect(one.includes(marker), `${part} in the one-command bundle`).toBe(false)
      expect(bot.includes(marker), `${part} in the messages bot's bundle`).toBe(true)
    }
  })

  it('the messages bot is reported beside the one command (bench/size.mjs, npm run bench)', async () => {
    const [one, bot] = await Promise.all([gzipped(OURS), gzipped(MESSAGES)])
    expect(bot.gzip).toBeGreaterThan(one.gzip)
  })
})

describe('an HTTP bot without components pays nothing for reading them (issue 30 round two)', () => {
  const HTTP = `import { commands, slash } from './dist/index.js'
import { createHandler } from './dist/http.js'
export default createHandler({ publicKey: 'a'.repeat(64), app: commands(slash('ping', 'Pong')), handlers: { ping: () => 'pong' } })`
  const ROUTED = `import { commands, label, modalRoute, param, route, slash, textInput } from './dist/index.js'
import { createHandler } from './dist/http.js'
const vote = route('vote', { choice: param.oneOf('yes', 'no') })
const why = modalRoute('why', {}, 'Why?', [label('Why?', textInput('text'))])
export default createHandler({ publicKey: 'a'.repeat(64), app: commands(slash('ping', 'Pong')), handlers: { ping: () => 'pong' }, routes: [vote, why], components: { vote: () => 'ok', why: () => 'ok' } })`
  // Text of what a route reads (builders/custom-id/read.ts): a modal's fields, a select's values; and the codec.
  const READING = {
    'modal fields (readModalFields)': 'one of its options, or null',
    'the codec (builders/custom-id/codec.ts)': MARKERS['custom_id codec (builders/custom-id/codec.ts)'],
  }

  it('createHandler for commands alone holds no route code: the reading comes with the routes', async () => {
    const [plain, routed] = await Promise.all([bundle(HTTP), bundle(ROUTED)])
    for (const [part, marker] of Object.entries(READING)) {
      expect(plain.includes(marker), `${part} in a bot without routes`).toBe(false)
      expect(routed.includes(marker), `${part} in a bot with routes`).toBe(true)
    }
  })
})
