#!/usr/bin/env node
/**
 * Issue 29's build row against its floors under the contract (DESIGN.md: immutable
 * builders, every call a new value; `toJSON` the validated payload), in one process,
 * on issue 29's workload (bench/workload.mjs) and on the fixture (bench/fixture.mjs).
 * Every part is timed by the fastest of N batches of CPU time, the parts alternating
 * round by round (`fastestBatches` of bench/builders.mjs, as bench/ab.mjs times its
 * sides). The baseline is the row's: the set as object literals, stringified.
 *
 * The row as it is, and its parts: the chain (fresh builders), a fresh chain and its
 * `toJSON` (`made`), `toJSON` of a built set (replay + validation), `validateCommands`
 * of the built JSON (validation alone; `toJSON` less it is the replay), stringify;
 * the literals, their stringify, and the baseline whole. slashkit is src/ bundled by
 * esbuild as bench/ab.mjs bundles it (`bundleSource`; the package's build differs by
 * its one-letter internal fields only).
 *
 * The row without validation: the same src/ bundled with `toJSON`'s validation
 * switched off at build time (the esbuild plugin `noValidation`: the builders' import
 * of src/rules/validate.ts becomes a module whose functions answer `{ ok: true }`;
 * nothing in src/ changes). The tool checks that this bundle builds the same JSON and
 * accepts a definition the real one refuses.
 *
 * The contract's floor parts, each a minimal implementation written here:
 * - (a) the floor chain: an immutable chain of the same calls (the same generated
 *   source, bench/codegen.mjs, given `floorBuilders`), each call allocating one small
 *   object (`Step`: its parent, an operation, two arguments) and nothing else; a
 *   `.subcommand(...)` or `.group(...)` with a callback allocates two (the child's
 *   first step and the call's), and a variadic call keeps its argument array (the
 *   builder must keep what it was given). The tool counts the calls and the steps
 *   (`countSteps`), and times the same calls answering one object with no step made
 *   (not a floor of the contract: what the calls themselves cost);
 * - (b) the JSON made by literals: the baseline's own making of the objects;
 * - (c) `floorWalk`: the cheapest walk a run-time check of every rule must do:
 *   every object, key and value of the built JSON visited, each string's length read
 *   (keys' too), nothing checked. It counts the values (`countValues`);
 * - (d) the literals' stringify: the baseline's own (the same JSON, keys in the
 *   literals' order).
 * The floor is given twice: the sum of the four parts timed apart, and the four done
 * in one function (the chain, the literals, the walk of them, their stringify), timed
 * as the row is. The baseline's own two parts timed apart, against it timed whole, say
 * how much a sum of parts is off.
 *
 * It prints the row, the row without validation, (chain + validate + stringify) /
 * baseline (the row if the replay were free: the JSON given for nothing) and the floor
 * (a + b + c + d) / baseline, and what each line supports against issue 29's 1.5x: the
 * row may spend 0.5 x baseline beyond the baseline's own work, given per call and per
 * value beside what today's chain, validation and replay spend; the verdicts compare
 * the figures, nothing more.
 *
 *   node bench/floors.mjs                      both sets, 40 rounds of 10 ms batches
 *   node bench/floors.mjs --set=workload --rounds=60
 *   node bench/floors.mjs --quick              the first 12 commands of the workload, 3 rounds
 *
 * test/bench-floors.test.ts runs the quick mode on a small set and holds that every
 * part is measured (a positive time) and that the floor implementations count and
 * visit what they claim; it asserts no figure.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { bundleSource, setBuilder } from './ab.mjs'
import { fastestBatches } from './builders.mjs'
import { literalSource, slashkitSource } from './codegen.mjs'
import { makeCommandSet } from './fixture.mjs'
import { makeWorkload } from './workload.mjs'

const root = new URL('..', import.meta.url).pathname

/** Issue 29's target for the row, in times the baseline. */
export const TARGET = 1.5

// ---------------------------------------------------------------- (a) the floor chain

/**
 * One step of a floor chain: the builder it extends, what the call was (`op`), and
 * the call's two arguments. The only object a call makes.
 */
