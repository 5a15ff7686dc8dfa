/**
 * Editor latency (issue "Editor speed"): tsserver 5.9 driven over its protocol as an
 * editor drives it, on the 130-command workload of bench/inference.mjs, for three
 * ways of getting typed handlers:
 * - `handwritten`: literals `as const satisfies` and a mapped type giving each handler
 *   its options (what a user writes without slashkit);
 * - `slashkit-map`: the chains, `commands(...)` and `router(app, { ...handlers })`;
 * - `slashkit-each`: the chains, each command's handlers bound with `handle(...)`.
 * Two layouts: everything in one file, and one file per command with the set and the
 * router (or the handler map) in their own file.
 *
 * Each measurement starts a fresh server, opens the file holding the handler of the
 * command with the most options, asks for its diagnostics (first diagnostics after
 * open), then, each after one edit inside that handler: completions after `o.`, hover
 * (quickinfo) on `o`, and the file's diagnostics again. Medians over `--rounds` servers.
 *
 *   node bench/editor.mjs [--rounds=3]    (after npm run build)
 *   --declarations=DIR                   against other built declarations (DIR/index.d.ts):
 *                                        a copy of dist/ from before a change, for an A/B
 *   --map[=300]                          instead: a handler map of 300 commands (the fixture's
 *                                        sets, renamed apart), the set in app.ts, three places:
 *                                        a handler in the middle of `router(app, {...})`, the
 *                                        handler under a misspelt key of the same map, and a
 *                                        handler in its own file typed `Handlers<typeof app>[name]`
 *
 * test/parse/router-scale.test.ts holds the same three places on a smaller workload by
 * the language service's instantiation counts (the editor types each handler, at a cost
 * linear in the set); this file gives their latency in tsserver.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { handwrittenTypes, handlerMap, setsFor } from './inference.mjs'
import { slashkitCommand } from './codegen.mjs'

const root = new URL('..', import.meta.url).pathname
const base = new URL('../.bench-tmp/editor/', import.meta.url).pathname
/** The declarations checked against: dist/ unless `--declarations=DIR`. */
const declarations =
  process.argv
    .find((a) => a.startsWith('--declarations='))
    ?.slice(15)
    .replace(/\/?$/, '/') ?? `${root}dist/`
const tsserver = new URL('../node_modules/typescript/lib/tsserver.js', import.meta.url).pathname
const q = JSON.stringify

/** The flat command with the most options: the handler the edits go into. */
function target(set) {
  let best = -1
  set.forEach((c, i) => {
    const flat = c.type === 1 && (c.options ?? []).length > 0 && c.options[0].type !== 1 && c.options[0].type !== 2
    if (flat && (best < 0 || c.options.length > set[best].options.length)) best = i
  })
  return best
}

const HANDWRITTEN_IMPORT = (from) => `import type { HandlersOf } from ${q(from)}\n`

/**
 * The files of one variant and layout: `{ files: { name: text }, open: name }`. The
 * opened file holds the target handler, written as `const o = v.options; return [...]`.
 */
