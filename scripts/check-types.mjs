#!/usr/bin/env node
/**
 * The type tests under every supported compiler: TypeScript 5.9
 * (node_modules/typescript), 6.0 (node_modules/typescript6) and 7.0, the native
 * compiler (node_modules/typescript7). Each compiles test-d/tsconfig.json (the
 * tsd files in test-d/ and examples/, against the built dist/) and must report:
 *
 * (a) errors only on lines inside an `expectError(...)` call;
 * (b) at least one error inside every `expectError(...)` call;
 * (c) for an `expectError` with an expected message in the comment just above it,
 *     that message among its errors: `// ❌ text` expects an error whose first
 *     line (what an editor shows first, before the elaboration) names a
 *     SlashkitError sentence containing `text`; `// error: text` expects an error
 *     containing `text` anywhere; `// first line: text` expects the first line of
 *     the call's first error to contain `text`. A version before the marker
 *     (`// 7.0 ❌ text`, `// 5.9,6.0 first line: text`) limits it to those
 *     compilers; a compiler with markers of its own skips the unversioned ones
 *     of the same kind;
 * (d) and an `expectError` that expects a sentence reports nothing else: every
 *     error inside it is a SlashkitError sentence (no implicit `any`, no
 *     assignability dump in its place);
 * (e) no error inside an `expectError` advises "Consider adding 'undefined'" (what
 *     `exactOptionalPropertyTypes` appends to a mismatch on an optional property;
 *     test-d/tsconfig.exact.json runs the tests with it on).
 *
 * So the positive and the negative type tests hold, for the intended reason,
 * under all three versions. Needs a build (`npx tsup`) first.
 *
 *   node scripts/check-types.mjs              # all three side by side, a line per version
 *   node scripts/check-types.mjs --sequential # one after another (clean per-version times)
 *   node scripts/check-types.mjs --json       # the same as JSON (for tests)
 *   node scripts/check-types.mjs --only 7.0   # one version
 *   node scripts/check-types.mjs --project test-d/tsconfig.exact.json   # exactOptionalPropertyTypes on
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const argv = process.argv.slice(2)
const project = resolve(root, argv.includes('--project') ? argv[argv.indexOf('--project') + 1] : 'test-d/tsconfig.json')
const require = createRequire(import.meta.url)
/** The TypeScript 5.9 API, used to read the tsconfig and find the expectError calls. */
const ts = require(resolve(root, 'node_modules/typescript'))

const COMPILERS = [
  { version: '5.9', bin: 'node_modules/typescript/bin/tsc' },
  { version: '6.0', bin: 'node_modules/typescript6/bin/tsc' },
  { version: '7.0', bin: 'node_modules/typescript7/bin/tsc' },
]

// ---------------------------------------------------------------- expectError calls

/**
 * The expectError calls of every file the tsconfig includes: the file, the first
 * and last line of the call (1-based), and the expected messages written above it.
 */
function expectErrorCalls() {
  const config = ts.getParsedCommandLineOfConfigFile(project, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail(d) })
  if (config.errors.length > 0) fail(config.errors[0])
  const calls = []
  for (const file of config.fileNames) {
    const text = readFileSync(file, 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const line = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'expectError') {
        calls.push({
          file: resolve(file),
          start: line(node.getStart(source)),
          end: line(node.getEnd()),
          expected: expectedMessages(text, statementOf(node).getFullStart()),
          errors: [],
        })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return calls
}

/** The statement that holds a node (its leading comments carry the expected messages). */
function statementOf(node) {
  let n = node
  while (n.parent !== undefined && !ts.isSourceFile(n.parent) && !ts.isBlock(n.parent)) n = n.parent
  return n
}

/**
 * `// ❌ text`, `// error: text` and `// first line: text` comments directly above a
 * statement, each optionally led by the compiler versions it is for
 * (`// 7.0 ❌ text`), as `{ kind, text, versions }` (`versions` undefined: all).
 */
function expectedMessages(text, pos) {
  const out = []
  for (const range of ts.getLeadingCommentRanges(text, pos) ?? []) {
    const m = /^\/\/\s*((?:\d+\.\d+,?)+\s+)?(❌|error:|first line:)\s*(.*)$/u.exec(text.slice(range.pos, range.end))
    if (m === null) continue
    const kind = m[2] === '❌' ? 'sentence' : m[2] === 'error:' ? 'message' : 'first'
    out.push({ kind, sentence: kind === 'sentence', text: m[3].trim(), versions: m[1]?.trim().split(',').filter(Boolean) })
  }
  return out
}

/** The expectations of a call that hold for `version`: its own, or the unversioned ones of a kind it has none of. */
function expectationsFor(expected, version) {
  const own = expected.filter((e) => e.versions?.includes(version))
  return [...own, ...expected.filter((e) => e.versions === undefined && !own.some((o) => o.kind === e.kind))]
}

/** The first line of a diagnostic: what an editor and `tsc` show before the elaboration. */
const firstLine = (diagnostic) => diagnostic.text.split('\n')[0]

/** Whether a diagnostic names a SlashkitError: as `SlashkitError<"...">` or as its `❌ ...` template. */
const isSentence = (diagnostic) => diagnostic.text.includes('SlashkitError<') || diagnostic.text.includes('❌')

/**
 * Whether a diagnostic says what `expected` asks for: a sentence in its first line
 * (`SlashkitError<"...text...">` or `❌ ...text...`), a message anywhere.
 */
function says(diagnostic, expected) {
  if (expected.kind === 'message') return diagnostic.text.includes(expected.text)
  const line = firstLine(diagnostic)
  return line.includes(expected.text) && (line.includes('SlashkitError<') || line.includes('❌'))
}

function fail(diagnostic) {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}

// ---------------------------------------------------------------- diagnostics

/** Parses `tsc --pretty false` output into `{ file, line, code, text }` (text with its elaboration lines). */
function parseDiagnostics(output) {
  const out = []
  for (const raw of output.split(/\r?\n/)) {
    const located = /^(.+)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(raw)
    const global = /^error (TS\d+): (.*)$/.exec(raw)
    if (located !== null) out.push({ file: resolve(root, located[1]), line: Number(located[2]), code: located[4], text: located[5] })
    else if (global !== null) out.push({ file: undefined, line: 0, code: global[1], text: global[2] })
    else if (/^\s/.test(raw) && out.length > 0) out[out.length - 1].text += `\n${raw.trim()}`
    else if (raw.trim() !== '') out.push({ file: undefined, line: 0, code: 'output', text: raw })
  }
  return out
}

/** Runs one compiler on the project: its exit status, its output and the wall time. */
function compile(compiler) {
  return new Promise((done, failed) => {
    const started = performance.now()
    const child = spawn(process.execPath, [resolve(root, compiler.bin), '--noEmit', '-p', project, '--pretty', 'false'], { cwd: root })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk))
    child.on('error', failed)
    child.on('close', (status) => done({ status, output, seconds: (performance.now() - started) / 1000 }))
  })
}