class Step {
  constructor(parent, op, a, b) {
    this.parent = parent
    this.op = op
    this.a = a
    this.b = b
  }
  localize(locale, texts) {
    return new Step(this, 'localize', locale, texts)
  }
  options(...options) {
    return new Step(this, 'options', options, undefined)
  }
  subcommand(name, description, fill) {
    const child = new Step(undefined, 'subcommand', name, description)
    return new Step(this, 'child', fill === undefined ? child : fill(child), undefined)
  }
  group(name, description, fill) {
    const child = new Step(undefined, 'group', name, description)
    return new Step(this, 'child', fill(child), undefined)
  }
  required() {
    return new Step(this, 'required', true, undefined)
  }
  choices(...choices) {
    return new Step(this, 'choices', choices, undefined)
  }
  autocomplete() {
    return new Step(this, 'autocomplete', true, undefined)
  }
  min(value) {
    return new Step(this, 'min', value, undefined)
  }
  max(value) {
    return new Step(this, 'max', value, undefined)
  }
  minLength(value) {
    return new Step(this, 'minLength', value, undefined)
  }
  maxLength(value) {
    return new Step(this, 'maxLength', value, undefined)
  }
  channelTypes(...types) {
    return new Step(this, 'channelTypes', types, undefined)
  }
  defaultMemberPermissions(...names) {
    return new Step(this, 'permissions', names, undefined)
  }
  contexts(...contexts) {
    return new Step(this, 'contexts', contexts, undefined)
  }
  integrationTypes(...types) {
    return new Step(this, 'integrationTypes', types, undefined)
  }
  nsfw(value = true) {
    return new Step(this, 'nsfw', value, undefined)
  }
}

const typed = (type) => (name, description) => new Step(undefined, type, name, description)

/**
 * The names the generated source imports (`slashkitSource` of bench/codegen.mjs), as
 * the floor chain: every call returns a new `Step`, nothing is checked or built.
 *
 * @example
 * const set = floorBuilders.commands(floorBuilders.slash('ping', 'Pong').options(floorBuilders.option.string('x', 'y').required()))
 */
export const floorBuilders = {
  slash: typed(1),
  user: (name) => new Step(undefined, 2, name, undefined),
  message: (name) => new Step(undefined, 3, name, undefined),
  choice: (name, value) => new Step(undefined, 'choice', name, value),
  option: {
    string: typed(3),
    integer: typed(4),
    boolean: typed(5),
    user: typed(6),
    channel: typed(7),
    role: typed(8),
    mentionable: typed(9),
    number: typed(10),
    attachment: typed(11),
  },
  commands: (...definitions) => new Step(undefined, 'commands', definitions, undefined),
}

/**
 * Not a floor of the contract (nothing is kept, every call answers the same object):
 * the same calls with no allocation of the library's, so that the report can tell
 * how much of (a) is the calls themselves (the generated call sites, the callers'
 * argument objects) and how much the steps.
 */
class Same {
  subcommand(_name, _description, fill) {
    if (fill !== undefined) fill(this)
    return this
  }
  group(_name, _description, fill) {
    fill(this)
    return this
  }
}
for (const name of Object.getOwnPropertyNames(Step.prototype)) if (!(name in Same.prototype)) Same.prototype[name] = returnThis
function returnThis() {
  return this
}
const same = new Same()
const answerSame = () => same
const callsOnly = {
  slash: answerSame,
  user: answerSame,
  message: answerSame,
  choice: answerSame,
  option: Object.fromEntries(Object.keys(floorBuilders.option).map((type) => [type, answerSame])),
  commands: answerSame,
}

/**
 * The steps a floor chain made (every one is reachable from its result: a call's
 * value is either called again or passed to another call) and the calls that made
 * them (a `.subcommand(...)` or `.group(...)` makes two steps in one call).
 *
 * @example
 * countSteps(floorBuilders.slash('a', 'b').required()) // { steps: 2, calls: 2 }
 */