function layout(variant, split) {
  const [set] = setsFor(130)
  const t = target(set)
  const files = {}
  const skHeader = "import { choice, commands, handle, message, option, router, slash, user } from 'slashkit'\n"
  if (!split) {
    if (variant === 'handwritten') {
      files['main.ts'] =
        handwrittenTypes() +
        `export const app = ${JSON.stringify(set)} as const satisfies RESTPutAPIApplicationCommandsJSONBody\n` +
        `export const handlers: HandlersOf<typeof app> = {\n  ${set.map((c) => `${q(c.name)}: ${handlerMap(c)}`).join(',\n  ')},\n}\n`
    } else if (variant === 'slashkit-map') {
      files['main.ts'] =
        skHeader +
        `export const app = commands(\n  ${set.map(slashkitCommand).join(',\n  ')},\n)\n` +
        `export const route = router(app, {\n  ${set.map((c) => `${q(c.name)}: ${handlerMap(c)}`).join(',\n  ')},\n})\n`
    } else {
      files['main.ts'] =
        skHeader +
        set.map((c, j) => `export const c${j} = ${slashkitCommand(c)}\nexport const h${j} = handle(c${j}, ${handlerMap(c)})\n`).join('') +
        `export const app = commands(${set.map((_, j) => `c${j}`).join(', ')})\n` +
        `export const route = router(app, [${set.map((_, j) => `h${j}`).join(', ')}])\n`
    }
    return { files, open: 'main.ts' }
  }
  if (variant === 'handwritten') {
    files['types.ts'] = handwrittenTypes() + 'export type { HandlersOf }\n'
    set.forEach((c, j) => {
      files[`c${j}.ts`] =
        `import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10'\nexport const c${j} = ${JSON.stringify(c)} as const satisfies RESTPutAPIApplicationCommandsJSONBody[number]\n`
    })
    files['app.ts'] = set.map((_, j) => `import { c${j} } from './c${j}.js'\n`).join('') + `export const app = [${set.map((_, j) => `c${j}`).join(', ')}] as const\n`
    files['handlers.ts'] =
      HANDWRITTEN_IMPORT('./types.js') +
      "import { app } from './app.js'\n" +
      `export const handlers: HandlersOf<typeof app> = {\n  ${set.map((c) => `${q(c.name)}: ${handlerMap(c)}`).join(',\n  ')},\n}\n`
    return { files, open: 'handlers.ts' }
  }
  if (variant === 'slashkit-map') {
    set.forEach((c, j) => {
      files[`c${j}.ts`] = `${skHeader}export const c${j} = ${slashkitCommand(c)}\n`
    })
    files['app.ts'] =
      "import { commands } from 'slashkit'\n" +
      set.map((_, j) => `import { c${j} } from './c${j}.js'\n`).join('') +
      `export const app = commands(${set.map((_, j) => `c${j}`).join(', ')})\n`
    files['router.ts'] =
      "import { router } from 'slashkit'\nimport { app } from './app.js'\n" +
      `export const route = router(app, {\n  ${set.map((c) => `${q(c.name)}: ${handlerMap(c)}`).join(',\n  ')},\n})\n`
    return { files, open: 'router.ts' }
  }
  set.forEach((c, j) => {
    files[`c${j}.ts`] = `${skHeader}export const c${j} = ${slashkitCommand(c)}\nexport const h${j} = handle(c${j}, ${handlerMap(c)})\n`
  })
  files['app.ts'] =
    "import { commands, router } from 'slashkit'\n" +
    set.map((_, j) => `import { c${j}, h${j} } from './c${j}.js'\n`).join('') +
    `export const app = commands(${set.map((_, j) => `c${j}`).join(', ')})\n` +
    `export const route = router(app, [${set.map((_, j) => `h${j}`).join(', ')}])\n`
  return { files, open: `c${t}.ts` }
}

/** A tsserver session: `request(command, arguments)` resolves with the response body. */
function server(cwd) {
  const child = spawn(process.execPath, [tsserver, '--disableAutomaticTypingAcquisition', '--suppressDiagnosticEvents'], { cwd, stdio: ['pipe', 'pipe', 'ignore'] })
  let seq = 0
  let buffer = ''
  const pending = new Map()
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk) => {
    buffer += chunk
    for (;;) {
      const header = /Content-Length: (\d+)\r\n\r\n/.exec(buffer)
      if (header === null) return
      const start = header.index + header[0].length
      const length = Number(header[1])
      if (Buffer.byteLength(buffer.slice(start)) < length) return
      // Content-Length counts bytes; the workload is ASCII but for localized names, so cut by bytes.
      const bytes = Buffer.from(buffer.slice(start))
      const message = JSON.parse(bytes.subarray(0, length).toString('utf8'))
      buffer = bytes.subarray(length).toString('utf8')
      if (message.type === 'response' && pending.has(message.request_seq)) {
        pending.get(message.request_seq)(message)
        pending.delete(message.request_seq)
      }
    }
  })
  const request = (command, args) =>
    new Promise((resolve, reject) => {
      const s = ++seq
      pending.set(s, (m) => (m.success || command === 'change' ? resolve(m.body) : reject(new Error(`tsserver ${command}: ${m.message}`))))
      child.stdin.write(`${JSON.stringify({ seq: s, type: 'request', command, arguments: args })}\n`)
    })
  const notify = (command, args) => child.stdin.write(`${JSON.stringify({ seq: ++seq, type: 'request', command, arguments: args })}\n`)
  return { request, notify, close: () => child.kill() }
}

/** Line and offset (1-based) of `index` in `text`. */
function position(text, index) {
  const before = text.slice(0, index)
  const line = before.split('\n').length
  return { line, offset: index - before.lastIndexOf('\n') }
}

async function timed(work) {
  const start = performance.now()
  await work()
  return performance.now() - start
}

/** Writes `files` into a fresh `dir` with a tsconfig.json that resolves `slashkit` to the declarations. */
function writeProject(dir, files) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(`${dir}${name}`, text)
  writeFileSync(
    `${dir}tsconfig.json`,
    q({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2022'],
        types: [],
        skipLibCheck: true,
        paths: { slashkit: [`${declarations}index.d.ts`] },
      },
      include: ['*.ts'],
    }),
  )
}

