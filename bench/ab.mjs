#!/usr/bin/env node
/**
 * A quick same-process A/B of the build row's work: src/ of a commit (A) against
 * the working tree's src/ (B), each bundled by esbuild in a second (no tsup build,
 * which takes minutes on a loaded machine), on issue 29's workload or the fixture.
 * Each round times every part of both sides in turn (CPU time of this process, a
 * batch as many calls as take 10 ms; `fastestBatches` of bench/builders.mjs); the
 * figures are the fastest batch of each part, and B/A of the
 * whole row, of the chain alone (`chain`: the builders' calls), of a fresh chain and
 * its `toJSON` (`made`: what the row asks of the builders), of `toJSON` of one built
 * set (`toJSON`: every call after the first, which is all a replay when the chain
 * builds nothing ahead) and of `validateCommands`. A design that moves work from
 * `toJSON` into the chain shows in `chain` and `made`, not in `toJSON`. Both sides
 * must build the same JSON, byte for byte.
 *
 *   node bench/ab.mjs                         HEAD against the working tree, workload, 40 rounds
 *   node bench/ab.mjs --against=REV --set=fixture --rounds=60
 *
 * bench/tricks.mjs measures the committed figures of the ledger (docs/internals.md)
 * on tsup builds; this is for trying a change before committing it.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { fastestBatches } from './builders.mjs'
import { literalSource, slashkitSource } from './codegen.mjs'
import { makeCommandSet } from './fixture.mjs'
import { makeWorkload } from './workload.mjs'

const root = new URL('..', import.meta.url).pathname

/**
 * Bundles the library at `src` (a folder holding index.ts) into `outfile` as this
 * tool's sides are bundled (esbuild, ESM, `minifySyntax`, neutral platform), with
 * esbuild `plugins` (bench/floors.mjs rewrites a module so), and imports it.
 *
 * @example
 * const lib = await bundleSource(join(root, 'src'), join(tmp, 'slashkit.mjs'))
 */
export async function bundleSource(src, outfile, plugins = []) {
  await build({ entryPoints: [join(src, 'index.ts')], bundle: true, format: 'esm', minifySyntax: true, platform: 'neutral', outfile, logLevel: 'error', plugins })
  return import(pathToFileURL(outfile).href)
}

/**
 * Writes `set` as a module made by `source` (codegen.mjs: `slashkitSource` or
 * `literalSource`) importing the library from `from`, into `file`, and returns its
 * `build` (a function that makes the whole set anew).
 *
 * @example
 * const make = await setBuilder(makeWorkload(), join(tmp, 'set.mjs'), './slashkit.mjs')
 */
export async function setBuilder(set, file, from, source = slashkitSource) {
  writeFileSync(file, source(set, from))
  return (await import(pathToFileURL(file).href)).build
}

async function main() {
  const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
  const against = arg('against', 'HEAD')
  const rounds = Number(arg('rounds', '40'))
  const which = arg('set', 'workload')
  const tmp = join(root, '.bench-tmp', 'ab')
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(join(tmp, 'base'), { recursive: true })
  execFileSync('tar', ['-x', '-C', join(tmp, 'base')], { input: execFileSync('git', ['archive', against, 'src'], { cwd: root, maxBuffer: 1 << 28 }) })

  const set = which === 'workload' ? makeWorkload() : makeCommandSet()
  const sides = {}
  for (const [name, src] of [
    ['A', join(tmp, 'base', 'src')],
    ['B', join(root, 'src')],
  ]) {
    const lib = await bundleSource(src, join(tmp, `slashkit-${name}.mjs`))
    sides[name] = { lib, build: await setBuilder(set, join(tmp, `set-${name}.mjs`), `./slashkit-${name}.mjs`) }
  }
  const literals = await setBuilder(set, join(tmp, 'literals.mjs'), undefined, literalSource)
  if (JSON.stringify(sides.A.build().toJSON()) !== JSON.stringify(sides.B.build().toJSON())) throw new Error('ab: A and B build different JSON')

  const parts = { literals: () => JSON.stringify(literals()) }
  for (const [name, { lib, build: make }] of Object.entries(sides)) {
    const built = make()
    const json = built.toJSON()
    parts[`whole${name}`] = () => JSON.stringify(make().toJSON())
    parts[`chain${name}`] = () => make()
    parts[`made${name}`] = () => make().toJSON()
    parts[`toJSON${name}`] = () => built.toJSON()
    parts[`validate${name}`] = () => lib.validateCommands(json)
  }
  const best = fastestBatches(parts, { rounds })
  const ratio = (a, b) => (best[a] / best[b]).toFixed(3)
  console.log(
    `${which}, ${against} (A) against the working tree (B), fastest of ${rounds} batches, ms:`,
    Object.fromEntries(Object.entries(best).map(([k, v]) => [k, Number((v / 1e6).toFixed(3))])),
  )
  console.log(
    `row A ${ratio('wholeA', 'literals')}x, B ${ratio('wholeB', 'literals')}x the literals; B/A: whole ${ratio('wholeB', 'wholeA')}, chain ${ratio('chainB', 'chainA')}, chain+toJSON ${ratio('madeB', 'madeA')}, toJSON ${ratio('toJSONB', 'toJSONA')}, validateCommands ${ratio('validateB', 'validateA')}`,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