export function countSteps(result) {
  const seen = new Set()
  const pending = [result]
  let children = 0
  while (pending.length > 0) {
    const step = pending.pop()
    if (!(step instanceof Step) || seen.has(step)) continue
    seen.add(step)
    if (step.op === 'subcommand' || step.op === 'group') children++
    pending.push(step.parent, step.a)
    if (Array.isArray(step.a)) pending.push(...step.a)
  }
  return { steps: seen.size, calls: seen.size - children }
}

/**
 * The set's generated slashkit source with the names of `builders` (`floorBuilders`,
 * given to its `bind`: the module cannot import this one, which awaits it), written
 * to `file` and imported; returns its `build`.
 */
async function floorSet(set, file, builders) {
  const names = 'choice, commands, message, option, slash, user'
  writeFileSync(file, slashkitSource(set, 'slashkit').replace(/^import .*$/m, `let ${names}\nexport const bind = (b) => ({ ${names} } = b)`))
  const generated = await import(pathToFileURL(file).href)
  generated.bind(builders)
  return generated.build
}

// ---------------------------------------------------------------- (c) the floor walk

/**
 * Visits every object, key and value of a JSON value and reads each string's length
 * (keys' too); checks nothing. Returns the sum of the lengths and 1 for each other
 * value, so that no visit can be left out by the compiler.
 *
 * @example
 * floorWalk({ name: 'ban', options: [] }) // 4 + 3 + 7 = 14
 */
export function floorWalk(value) {
  if (typeof value === 'string') return value.length
  if (typeof value !== 'object' || value === null) return 1
  let n = 0
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) n += floorWalk(value[i])
  else for (const key in value) n += key.length + floorWalk(value[key])
  return n
}

/**
 * What `floorWalk` visits: objects and arrays, keys, and the other values.
 *
 * @example
 * countValues({ name: 'ban', options: [] }) // { objects: 2, keys: 2, values: 1 }
 */
export function countValues(value, counts = { objects: 0, keys: 0, values: 0 }) {
  if (typeof value !== 'object' || value === null) {
    counts.values++
    return counts
  }
  counts.objects++
  if (Array.isArray(value)) for (const item of value) countValues(item, counts)
  else
    for (const key in value) {
      counts.keys++
      countValues(value[key], counts)
    }
  return counts
}

// ---------------------------------------------------------------- the row without validation

const PASS = 'const pass = (json) => ({ ok: true, value: json })\nexport { pass as validateChoice, pass as validateCommand, pass as validateCommands, pass as validateOption }\n'

/**
 * An esbuild plugin: the builders' import of src/rules/validate.ts answers every
 * definition `{ ok: true }`, so `toJSON` replays and hands out without validating.
 * Every other importer (the root's `validateCommands`) keeps the real rules. A name
 * the builders import that this module lacks fails the bundle.
 */
export const noValidation = {
  name: 'no-validation',
  setup(build) {
    build.onResolve({ filter: /\/rules\/validate\.js$/ }, (args) => (args.importer.includes(`${sep}builders${sep}`) ? { path: 'validate', namespace: 'no-validation' } : undefined))
    build.onLoad({ filter: /.*/, namespace: 'no-validation' }, () => ({ contents: PASS, loader: 'js' }))
  },
}

// ---------------------------------------------------------------- the measure

/**
 * Times the row, its parts, the row without validation and the floor parts on `set`
 * (a list of command JSON), in one process; returns the ms of each part, the counts
 * (calls, steps, values) and the derived ratios.
 *
 * @example
 * const r = await floors(makeWorkload(), { rounds: 40 })
 * r.ratios.floor // (a + b + c + d) / baseline
 */
