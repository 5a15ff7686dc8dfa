/**
 * A missing handler reads as a sentence on the first line every compiler shows
 * (issue 26 item 1): TypeScript 5.9, 6.0 and the native 7.0, for the list form and
 * the map form of `router`, `createHandler` and `createGatewayHandler`, and for the
 * handlers of their component and modal routes (issue 30 round two: a route without
 * a handler, a handler for no route); and the refusal costs the other handlers nothing (no implicit `any`, TS7006/TS7031: their
 * parameters stay typed), nor the handler under a misspelt command, subcommand or route key (its parameters are `any`). Compiled against the built declarations, as users get
 * them (a build first: `npm test` builds before vitest).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const COMPILERS = [
  ['5.9', 'node_modules/typescript/bin/tsc'],
  ['6.0', 'node_modules/typescript6/bin/tsc'],
  ['7.0', 'node_modules/typescript7/bin/tsc'],
] as const

const LIST = 'bind one with handle(...)'
const MAP = 'add one to the handlers'

const sentence = (command: string, fix: string) => `no handler for command '${command}'; ${fix}`
/** The first line of a refusal: the sentence, as the name of the key the map lacks (src/parse/components.ts, \`Refused\`). */
const lead = (text: string) => `Property '"❌ ${text}`

/** Each case is one line of the fixture, and what its first error line must hold. */
const CASES: readonly (readonly [string, string, readonly string[]])[] = [
  ['router, map', `router(app, { ban: ({ options }) => reply(options.target.user.username) })`, [lead(sentence('config', MAP))]],
  ['router, list', `router(app, [bind(ban, ({ options }) => reply(options.target.user.username))])`, [lead(sentence('config', LIST))]],
  ['createHandler, map', `createHandler({ publicKey, app, handlers: { ban: ({ options }, ctx) => options.target.user.username + ctx.id } })`, [lead(sentence('config', MAP))]],
  [
    'createHandler, list',
    `createHandler({ publicKey, app, handlers: [handle(ban, ({ options }, ctx) => options.target.user.username + ctx.id)] })`,
    [lead(sentence('config', LIST))],
  ],
  ['createGatewayHandler, map', `createGatewayHandler({ app, handlers: { ban: ({ options }, ctx) => options.target.user.username + ctx.id } })`, [lead(sentence('config', MAP))]],
  [
    'createGatewayHandler, list',
    `createGatewayHandler({ app, handlers: [handle(ban, ({ options }, ctx) => options.target.user.username + ctx.id)] })`,
    [lead(sentence('config', LIST))],
  ],
  // Two commands missing: one sentence naming both, in the set's order.
  [
    'createHandler, map, two missing',
    `createHandler({ publicKey, app: large, handlers: { ban: ({ options }) => options.target.user.username } })`,
    [lead("no handler for commands 'config' and 'kick'; add them to the handlers")],
  ],
  // A misspelt command or subcommand key, its handler's parameters destructured: typed `any` by the checked map's index signature, so the sentence is its only error (no TS7031).
  [
    'router, map, a misspelt command',
    `router(app, { bna: ({ options }) => reply(String(options)), config: { show: () => reply('x'), set: () => reply('x') } })`,
    [lead("there is no command, group or subcommand named 'bna' to handle; did you mean 'ban'?")],
  ],
  [
    'createHandler, map, a misspelt subcommand',
    `createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', sett: ({ options }, ctx) => options.key + ctx.id } } })`,
    [lead("there is no command, group or subcommand named 'sett' to handle; did you mean 'set'?")],
  ],
  // A key that names no route: the nearest route's name and the routes there are.
  [
    'createHandler, routes, a misspelt route',
    `createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' } }, routes: [vote, page], components: { vote: ({ params }, ctx) => params.choice + ctx.id, pgae: () => 'x' } })`,
    [lead("there is no route named 'pgae' to handle; did you mean 'page'? (the routes are 'vote' and 'page')")],
  ],
  // A misspelt route's handler, its parameters destructured: typed `any` by the map's constraint, so the sentence is its only error (no TS7031).
  [
    'createGatewayHandler, routes, a misspelt route',
    `createGatewayHandler({ app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' } }, routes: [vote, page], components: { vote: ({ params }) => params.choice, pgae: ({ params }, ctx) => params.n + ctx.id } })`,
    [lead("there is no route named 'pgae' to handle; did you mean 'page'? (the routes are 'vote' and 'page')")],
  ],
  // Issue 30 round two: the component and modal routes' handler map, exhaustive like the command map.
  [
    'createHandler, routes, a route without a handler',
    `createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' } }, routes: [vote, page], components: { vote: ({ params }, ctx) => params.choice + ctx.id } })`,
    [lead("no handler for route 'page'; add one to the components")],
  ],
  [
    'createHandler, routes, a handler for no route',
    `createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' } }, routes: [vote], components: { vote: ({ params }, ctx) => params.choice + ctx.id, gone: () => 'x' } })`,
    [lead("there is no route named 'gone' to handle; add it to the routes (the routes are 'vote')")],
  ],
  [
    'createGatewayHandler, routes, a route without a handler',
    `createGatewayHandler({ app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' } }, routes: [vote, page], components: { page: ({ params }, ctx) => params.n + ctx.id } })`,
    [lead("no handler for route 'vote'; add one to the components")],
  ],
]

