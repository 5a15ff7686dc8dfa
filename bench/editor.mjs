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

/** One fresh server on one variant and layout: the four latencies, in milliseconds. */
async function measure(variant, split) {
  const dir = `${base}${variant}-${split ? 'split' : 'one'}/`
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const { files, open } = layout(variant, split)
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = process.argv.find((a) => a.startsWith('--rounds='))
  const result = await editor({ rounds: arg === undefined ? 3 : Number(arg.slice(9)) })
  console.table(result)
}