export async function floors(set, { rounds = 40, batchMs = 10, tag = 'set' } = {}) {
  const tmp = join(root, '.bench-tmp', 'floors')
  mkdirSync(tmp, { recursive: true })
  const lib = await bundleSource(join(root, 'src'), join(tmp, `slashkit-${tag}.mjs`))
  const bare = await bundleSource(join(root, 'src'), join(tmp, `slashkit-${tag}-no-validation.mjs`), [noValidation])
  const make = await setBuilder(set, join(tmp, `${tag}.mjs`), `./slashkit-${tag}.mjs`)
  const makeBare = await setBuilder(set, join(tmp, `${tag}-no-validation.mjs`), `./slashkit-${tag}-no-validation.mjs`)
  const makeFloor = await floorSet(set, join(tmp, `${tag}-floor.mjs`), floorBuilders)
  const makeCalls = await floorSet(set, join(tmp, `${tag}-calls.mjs`), callsOnly)
  const literals = await setBuilder(set, join(tmp, `${tag}-literals.mjs`), undefined, literalSource)

  const built = make()
  const json = built.toJSON()
  const text = JSON.stringify(json)
  // The literals may order an option's keys otherwise (the builders write them in call order).
  if (!isDeepStrictEqual(json, literals()) || text !== JSON.stringify(makeBare().toJSON()))
    throw new Error('floors: the builders, the builders without validation and the literals make different JSON')
  if (!refuses(lib) || refuses(bare)) throw new Error('floors: the bundle without validation still validates, or the real one does not')
  const builtBare = makeBare()
  const literal = literals()

  const ns = fastestBatches(
    {
      whole: () => JSON.stringify(make().toJSON()),
      chain: () => make(),
      made: () => make().toJSON(),
      toJSON: () => built.toJSON(),
      validate: () => lib.validateCommands(json),
      stringify: () => JSON.stringify(json),
      literals: () => literals(),
      literalsStringify: () => JSON.stringify(literal),
      baseline: () => JSON.stringify(literals()),
      bareWhole: () => JSON.stringify(makeBare().toJSON()),
      bareToJSON: () => builtBare.toJSON(),
      floorChain: () => makeFloor(),
      floorWalk: () => floorWalk(json),
      floorWhole: () => {
        makeFloor()
        const fresh = literals()
        floorWalk(fresh)
        return JSON.stringify(fresh)
      },
      callsOnly: () => makeCalls(),
    },
    { rounds, batchMs },
  )
  const ms = Object.fromEntries(Object.entries(ns).map(([k, v]) => [k, v / 1e6]))
  const counts = { ...countSteps(makeFloor()), ...countValues(json), bytes: text.length }
  const base = ms.baseline
  const ratios = {
    row: ms.whole / base,
    withoutValidation: ms.bareWhole / base,
    replayFree: (ms.chain + ms.validate + ms.stringify) / base,
    floor: (ms.floorChain + ms.literals + ms.floorWalk + ms.literalsStringify) / base,
    floorWhole: ms.floorWhole / base,
    partsBias: (ms.literals + ms.literalsStringify) / base,
  }
  return { ms, counts, ratios, rounds }
}

/** Whether a library's `toJSON` refuses a command name with a space ("Naming rules"). */
function refuses(lib) {
  try {
    lib.commands(lib.slash('Not A Name', 'x')).toJSON()
    return false
  } catch (error) {
    return error instanceof lib.ValidationError
  }
}

const f = (x, digits = 3) => x.toFixed(digits)

/**
 * The report of `floors(...)`: the parts, the four lines and what each supports
 * against issue 29's 1.5x, as the figures have it.
 *
 * @example
 * console.log(describeFloors("issue 29's workload", await floors(makeWorkload())).join('\n'))
 */