async function check(compiler, calls) {
  const run = await compile(compiler)
  const seconds = run.seconds
  const version = spawnSync(process.execPath, [resolve(root, compiler.bin), '--version'], { encoding: 'utf8' })
    .stdout.replace('Version', '')
    .trim()
  const diagnostics = parseDiagnostics(run.output)
  const problems = []
  const mine = calls.map((c) => ({ ...c, errors: [] }))
  for (const d of diagnostics) {
    const call = mine.find((c) => c.file === d.file && d.line >= c.start && d.line <= c.end)
    if (call === undefined) problems.push(`unexpected error: ${where(d)} ${d.code}: ${d.text.split('\n')[0]}`)
    else call.errors.push(d)
  }
  for (const c of mine) {
    const at = `expectError at ${rel(c.file)}:${c.start}`
    if (c.errors.length === 0) {
      problems.push(`no error in ${at}`)
      continue
    }
    const expected = expectationsFor(c.expected, compiler.version)
    for (const e of expected) {
      const held = e.kind === 'first' ? firstLine(c.errors[0]).includes(e.text) : c.errors.some((d) => says(d, e))
      if (!held)
        problems.push(
          `${at} lacks the expected ${e.kind === 'sentence' ? 'sentence in a first line' : e.kind === 'first' ? 'first line' : 'message'} "${e.text}"; ` +
            `it reported: ${c.errors.map(firstLine).join(' | ')}`,
        )
    }
    // exactOptionalPropertyTypes: a refusal must not send the reader to add `undefined`.
    for (const d of c.errors.filter((d) => d.text.includes("Consider adding 'undefined'")))
      problems.push(`${at} reports a misleading "Consider adding 'undefined'" at line ${d.line}: ${d.text.split('\n')[0]}`)
    if (expected.some((e) => e.sentence))
      for (const d of c.errors.filter((d) => !isSentence(d))) problems.push(`${at} expects a sentence but also reports ${d.code} at line ${d.line}: ${d.text.split('\n')[0]}`)
  }
  if (run.status !== 0 && diagnostics.length === 0) problems.push(`tsc exited with ${run.status} and no diagnostics: ${run.output}`)
  if (run.status === 0 && mine.length > 0) problems.push('tsc reported no errors at all, so no expectError call can hold')
  return {
    compiler: compiler.version,
    version,
    seconds: Math.round(seconds * 100) / 100,
    errors: diagnostics.length,
    expectErrors: mine.length,
    withMessage: mine.filter((c) => c.expected.length > 0).length,
    problems,
  }
}

const rel = (file) => (file === undefined ? '(no file)' : file.startsWith(root) ? file.slice(root.length + 1) : file)
const where = (d) => `${rel(d.file)}${d.line > 0 ? `:${d.line}` : ''}`

// ---------------------------------------------------------------- main

if (!existsSync(resolve(root, 'dist/index.d.ts'))) {
  console.error('dist/index.d.ts is missing: build first (npx tsup)')
  process.exit(2)
}
const json = argv.includes('--json')
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : undefined
const sequential = argv.includes('--sequential')
const calls = expectErrorCalls()
const chosen = COMPILERS.filter((c) => only === undefined || only.includes(c.version))
const started = performance.now()
const results = []
if (sequential) for (const c of chosen) results.push(await check(c, calls))
else results.push(...(await Promise.all(chosen.map((c) => check(c, calls)))))
const seconds = Math.round((performance.now() - started) / 10) / 100
const ok = results.every((r) => r.problems.length === 0)
/** Per file: its expectError calls, and how many name the message they expect. */
const files = {}
for (const c of calls) {
  const f = (files[rel(c.file)] ??= { expectErrors: 0, withMessage: 0 })
  f.expectErrors++
  if (c.expected.length > 0) f.withMessage++
}
if (json) console.log(JSON.stringify({ ok, seconds, sequential, files, results }, null, 2))
else {
  for (const r of results) {
    console.log(
      `TypeScript ${r.version}: ${r.problems.length === 0 ? 'ok' : `${r.problems.length} problem(s)`}, ` +
        `${r.expectErrors} expectError calls (${r.withMessage} with an expected message), ${r.errors} errors, ${r.seconds.toFixed(1)} s`,
    )
    for (const p of r.problems) console.log(`  ${p}`)
  }
  console.log(`${sequential ? 'one after another' : 'side by side'}: ${seconds.toFixed(1)} s in all`)
}
process.exitCode = ok ? 0 : 1