/** One fresh server on one variant and layout: the four latencies, in milliseconds. */
async function measure(variant, split) {
  const dir = `${base}${variant}-${split ? 'split' : 'one'}/`
  const { files, open } = layout(variant, split)
  writeProject(dir, files)
  const file = `${dir}${open}`
  const text = files[open]
  // The target handler is the only one whose body reads `o` of the command with the most options.
  const [set] = setsFor(130)
  const t = target(set)
  const anchor =
    text.indexOf(`${q(set[t].name)}: (v) => { const o = v.options; `) >= 0
      ? text.indexOf(`${q(set[t].name)}: (v) => { const o = v.options; `) + `${q(set[t].name)}: (v) => { const o = v.options; `.length
      : text.indexOf(`handle(c${t}, (v) => { const o = v.options; `) + `handle(c${t}, (v) => { const o = v.options; `.length
  if (anchor < 40) throw new Error(`editor bench: no target handler in ${open}`)
  const ts = server(dir)
  try {
    const at = position(text, anchor)
    const result = {}
    // As editors do: completions may insert text (names like `amount-public` come as o["amount-public"]).
    await ts.request('configure', { preferences: { includeCompletionsWithInsertText: true } })
    result.open = await timed(async () => {
      ts.notify('open', { file, fileContent: text, projectRootPath: dir })
      await ts.request('semanticDiagnosticsSync', { file })
    })
    // One keystroke each: `o.` then completions; a space then hover on `o`; a space then diagnostics.
    ts.notify('change', { file, ...at, endLine: at.line, endOffset: at.offset, insertString: 'o.' })
    let completion
    result.completions = await timed(async () => {
      completion = await ts.request('completionInfo', { file, line: at.line, offset: at.offset + 2 })
    })
    // The measurement only counts when the editor got the handler's options.
    const names = new Set((completion?.entries ?? []).map((e) => e.name))
    const missing = set[t].options.map((o) => o.name).filter((n) => !names.has(n))
    if (missing.length > 0) throw new Error(`editor bench: ${variant}: completions lack ${missing.join(', ')}`)
    ts.notify('change', { file, ...at, endLine: at.line, endOffset: at.offset, insertString: ' ' })
    const oAt = position(text, anchor - ' = v.options; '.length - 1)
    let info
    result.hover = await timed(async () => {
      info = await ts.request('quickinfo', { file, ...oAt })
    })
    if (!String(info?.displayString).includes(set[t].options[0].name)) throw new Error(`editor bench: ${variant}: hover on o does not show its options (${info?.displayString})`)
    ts.notify('change', { file, ...at, endLine: at.line, endOffset: at.offset, insertString: ' ' })
    result.diagnostics = await timed(() => ts.request('semanticDiagnosticsSync', { file }))
    return result
  } finally {
    ts.close()
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

/** Median latencies of each variant in each layout, rounds interleaved. */
export async function editor({ rounds = 3 } = {}) {
  const variants = ['handwritten', 'slashkit-map', 'slashkit-each']
  const runs = {}
  for (let r = 0; r < rounds; r++)
    for (const split of [false, true])
      for (const variant of r % 2 === 0 ? variants : [...variants].reverse()) {
        const key = `${variant} (${split ? 'one file per command' : 'one file'})`
        ;(runs[key] ??= []).push(await measure(variant, split))
      }
  const out = {}
  for (const [key, list] of Object.entries(runs))
    out[key] = Object.fromEntries(['open', 'completions', 'hover', 'diagnostics'].map((k) => [k, Math.round(median(list.map((x) => x[k])))]))
  return out
}

/** The first `count` commands of the fixture's sets, renamed apart (a name a set of 130 has is met again in the next). */
function manyCommands(count) {
  const all = setsFor(130 * Math.ceil(count / 130)).flat()
  return all.slice(0, count).map((c, i) => ({ ...c, name: c.type === 1 ? `${c.name.slice(0, 26)}-${i}` : `${c.name.slice(0, 26)} ${i}` }))
}

/**
 * The files of the map workload: app.ts (the set), own.ts (one handler typed from the
 * set's handler map), router.ts (the map, that handler imported) and miss.ts (the same
 * map with the key of a command near its end misspelt). Returns the files and the three
 * places: `{ file, anchor, names }`, `names` the options completions must offer.
 */
export function mapLayout(count = 300) {
  const set = manyCommands(count)
  const flat = set.filter((c) => c.type === 1 && (c.options ?? []).length > 1 && c.options[0].type !== 1 && c.options[0].type !== 2)
  const middle = flat[flat.length >> 1]
  const own = flat[Math.floor(flat.length / 3)]
  const last = flat[flat.length - 1]
  const misspelt = `${last.name.slice(0, -1)}${last.name.endsWith('0') ? '9' : '0'}`
  const files = {}
  files['app.ts'] =
    "import { choice, commands, message, option, slash, user } from 'slashkit'\n" + `export const app = commands(\n  ${set.map(slashkitCommand).join(',\n  ')},\n)\n`
  files['own.ts'] =
    "import type { Handlers } from 'slashkit'\nimport type { app } from './app.js'\n" +
    `export const onOwn: Handlers<typeof app>[${q(own.name)}] = (v) => { const o = v.options; return [${own.options.map((o) => `o[${q(o.name)}]`).join(', ')}] }\n`
  const map = (rename) =>
    "import { router } from 'slashkit'\nimport { app } from './app.js'\nimport { onOwn } from './own.js'\n" +
    `export const route = router(app, {\n  ${set.map((c) => (c === own ? `${q(c.name)}: onOwn` : `${q(c === last ? rename : c.name)}: ${handlerMap(c)}`)).join(',\n  ')},\n})\n`
  files['router.ts'] = map(last.name)
  files['miss.ts'] = map(misspelt)
  const inMap = (name) => `${q(name)}: (v) => { const o = v.options; `
  const names = (c) => c.options.map((o) => o.name)
  return {
    files,
    places: {
      'middle of the map': { file: 'router.ts', anchor: inMap(middle.name), names: names(middle) },
      'misspelt key': { file: 'miss.ts', anchor: inMap(misspelt), names: names(last) },
      'own file': { file: 'own.ts', anchor: 'const o = v.options; ', names: names(own) },
    },
  }
}

/**
 * One fresh server per place of the map workload: the file's first diagnostics after
 * open, then completions after `o.` in the place's handler; how many of the handler's
 * options they offer, and the first line of each error of the file.
 */
async function measureMap(count, place) {
  const dir = `${base}map-${count}/`
  const { files, places } = mapLayout(count)
  writeProject(dir, files)
  const { file: name, anchor, names } = places[place]
  const file = `${dir}${name}`
  const text = files[name]
  const index = text.indexOf(anchor)
  if (index < 0) throw new Error(`editor bench: no ${place} in ${name}`)
  const at = position(text, index + anchor.length)
  const ts = server(dir)
  try {
    await ts.request('configure', { preferences: { includeCompletionsWithInsertText: true } })
    let errors
    const open = await timed(async () => {
      ts.notify('open', { file, fileContent: text, projectRootPath: dir })
      errors = await ts.request('semanticDiagnosticsSync', { file })
    })
    ts.notify('change', { file, ...at, endLine: at.line, endOffset: at.offset, insertString: 'o.' })
    let completion
    // tsserver answers "No content available" when it has no completion there (`o` untyped): offered 0.
    const completions = await timed(async () => {
      completion = await ts.request('completionInfo', { file, line: at.line, offset: at.offset + 2 }).catch(() => undefined)
    })
    const offered = new Set((completion?.entries ?? []).map((e) => e.name))
    return {
      open,
      completions,
      offered: `${names.filter((n) => offered.has(n)).length}/${names.length}`,
      errors: (errors ?? []).map((e) => `TS${e.code} ${e.text.split('\n')[0].slice(0, 90)}`),
    }
  } finally {
    ts.close()
  }
}

/** Median latencies of the three places of the map workload, rounds interleaved. */
export async function editorMap({ rounds = 3, count = 300 } = {}) {
  const runs = {}
  for (let r = 0; r < rounds; r++) for (const place of Object.keys(mapLayout(count).places)) (runs[place] ??= []).push(await measureMap(count, place))
  const out = {}
  for (const [place, list] of Object.entries(runs))
    out[place] = {
      open: Math.round(median(list.map((x) => x.open))),
      completions: Math.round(median(list.map((x) => x.completions))),
      offered: list[0].offered,
      errors: list[0].errors.join(' | '),
    }
  return out
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = process.argv.find((a) => a.startsWith('--rounds='))
  const rounds = arg === undefined ? 3 : Number(arg.slice(9))
  const map = process.argv.find((a) => a === '--map' || a.startsWith('--map='))
  if (map !== undefined) console.table(await editorMap({ rounds, count: map === '--map' ? 300 : Number(map.slice(6)) }))
  else console.table(await editor({ rounds }))
}
