/**
 * Bundle size (issue "Type-level builders"): the builders and rules one command
 * needs, bundled, minified and gzipped, against @discordjs/builders doing the
 * same. Both bundles are made by esbuild in this process, with the same options.
 *
 *   node bench/size.mjs      (after npm run build)
 */
import { gzipSync } from 'node:zlib'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url).pathname

/** Minified and gzipped size of a bundle of `contents` (an ES module), from the repository root. */
export async function gzipped(contents) {
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  })
  const bytes = out.outputFiles[0].contents
  return { minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

/** One command with builders and rules: what the size limit is about. */
export const OURS = `import { option, slash } from './dist/index.js'
console.log(JSON.stringify(slash('ping', 'Pong').options(option.string('x', 'y').required()).toJSON()))`
const PEER = `import { SlashCommandBuilder } from '@discordjs/builders'
console.log(JSON.stringify(new SlashCommandBuilder().setName('ping').setDescription('Pong').addStringOption((o) => o.setName('x').setDescription('y').setRequired(true)).toJSON()))`

/**
 * A bot that answers with messages (issue "Messages and components"): the same
 * command, and a reply with an embed and a row of buttons made by a typed route,
 * checked before it is sent. Reported beside the one-command bundle: what using
 * messages costs; the one-command bundle holds none of it.
 */
export const MESSAGES = `import { actionRow, embed, messageBody, option, param, route, slash, validateInteractionResponse } from './dist/index.js'
const vote = route('vote', { choice: param.oneOf('yes', 'no'), poll: param.snowflake() })
const body = messageBody({ embeds: [embed({ title: 'Poll', description: 'Lunch?' })], components: [actionRow(vote.button({ choice: 'yes', poll: '1' }, 'Yes'), vote.button({ choice: 'no', poll: '1' }, 'No'))] })
console.log(JSON.stringify(slash('ping', 'Pong').options(option.string('x', 'y').required()).toJSON()), validateInteractionResponse({ type: 4, data: body }).ok)`

/** Sizes of one command's bundle, ours and the peer's, and their ratio; the messages bot's; the whole package's. */
export async function sizes() {
  const [ours, peer, messages] = await Promise.all([gzipped(OURS), gzipped(PEER), gzipped(MESSAGES)])
  const everything = await gzipped("export * from './dist/index.js'")
  return { ours, peer, messages, everything, ratio: ours.gzip / peer.gzip }
}

/**
 * The limit: 8 KB gzipped from the issue that set it, raised to 8.5 KB by issue 14
 * (the rules it adds: undefined and OpenAPI nulls absent, fetched commands, lists
 * without repeats, errors recognised across builds) took the bundle from 8105 to
 * 8556 bytes; the base had 87 bytes left. Issue 17 sets 9 KB: its per-call walk
 * context (rules/walk.ts, state passed as properties, which do not minify) and
 * channel types read from wire/enums.ts took it from 8632 to about 8860 bytes;
 * the message catalogue (rules/messages.ts) and the option-kind table
 * (wire/option-kinds.ts) to 9208 bytes.
 */
export const SIZE_LIMIT = 9 * 1024

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await sizes())
