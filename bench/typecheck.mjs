/**
 * Type-check time (issue "Type-level builders"): the realistic 130-command set
 * written with slashkit, with full inference (the handler's types of every
 * command are computed), against the same set written as object literals typed
 * with discord-api-types. Each is checked by TypeScript 5.9's tsc in a fresh
 * process, interleaved in rounds; the ratio is of the median check times.
 *
 *   node bench/typecheck.mjs   (after npm run build)
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { slashkitSource, typedLiteralSource } from './codegen.mjs'
import { makeCommandSet } from './fixture.mjs'

const root = new URL('..', import.meta.url).pathname
const dir = new URL('../.bench-tmp/typecheck/', import.meta.url).pathname
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname

function write() {
  mkdirSync(dir, { recursive: true })
  const set = makeCommandSet()
  const ours =
    slashkitSource(set, 'slashkit', { typescript: true }) +
    "import type { InferResult } from 'slashkit'\n" +
    '/** Full inference: the union of what every handler of the set receives. */\n' +
    'export type Hit = InferResult<typeof app>\n' +
    'declare const hit: Hit\n' +
    "export const seen: string = hit.command\n"
  writeFileSync(`${dir}slashkit.ts`, ours)
  writeFileSync(`${dir}literal.ts`, typedLiteralSource(set))
  for (const name of ['slashkit', 'literal'])
    writeFileSync(
      `${dir}${name}.json`,
      JSON.stringify({
        compilerOptions: {
          strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler',
          lib: ['es2022'], types: [], skipLibCheck: true,
        },
        files: [`${name}.ts`],
      }),
    )
}

/** Check time and total time (seconds) of one tsc run, from --extendedDiagnostics. */
function once(name) {
  const r = spawnSync(process.execPath, [tsc, '-p', `${dir}${name}.json`, '--extendedDiagnostics'], { cwd: root, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`typecheck bench: ${name} does not compile:\n${r.stdout}${r.stderr}`)
  const seconds = (label) => Number(new RegExp(`${label}:\\s+([\\d.]+)s`).exec(r.stdout)?.[1])
  return { check: seconds('Check time'), total: seconds('Total time') }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

/** Median check and total times of both, and the ratio of check times (slashkit / literals). */
export function typecheck({ rounds = 5 } = {}) {
  write()
  const runs = { slashkit: [], literal: [] }
  for (let r = 0; r < rounds; r++) for (const name of r % 2 === 0 ? ['slashkit', 'literal'] : ['literal', 'slashkit']) runs[name].push(once(name))
  const summary = (list) => ({ check: median(list.map((x) => x.check)), total: median(list.map((x) => x.total)) })
  const slashkit = summary(runs.slashkit)
  const literal = summary(runs.literal)
  return { slashkit, literal, ratio: slashkit.check / literal.check, totalRatio: slashkit.total / literal.total }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(typecheck())