const fixture = (dist: string): string =>
  [
    `import { commands, handle as bind, option, param, reply, route, router, slash } from '${dist}/index.js'`,
    `import { createGatewayHandler, createHandler, handle } from '${dist}/http.js'`,
    `const ban = slash('ban', 'Ban').options(option.user('target', 'Who').required())`,
    `const config = slash('config', 'Settings').subcommand('show', 'Show').subcommand('set', 'Set', (s) => s.options(option.string('key', 'Key').required()))`,
    `const app = commands(ban, config)`,
    `const large = commands(ban, config, slash('kick', 'Kick'))`,
    `declare const publicKey: string`,
    `const vote = route('vote', { choice: param.oneOf('yes', 'no') })`,
    `const page = route('page', { n: param.integer({ min: 1, max: 20 }) })`,
    ...CASES.map(([, code]) => code),
  ].join('\n')
/** The line of case `i` (1-based), after the fixture's 9 lines of set-up. */
const lineOf = (i: number): number => 10 + i

interface Diagnostic {
  readonly line: number
  readonly code: string
  readonly first: string
}

function compile(bin: string, project: string): Promise<Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, bin), '--noEmit', '-p', project, '--pretty', 'false'], { cwd: root })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c))
    child.on('error', reject)
    child.on('close', () => {
      const found: Diagnostic[] = []
      for (const raw of out.split(/\r?\n/)) {
        const m = /^.+\((\d+),\d+\): error (TS\d+): (.*)$/.exec(raw)
        if (m !== null) found.push({ line: Number(m[1]), code: m[2] as string, first: m[3] as string })
        else if (raw.trim() !== '' && !/^\s/.test(raw)) found.push({ line: 0, code: 'output', first: raw })
      }
      resolve(found)
    })
  })
}

const dir = mkdtempSync(join(tmpdir(), 'slashkit-refusals-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a missing handler: the sentence first, under TypeScript 5.9, 6.0 and 7.0', () => {
  writeFileSync(join(dir, 'refusals.ts'), fixture(join(root, 'dist')))
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], types: [], strict: true, skipLibCheck: true, noEmit: true },
      files: ['refusals.ts'],
    }),
  )
  const runs = Promise.all(COMPILERS.map(async ([version, bin]) => [version, await compile(bin, join(dir, 'tsconfig.json'))] as const))

  it.each(COMPILERS.map(([version]) => [version]))('TypeScript %s', { timeout: 120_000 }, async (version) => {
    const diagnostics = (await runs).find(([v]) => v === version)?.[1] ?? []
    // Nothing but one error per case: no implicit any, no error elsewhere.
    expect(diagnostics.filter((d) => d.code === 'TS7006' || d.code === 'TS7031')).toEqual([])
    expect(diagnostics.map((d) => d.line).sort((a, b) => a - b)).toEqual(CASES.map((_, i) => lineOf(i)))
    for (const [i, [name, , expected]] of CASES.entries()) {
      const first = diagnostics.find((x) => x.line === lineOf(i))?.first
      // A direct argument (router's) under 5.9 and 6.0 leads with "Argument of type ...", and names the sentence in the parameter's type.
      const direct = name.startsWith('router') && version !== '7.0'
      for (const text of expected) expect(first, `${name} under TypeScript ${version}`).toContain(direct ? text.replace(`Property '"❌ `, 'Refused<"❌ ') : text)
    }
  })
})
