/**
 * Type-check time (issue "Type-level builders"): the realistic 130-command set
 * written with slashkit, with full inference (the handler's types of every
 * command are computed), against the same set written as object literals typed
 * with discord-api-types. Each is checked by TypeScript 5.9's tsc in a fresh
 * process, interleaved in rounds; the ratio is of the median check times.
 *
 *   node bench/typecheck.mjs           (after npm run build)
 *   node bench/typecheck.mjs --floor   also the floor below
 *
 * The floor: the same slashkit file against the built declarations with every
 * type-level check turned off (each check alias rewritten to pass its argument
 * through: names, options lists, choices, nesting, the set), with and without
 * the `InferResult` of the set. What is left is the cost of the chained calls and
 * of carrying every name, option and choice in the types for the handlers; no
 * check can make the library cheaper than that.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { slashkitSource, typedLiteralSource } from './codegen.mjs'
import { makeCommandSet } from './fixture.mjs'

const root = new URL('..', import.meta.url).pathname
const dir = new URL('../.bench-tmp/typecheck/', import.meta.url).pathname
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname

/**
 * The check aliases of the built declarations and what each becomes for the
 * floor: the argument it checks, passed through.
 */
export const CHECKS = {
  CheckChatName: 'N',
  CheckPlainName: 'N',
  ChildName: 'N',
  SlashChildName: 'N',
  WithoutChildren: 'This',
  CheckOptions: 'A',
  CheckChoices: 'C',
  CheckSet: 'D',
}

/**
 * dist/'s declarations with every check alias passing its argument through (throws
 * if one is not found). With several entries the build splits shared declarations
 * into chunk files (`parse-*.d.ts`), so each alias is looked for in every file.
 */
export function writeUncheckedDeclarations(into) {
  mkdirSync(into, { recursive: true })
  const dist = new URL('../dist/', import.meta.url).pathname
  const files = readdirSync(dist).filter((f) => f.endsWith('.d.ts'))
  const texts = new Map(files.map((f) => [f, readFileSync(`${dist}${f}`, 'utf8')]))
  for (const [name, through] of Object.entries(CHECKS)) {
    const file = files.find((f) => texts.get(f).includes(`\ntype ${name}<`))
    if (file === undefined) throw new Error(`typecheck bench: no alias ${name} in dist/*.d.ts`)
    const text = texts.get(file)
    const start = text.indexOf(`\ntype ${name}<`)
    const equals = text.indexOf(' = ', start)
    const end = equals < 0 ? -1 : text.indexOf(';\n', equals)
    if (end < 0) throw new Error(`typecheck bench: no alias ${name} in dist/${file}`)
    texts.set(file, `${text.slice(0, equals)} = ${through}${text.slice(end)}`)
  }
  for (const [file, text] of texts) writeFileSync(`${into}${file}`, text)
}

const INFER =
  "import type { InferResult } from 'slashkit'\n" +
  '/** Full inference: the union of what every handler of the set receives. */\n' +
  'export type Hit = InferResult<typeof app>\n' +
  'declare const hit: Hit\n' +
  'export const seen: string = hit.command\n'

/** Writes each file to check and its tsconfig; `slashkit` maps to `declarations` when given. */
function project(name, source, declarations) {
  writeFileSync(`${dir}${name}.ts`, source)
  writeFileSync(
    `${dir}${name}.json`,
    JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler',
        lib: ['es2022'], types: [], skipLibCheck: true,
        ...(declarations === undefined ? {} : { paths: { slashkit: [`${declarations}index.d.ts`] } }),
      },
      files: [`${name}.ts`],
    }),
  )
}

function write({ floor = false } = {}) {
  mkdirSync(dir, { recursive: true })
  const set = makeCommandSet()
  const chain = slashkitSource(set, 'slashkit', { typescript: true })
  project('slashkit', chain + INFER)
  project('literal', typedLiteralSource(set))
  if (!floor) return
  const unchecked = `${dir}unchecked/`
  writeUncheckedDeclarations(unchecked)
  project('unchecked', chain + INFER, unchecked)
  project('unchecked-no-infer', chain, unchecked)
}

/** TypeScript 7.0, the native compiler: for scale, as users will check with it too. */
const tsc7 = new URL('../node_modules/typescript7/bin/tsc', import.meta.url).pathname

/** Check time and total time (seconds) of one tsc run, from --extendedDiagnostics. */
function once(name, compiler = tsc) {
  const r = spawnSync(process.execPath, [compiler, '-p', `${dir}${name}.json`, '--extendedDiagnostics'], { cwd: root, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`typecheck bench: ${name} does not compile:\n${r.stdout}${r.stderr}`)
  const seconds = (label) => Number(new RegExp(`${label}:\\s+([\\d.]+)s`).exec(r.stdout)?.[1])
  return { check: seconds('Check time'), total: seconds('Total time') }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

/**
 * Median check and total times of both, and the ratio of check times (slashkit /
 * literals). With `floor`, also the unchecked declarations with and without
 * `InferResult`, each as a ratio of check times against the same literals.
 */
export function typecheck({ rounds = 5, floor = false } = {}) {
  write({ floor })
  const names = floor ? ['slashkit', 'literal', 'unchecked', 'unchecked-no-infer'] : ['slashkit', 'literal']
  const runs = Object.fromEntries(names.map((n) => [n, []]))
  for (let r = 0; r < rounds; r++) for (const name of r % 2 === 0 ? names : [...names].reverse()) runs[name].push(once(name))
  const summary = (list) => ({ check: median(list.map((x) => x.check)), total: median(list.map((x) => x.total)) })
  const slashkit = summary(runs.slashkit)
  const literal = summary(runs.literal)
  const result = { slashkit, literal, ratio: slashkit.check / literal.check, totalRatio: slashkit.total / literal.total }
  if (!floor) return result
  const unchecked = summary(runs.unchecked)
  const bare = summary(runs['unchecked-no-infer'])
  return { ...result, floor: { unchecked, uncheckedRatio: unchecked.check / literal.check, noInfer: bare, noInferRatio: bare.check / literal.check } }
}

/** The same comparison with TypeScript 7.0's compiler (after `typecheck()` wrote the files). */
export function typecheckNative({ rounds = 5 } = {}) {
  const runs = { slashkit: [], literal: [] }
  for (let r = 0; r < rounds; r++) for (const name of r % 2 === 0 ? ['slashkit', 'literal'] : ['literal', 'slashkit']) runs[name].push(once(name, tsc7).check)
  const slashkit = median(runs.slashkit)
  const literal = median(runs.literal)
  return { slashkit, literal, ratio: slashkit / literal }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.dir(typecheck({ floor: process.argv.includes('--floor'), rounds: process.argv.includes('--floor') ? 7 : 5 }), { depth: 3 })
  console.dir({ typescript7: typecheckNative() })
}