export function describeFloors(label, { ms, counts, ratios, rounds }) {
  const values = counts.objects + counts.keys + counts.values
  const us = (x) => `${f(x * 1000, 0)} us`
  const perCall = (x) => `${f((x * 1e6) / counts.calls, 1)} ns a call`
  const perValue = (x) => `${f((x * 1e6) / values, 1)} ns a value`
  // What the row may spend beyond the baseline's own work (the literals and their stringify).
  const budget = (TARGET - 1) * ms.baseline
  const replay = ms.toJSON - ms.validate
  const lines = [
    `${label}: ${counts.calls} calls (${counts.steps} steps of the floor chain), ${values} values visited (${counts.objects} objects and arrays, ${counts.keys} keys, ${counts.values} others), ${counts.bytes} B of JSON; fastest of ${rounds} batches, CPU time, ms:`,
    `  row ${f(ms.whole)}: chain ${f(ms.chain)}, a fresh chain and its toJSON ${f(ms.made)}, toJSON of a built set ${f(ms.toJSON)} (validateCommands ${f(ms.validate)}, the replay the rest: ${f(replay)}), stringify ${f(ms.stringify)}`,
    `  baseline ${f(ms.baseline)}: literals ${f(ms.literals)}, their stringify ${f(ms.literalsStringify)} (the two timed apart sum to ${f(ratios.partsBias)}x the baseline timed whole: how far a sum of parts is off)`,
    `  without validation ${f(ms.bareWhole)}: toJSON of a built set (the replay alone) ${f(ms.bareToJSON)}`,
    `  floor parts: (a) chain ${f(ms.floorChain)} (the same calls answering one object, no step made: ${f(ms.callsOnly)}), (b) literals ${f(ms.literals)}, (c) walk ${f(ms.floorWalk)}, (d) stringify ${f(ms.literalsStringify)}; the four in one function ${f(ms.floorWhole)}`,
    `  the row                                   ${f(ratios.row)}x the baseline`,
    `  the row without validation                ${f(ratios.withoutValidation)}x`,
    `  (chain + validate + stringify) / baseline ${f(ratios.replayFree)}x (the replay free)`,
    `  (a + b + c + d) / baseline                ${f(ratios.floor)}x (the floor; timed as one function: ${f(ratios.floorWhole)}x)`,
    `  at ${TARGET}x the row may spend ${f(budget)} ms beyond the baseline's work (${perCall(budget)}, or ${perValue(budget)}); today it spends ${f(ms.whole - ms.baseline)} ms: the chain ${perCall(ms.chain)}, validation ${perValue(ms.validate)}, the replay ${perValue(replay)}`,
  ]
  const cap = TARGET * ms.baseline
  const replayFree = ms.chain + ms.validate + ms.stringify
  lines.push(
    replayFree > cap
      ? `  replay free: chain + validate + stringify = ${f(replayFree)} ms > ${TARGET} x baseline = ${f(cap)} ms: today's chain and validation miss the target even if the replay cost nothing${ms.validate + ms.stringify > cap ? ' (validation and stringify alone do)' : ''}`
      : `  replay free: chain + validate + stringify = ${f(replayFree)} ms <= ${TARGET} x baseline = ${f(cap)} ms: ${f(cap - replayFree)} ms left for the replay (today ${f(replay)} ms; the literals make the same JSON in ${f(ms.literals)} ms)`,
  )
  const floor = Math.min(ratios.floor, ratios.floorWhole)
  const floorExtra = floor * ms.baseline - ms.baseline
  lines.push(
    floor < TARGET
      ? `  floor: ${f(floor)}x (the lower of its two measures), ${f(TARGET - floor, 2)} under ${TARGET}x: beyond a chain at the floor (${perCall(ms.floorChain)}; today ${perCall(ms.chain)}) and a walk that only reads (${perValue(ms.floorWalk)}; today's validation ${perValue(ms.validate)}), ${us(budget - floorExtra)} of the ${us(budget)} are left for all the rules check beyond reading (${perValue(budget - floorExtra)}) and for making the JSON at more than the literals' cost (today the replay takes ${us(replay)}, the literals ${us(ms.literals)})`
      : `  floor: ${f(floor)}x >= ${TARGET}x (the lower of its two measures): the contract's calls and a walk of every value, with the JSON made at the literals' cost, already miss the target on this set`,
  )
  return lines
}

async function main() {
  const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
  const quick = process.argv.includes('--quick')
  const rounds = Number(arg('rounds', quick ? '3' : '40'))
  const batchMs = Number(arg('batch-ms', quick ? '2' : '10'))
  const which = arg('set', quick ? 'workload' : 'both')
  const sets = []
  if (which !== 'fixture') sets.push(["issue 29's workload", 'workload', quick ? makeWorkload().slice(0, 12) : makeWorkload()])
  if (which !== 'workload') sets.push(['the fixture', 'fixture', makeCommandSet()])
  for (const [label, tag, set] of sets) console.log(describeFloors(label, await floors(set, { rounds, batchMs, tag })).join('\n'))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
