/**
 * Type-check time (issue "Type-level builders"): the realistic 130-command set
 * written with slashkit, with full inference (the handler's types of every
 * command are computed), against the same set written as object literals typed
 * with discord-api-types. Each is checked by TypeScript 5.9's tsc in a fresh
 * process, interleaved in rounds; the ratio is of the median check times.
 *
 *   node bench/typecheck.mjs           (after npm run build)
 *   node bench/typecheck.mjs --floor   also the floor below
 *   node bench/typecheck.mjs --floor-cpu [--rounds=7] [--compilers=5.9,7.0] [--fixture]
 *                                      the floor of issue 29's workload (the fixture with
 *                                      --fixture) in process CPU, TS 5.9 and 7.0, beside the
 *                                      real row from the same runs (`typecheckFloor`)
 *   node bench/typecheck.mjs --floor-cpu --families=names,walk,...
 *                                      also the definitions with each family off alone
 *                                      (`REFUSALS`, and `walk`: `.options(...)`'s list walk)
 *   node bench/typecheck.mjs --per-item     instantiations (TS 5.9 and 7.0 agree) each refusal costs per
 *                                      item it checks, in small files of one shape each (`typecheckPerItem`)
 *   node bench/typecheck.mjs --refusals [--rounds=N] [--families=a,b] [--compilers=5.9,7.0]
 *                                      what each refusal family costs
 *   node bench/typecheck.mjs --against=DIR [--rounds=5] [--workload]
 *                                      the same file against DIR's built declarations (a worktree
 *                                      of another commit, after its `npm run build`) and this
 *                                      tree's, interleaved, TS 5.9 and 7.0: instantiations of each
 *                                      and the ratio of median check times (`typecheckAgainst`)
 *   --workload                         any of the above on issue 29's workload (`makeWorkload`
 *                                      of bench/workload.mjs: the outside measurement's
 *                                      counts exactly; the row `npm run bench` holds to 1.3x)
 *   --wide                             the same on the wide set (`makeWideSet`: the same
 *                                      option and choice counts, 49 commands localized
 *                                      where the workload has 31, 386 options with
 *                                      choices where it has 260)
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
import { makeCommandSet, makeWideSet } from './fixture.mjs'
import { makeWorkload } from './workload.mjs'
import { variantSource } from './inference.mjs'

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
 * into chunk files (`parse-*.d.cts`), so each alias is looked for in every file.
 */
export function writeUncheckedDeclarations(into) {
  rewriteDeclarations(into, { aliases: CHECKS })
}

/**
 * The end of the type parameter list of the alias starting at `start` (`type Name<`):
 * the index of the ` = ` at depth 0 (defaults inside the list, `I = 0`, are skipped).
 */
function aliasEquals(text, start) {
  let depth = 0
  for (let i = text.indexOf('<', start); i < text.length; i++) {
    const c = text[i]
    if (c === '<') depth++
    else if (c === '>' && text[i - 1] !== '=') depth--
    else if (depth === 0 && text.startsWith(' = ', i)) return i
    else if (c === '\n') return -1
  }
  return -1
}

/**
 * The `;` that ends the alias body starting at `from`: the first one outside braces,
 * brackets, parentheses and string literals (sentences hold `;` and parentheses).
 */
function aliasEnd(text, from) {
  let depth = 0
  for (let i = from; i < text.length; i++) {
    const c = text[i]
    if (c === "'" || c === '"' || c === '`') {
      // The declarations' strings escape no quote of their own kind.
      i = text.indexOf(c, i + 1)
      if (i < 0) return -1
    } else if (c === '{' || c === '[' || c === '(') depth++
    else if (c === '}' || c === ']' || c === ')') depth--
    else if (c === ';' && depth === 0) return i
  }
  return -1
}

/**
 * dist/'s declarations rewritten into `into`: each alias of `aliases` given the body
 * there, each interface of `interfaces` emptied, and each `[from, to]` of `replace`
 * replaced everywhere. Throws when one of them is found nowhere, so a renamed alias
 * cannot turn a rewrite into a no-op.
 */
export function rewriteDeclarations(into, { aliases = {}, interfaces = [], replace = [] }) {
  mkdirSync(into, { recursive: true })
  const dist = new URL('../dist/', import.meta.url).pathname
  // The ESM entries' .d.ts re-export their .d.cts twins (scripts/share-declarations.mjs): both are copied.
  const files = readdirSync(dist).filter((f) => f.endsWith('.d.ts') || f.endsWith('.d.cts'))
  const texts = new Map(files.map((f) => [f, readFileSync(`${dist}${f}`, 'utf8')]))
  for (const [name, through] of Object.entries(aliases)) {
    // A generic alias (`type Name<...> = `) or a plain one (`type Name = `).
    const heads = [`\ntype ${name}<`, `\ntype ${name} = `]
    const file = files.find((f) => heads.some((h) => texts.get(f).includes(h)))
    if (file === undefined) throw new Error(`typecheck bench: no alias ${name} in dist/*.d.ts`)
    const text = texts.get(file)
    const generic = text.includes(heads[0])
    const start = text.indexOf(heads[generic ? 0 : 1])
    const equals = generic ? aliasEquals(text, start + 1) : start + heads[1].length - 3
    const end = equals < 0 ? -1 : aliasEnd(text, equals)
    if (end < 0) throw new Error(`typecheck bench: no alias ${name} in dist/${file}`)
    texts.set(file, `${text.slice(0, equals)} = ${through}${text.slice(end)}`)
  }
  for (const name of interfaces) {
    const file = files.find((f) => new RegExp(`\\ninterface ${name}( extends [^{]*)? \\{\\n`).test(texts.get(f)))
    if (file === undefined) throw new Error(`typecheck bench: no interface ${name} in dist/*.d.ts`)
    const text = texts.get(file)
    const open = text.indexOf(' {\n', text.search(new RegExp(`\\ninterface ${name}[ <]`)))
    const close = text.indexOf('\n}\n', open)
    texts.set(file, `${text.slice(0, open)} {${text.slice(close + 1)}`)
  }
  for (const [from, to] of replace) {
    let found = 0
    for (const [file, text] of texts) {
      if (!text.includes(from)) continue
      found++
      texts.set(file, text.split(from).join(to))
    }
    if (found === 0) throw new Error(`typecheck bench: no ${JSON.stringify(from)} in dist/*.d.ts`)
  }
  for (const [file, text] of texts) writeFileSync(`${into}${file}`, text)
}

/**
 * The refusal families of the declarations (issue "Editor speed": "say which
 * refusal costs what, measured with it switched off"). Each is switched off alone
 * by rewriting the built declarations (`rewriteDeclarations`); `misuse` is source
 * the real declarations refuse and the rewritten ones accept (test/bench-refusals.test.ts),
 * so a rewrite that no longer switches anything off fails there, not silently here.
 * `all` switches every family off at once.
 */
export const REFUSALS = {
  names: {
    rule: 'Naming rules 1-2: length, characters and case of literal names',
    aliases: {
      CheckChatName: 'N',
      CheckPlainName: 'N',
      ChatNameError: 'never',
      ChildName: 'N extends unknown ? N extends AllNames<C> ? NoInfer<Verdict<N, ChildNameError<N, C>>> : N : never',
    },
    misuse: ["slash('Ban', 'Upper case')", "user('')", "option.string('Reason', 'Upper case')", "slash('a', 'd').subcommand('Show', 'Upper case')"],
  },
  duplicates: {
    rule: 'Naming rules 4: option, subcommand and group names unique within one options list',
    aliases: {
      // The fast walk's name test (`Walk`) stays: any rewrite of it that stops comparing a
      // name with the names seen (a test against `never`, a `Seen` left unchanged, indexes
      // collected in place of names) makes TypeScript 5.9 report "excessively deep" on every
      // `.options(...)`. Off here: the walk that words the refusal, and the children's test.
      // The fast walk's share is in `all`.
      Unique: 'Order<T, Optional, At>',
      ChildName:
        'N extends unknown ? Lowercase<N> extends N ? Box<N> extends BadChatShape ? NoInfer<Verdict<N, ChatNameError<N>>> : N : NoInfer<Verdict<N, ChatNameError<N>>> : never',
    },
    misuse: ["slash('a', 'd').options(option.string('x', 'x'), option.string('x', 'y'))", "slash('a', 'd').subcommand('s', 'S').subcommand('s', 'T')"],
  },
  order: {
    rule: 'Command option 1: required options before optional ones',
    aliases: {
      Walk: "I extends A['length'] ? true : A[I] extends OptionFacts<infer N, infer R> ? [N] extends [Seen] ? false : Walk<A, Next[I], false, Seen | N> : false",
      Order: 'never',
    },
    misuse: ["slash('a', 'd').options(option.string('x', 'x'), option.string('y', 'y').required())"],
  },
  count: {
    rule: 'Limits: at most 25 options in one options list',
    aliases: { Under25: 'number' },
    misuse: [`slash('a', 'd').options(${Array.from({ length: 26 }, (_, i) => `option.string('o${i}', 'd')`).join(', ')})`],
  },
  choices: {
    rule: "Option choice: a choice's value fits the option's type (whole numbers on INTEGER)",
    aliases: { CheckChoices: 'C' },
    misuse: ["option.integer('n', 'n').choices(choice('Half', 0.5))", "option.string('s', 's').choices(choice('One', 1))"],
  },
  'choices-or-autocomplete': {
    rule: 'Other command rules 5: choices and autocomplete exclude each other',
    replace: [
      ["this: Mode extends 'autocomplete' ? SlashkitError<'an option with autocomplete cannot have choices; use one or the other'> : unknown", 'this: unknown'],
      ["this: Mode extends 'choices' ? SlashkitError<'an option with choices cannot use autocomplete; use one or the other'> : unknown", 'this: unknown'],
    ],
    misuse: ["option.string('s', 's').autocomplete().choices(choice('A', 'a'))", "option.string('s', 's').choices(choice('A', 'a')).autocomplete()"],
  },
  'channel-types': {
    rule: 'Command option channel_types: channel types by name or value, no directory channels (14)',
    aliases: { CheckChannelTypes: 'T' },
    misuse: ["option.channel('c', 'c').channelTypes(14)", "option.channel('c', 'c').channelTypes('GuildTxt')"],
  },
  permissions: {
    rule: 'Application command default_member_permissions: flag names (the nearest named for a typo), bit sets, digits',
    aliases: { CheckMemberPermissions: 'P' },
    misuse: ["slash('a', 'd').defaultMemberPermissions('BanMember')"],
  },
  nesting: {
    rule: 'Other command rules 1: value options or subcommands and groups, not both',
    aliases: {
      WithoutChildren: 'This',
      SlashChildName: 'This extends SlashCommand<infer _N, infer _O, infer C, infer _G> ? ChildName<N, C> : N',
    },
    misuse: ["slash('a', 'd').options(option.string('x', 'x')).subcommand('show', 'Show')", "slash('a', 'd').subcommand('show', 'Show').options(option.string('x', 'x'))"],
  },
  misplaced: {
    rule: 'methods of another option type (min on STRING, ...) read as sentences; off, they do not exist',
    interfaces: ['MisplacedOnString', 'MisplacedOnNumber', 'MisplacedOnChannel', 'MisplacedOnPlain'],
    // Off, the methods are gone: the call is still an error, but not the sentence.
    misuse: ["option.string('s', 's').min(1)"],
    sentence: 'min() applies to INTEGER and NUMBER options',
  },
  scope: {
    rule: 'contexts, integration types and dm permission are for global commands only',
    aliases: { ScopeArg: 'S' },
    misuse: ["slash('a', 'd').contexts('Guild').toJSON({ scope: 'guild' })"],
  },
  descriptions: {
    rule: 'Application command, Command option: a description of 1-100 characters',
    aliases: { CheckDescription: 'D' },
    misuse: ["slash('a', '')", "option.string('s', '')", "slash('a', 'd').subcommand('s', '')"],
  },
  bounds: {
    rule: 'Command option: min_value at most max_value',
    aliases: { CheckMin: 'V', CheckMax: 'V' },
    misuse: ["option.integer('n', 'n').min(5).max(3)", "option.number('n', 'n').max(1).min(1.5)"],
  },
  lengths: {
    rule: 'Command option: min_length at most max_length',
    aliases: { CheckMinLength: 'L', CheckMaxLength: 'L' },
    misuse: ["option.string('s', 's').minLength(10).maxLength(9)"],
  },
  set: {
    rule: 'Naming rules 3, Limits: command names unique per type in a set, one entry point',
    aliases: { CheckSet: 'D' },
    misuse: ["commands(slash('ping', 'Pong'), slash('ping', 'Again'))"],
  },
  coverage: {
    rule: 'router: a handler for every command of the set and none for others',
    aliases: { CheckHandlers: 'H' },
    misuse: ["router(commands(slash('a', 'd')), [])", "router(commands(slash('a', 'd')), { a: () => 1, b: () => 2 })"],
  },
}

/** Every refusal family off at once (a rewrite per alias; two families may rewrite one alias, the last wins). */
function allOff() {
  const aliases = { ...CHECKS }
  const interfaces = []
  const replace = []
  for (const f of Object.values(REFUSALS)) {
    Object.assign(aliases, f.aliases ?? {})
    interfaces.push(...(f.interfaces ?? []))
    replace.push(...(f.replace ?? []))
  }
  // Every check off: the walks of the lists and the child names pass everything.
  Object.assign(aliases, { CheckOptions: 'A', ChildName: 'N', SlashChildName: 'N' })
  return { aliases, interfaces, replace }
}

/**
 * `.options(...)`'s whole list walk (`CheckOptions`: duplicates, order and count at
 * once, the fast walk included), for `--floor-cpu --families`. Not in `REFUSALS`:
 * it overlaps three families there, whose misuse test/bench-refusals.test.ts holds apart.
 */
const WALK_OFF = { aliases: { CheckOptions: 'A' }, interfaces: [], replace: [] }

/** The rewrite of one family, of `.options(...)`'s walk (`'walk'`), or of all (`'all'`). */
export function refusalRewrite(family) {
  if (family === 'all') return allOff()
  if (family === 'walk') return WALK_OFF
  const f = REFUSALS[family]
  if (f === undefined) throw new Error(`typecheck bench: no refusal family ${family}`)
  return { aliases: f.aliases ?? {}, interfaces: f.interfaces ?? [], replace: f.replace ?? [] }
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
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2022'],
        types: [],
        skipLibCheck: true,
        ...(declarations === undefined ? {} : { paths: { slashkit: [`${declarations}index.d.ts`] } }),
      },
      files: [`${name}.ts`],
    }),
  )
}

/** The sets the type-check can run on, by shape name (see the header). */
const SHAPES = { default: makeCommandSet, wide: makeWideSet, workload: makeWorkload }

function write({ floor = false, shape = 'default' } = {}) {
  mkdirSync(dir, { recursive: true })
  const set = SHAPES[shape]()
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
  const instantiations = Number(/Instantiations:\s+(\d+)/.exec(r.stdout)?.[1])
  return { check: seconds('Check time'), total: seconds('Total time'), instantiations }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

/**
 * Median check and total times of both, and the ratio of check times (slashkit /
 * literals). With `floor`, also the unchecked declarations with and without
 * `InferResult`, each as a ratio of check times against the same literals.
 */
export function typecheck({ rounds = 5, floor = false, shape = 'default' } = {}) {
  write({ floor, shape })
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

/** The process CPU seconds (user + system, the compiler's children included) and instantiations of one tsc run. */
function cpuOnce(name, compiler) {
  const out = `${dir}${name}.time`
  // TS 7.0 on one Go processor (GOMAXPROCS=1): with two, its parallel GC's CPU time swung the
  // literals' fastest run from 0.65 to 1.04 s between runs; with one, 0.67 to 0.75 s (three runs each).
  const env = compiler === tsc7 ? { ...process.env, GOMAXPROCS: '1' } : process.env
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', out, process.execPath, compiler, '-p', `${dir}${name}.json`, '--extendedDiagnostics'], {
    cwd: root,
    encoding: 'utf8',
    env,
  })
  if (r.error !== undefined) throw new Error(`typecheck bench: --floor-cpu times each run with /usr/bin/time (GNU time): ${r.error.message}`)
  if (r.status !== 0) throw new Error(`typecheck bench: ${name} does not compile:\n${r.stdout}${r.stderr}`)
  const [user, system] = readFileSync(out, 'utf8').trim().split(/\s+/).slice(-2).map(Number)
  return { cpu: user + system, instantiations: Number(/Instantiations:\s+(\d+)/.exec(r.stdout)?.[1]) }
}

/**
 * The type-check floor in process CPU (`--floor-cpu`): the set's slashkit file,
 * with the set's `InferResult` (the row of `npm run bench`) and without it (the
 * definitions alone), checked against the built declarations and against the same
 * declarations with every refusal family switched off (`refusalRewrite('all')`: the
 * check aliases pass their argument through, the sentences are gone), beside the
 * discord-api-types literals; each compiler's runs interleaved, the order reversed
 * every other round; each file's figure the fastest of `rounds` runs in process CPU
 * (user + system of tsc and its children, GNU time; TS 7.0 on one Go processor), its
 * ratio to the literals'.
 *
 * @example
 * const rows = typecheckFloor({ shape: 'workload', rounds: 7 }) // [{ compiler: 'TS 5.9', ... }, { compiler: 'TS 7.0', ... }]
 */
export function typecheckFloor({ shape = 'workload', rounds = 7, compilers = ['TS 5.9', 'TS 7.0'], families = [] } = {}) {
  mkdirSync(dir, { recursive: true })
  const set = SHAPES[shape]()
  const chain = slashkitSource(set, 'slashkit', { typescript: true })
  const off = `${dir}floor-off/`
  rewriteDeclarations(off, refusalRewrite('all'))
  const files = {
    literals: [typedLiteralSource(set)],
    row: [chain + INFER],
    definitions: [chain],
    'row, checks off': [chain + INFER, off],
    'definitions, checks off': [chain, off],
  }
  for (const family of families) {
    const into = `${dir}floor-${family}-off/`
    rewriteDeclarations(into, refusalRewrite(family))
    files[`definitions, ${family} off`] = [chain, into]
  }
  const names = Object.keys(files)
  const file = (name) => `floor-${name.replace(/\W+/g, '-')}`
  for (const [name, [source, declarations]] of Object.entries(files)) project(file(name), source, declarations)
  return compilers.map((label) => {
    const compiler = label === 'TS 7.0' ? tsc7 : tsc
    const best = Object.fromEntries(names.map((n) => [n, { cpu: Infinity, instantiations: 0 }]))
    for (let r = 0; r < rounds; r++)
      for (const name of r % 2 === 0 ? names : [...names].reverse()) {
        const run = cpuOnce(file(name), compiler)
        best[name] = { cpu: Math.min(best[name].cpu, run.cpu), instantiations: run.instantiations }
      }
    return { compiler: label, shape, rounds, files: Object.fromEntries(names.map((n) => [n, { ...best[n], ratio: best[n].cpu / best.literals.cpu }])) }
  })
}

/** Instantiations of one tsc run of `source` (against `declarations` when given). */
function instantiationsOf(name, source, declarations, compiler = tsc) {
  project(name, source, declarations)
  return once(name, compiler).instantiations
}

/**
 * The small files of `typecheckPerItem`: `count` statements of one shape each, every
 * name distinct (so no check is answered from the cache of an earlier one).
 */
const ITEMS = {
  'an option in a list of 8 (.options)': {
    count: 40,
    per: 8,
    line: (i) =>
      `slash("c${i}", "d").options(${Array.from({ length: 8 }, (_, j) => `option.${j < 3 ? 'string' : j % 2 ? 'integer' : 'boolean'}("o${i}x${j}", "d")${j < 3 ? '.required()' : ''}`).join(', ')})`,
    off: ['walk'],
  },
  'a name and a description (option.string)': { count: 200, per: 1, line: (i) => `option.string("nam${i}", "Which nam${i}")`, off: ['names', 'descriptions'] },
  'a choice in a list of 6 (INTEGER .choices)': {
    count: 40,
    per: 6,
    line: (i) => `option.integer("o${i}", "d").choices(${Array.from({ length: 6 }, (_, j) => `choice("n${i}x${j}", ${i * 10 + j})`).join(', ')})`,
    off: ['choices'],
  },
  'a .min(...) then .max(...) pair': { count: 40, per: 1, line: (i) => `option.integer("o${i}", "d").min(${i}).max(${i + 100})`, off: ['bounds'] },
}

/**
 * What each refusal costs per item it checks, in instantiations (deterministic: no
 * load changes them; TypeScript 5.9 and 7.0 count alike): each shape of `ITEMS` in a
 * file of its own, checked against the built declarations, with its families off
 * one at a time (`refusalRewrite`), and with every family off; the cost per item is
 * the difference over the items. The instantiations of the bare calls (every family
 * off) are given per item too, as the scale.
 *
 * @example
 * typecheckPerItem() // [{ item: 'an option in a list of 8 (.options)', real: 24371, off: { walk: 13914 }, all: 8365, perItem: { walk: 32.7 }, bare: 26.1 }, ...]
 */
export function typecheckPerItem() {
  mkdirSync(dir, { recursive: true })
  const families = [...new Set(Object.values(ITEMS).flatMap((i) => i.off)), 'all']
  const declarations = Object.fromEntries(families.map((f) => [f, `${dir}per-item-${f}/`]))
  for (const f of families) rewriteDeclarations(declarations[f], refusalRewrite(f))
  return Object.entries(ITEMS).map(([item, { count, per, line, off }], n) => {
    const source = `import { choice, option, slash } from 'slashkit'\n${Array.from({ length: count }, (_, i) => `export const s${i} = ${line(i)}\n`).join('')}`
    const real = instantiationsOf(`per-item-${n}`, source)
    const all = instantiationsOf(`per-item-${n}-all`, source, declarations.all)
    const offs = Object.fromEntries(off.map((f) => [f, instantiationsOf(`per-item-${n}-${f}`, source, declarations[f])]))
    const items = count * per
    return { item, items, real, off: offs, all, perItem: Object.fromEntries(off.map((f) => [f, (real - offs[f]) / items])), bare: all / items }
  })
}

/** A table of `typecheckFloor()` for the terminal. */
export function floorTable(result) {
  const lines = []
  for (const { compiler, shape, rounds, files } of result) {
    lines.push(`${compiler}, ${shape}, process CPU, fastest of ${rounds} interleaved runs:`)
    for (const [name, { cpu, ratio, instantiations }] of Object.entries(files))
      lines.push(
        `  ${name.padEnd(36)} ${cpu.toFixed(2).padStart(6)} s  ${ratio.toFixed(2)}x the literals${Number.isNaN(instantiations) ? '' : `  ${instantiations} instantiations`}`,
      )
  }
  return lines.join('\n')
}

/**
 * The editor-speed workload (bench/inference.mjs) at each size: median check time and
 * instantiations of every variant with TypeScript 5.9 and 7.0, and the ratios the issue
 * sets targets for: router with a handler per path (the map, and the `handle` form)
 * against hand-written inference; definitions alone against the plain literals.
 */
export function typecheckInference({ sizes = [130], rounds = 3 } = {}) {
  mkdirSync(dir, { recursive: true })
  const variants = ['literal', 'handwritten', 'handwritten-handlers', 'slashkit', 'slashkit-handlers', 'slashkit-each']
  const out = []
  for (const count of sizes) {
    for (const v of variants) project(`${v}-${count}`, variantSource(v, count))
    for (const [compiler, label] of [
      [tsc, 'TS 5.9'],
      [tsc7, 'TS 7.0'],
    ]) {
      const runs = Object.fromEntries(variants.map((v) => [v, []]))
      for (let r = 0; r < rounds; r++) for (const v of r % 2 === 0 ? variants : [...variants].reverse()) runs[v].push(once(`${v}-${count}`, compiler))
      const m = Object.fromEntries(variants.map((v) => [v, { check: median(runs[v].map((x) => x.check)), instantiations: runs[v][0].instantiations }]))
      out.push({
        commands: count,
        compiler: label,
        ...Object.fromEntries(variants.map((v) => [v, m[v].check])),
        'map / hand-written': m['slashkit-handlers'].check / m['handwritten-handlers'].check,
        'handle / hand-written': m['slashkit-each'].check / m['handwritten-handlers'].check,
        'definitions / literals': m.slashkit.check / m.literal.check,
        'instantiations handle / hand-written': m['slashkit-each'].instantiations / m['handwritten-handlers'].instantiations,
        instantiations: Object.fromEntries(variants.map((v) => [v, m[v].instantiations])),
      })
    }
  }
  return out
}

/**
 * What each refusal family costs (issue "Editor speed"): the 130-command workload of
 * bench/inference.mjs, definitions alone and routed with `handle(...)`, checked
 * against the real declarations and against declarations with one family switched
 * off (`REFUSALS`, and `all` of them), beside the plain literals and the hand-written
 * inference, all interleaved in one run. For each family: median check times and
 * instantiations, and what switching it off saves against the real declarations.
 */
export function typecheckRefusals({ count = 130, rounds = 3, compilers = ['TS 5.9', 'TS 7.0'], families = [...Object.keys(REFUSALS), 'all'], shape = 'default' } = {}) {
  mkdirSync(dir, { recursive: true })
  const names = [`literal-${count}`, `handwritten-handlers-${count}`]
  project(names[0], variantSource('literal', count, shape))
  project(names[1], variantSource('handwritten-handlers', count, shape))
  const definitions = variantSource('slashkit', count, shape)
  const handled = variantSource('slashkit-each', count, shape)
  for (const family of ['real', ...families]) {
    const declarations = family === 'real' ? undefined : `${dir}refusal-${family}/`
    if (declarations !== undefined) rewriteDeclarations(declarations, refusalRewrite(family))
    project(`definitions-${family}`, definitions, declarations)
    project(`handle-${family}`, handled, declarations)
    names.push(`definitions-${family}`, `handle-${family}`)
  }
  const out = []
  for (const label of compilers) {
    const compiler = label === 'TS 7.0' ? tsc7 : tsc
    const runs = Object.fromEntries(names.map((n) => [n, []]))
    for (let r = 0; r < rounds; r++) for (const n of r % 2 === 0 ? names : [...names].reverse()) runs[n].push(once(n, compiler))
    const m = (n) => ({ check: median(runs[n].map((x) => x.check)), instantiations: runs[n][0].instantiations })
    const literal = m(names[0])
    const handwritten = m(names[1])
    const real = { definitions: m('definitions-real'), handle: m('handle-real') }
    const rows = ['real', ...families].map((family) => {
      const d = m(`definitions-${family}`)
      const h = m(`handle-${family}`)
      return {
        family,
        rule: family === 'real' ? 'every refusal on' : family === 'all' ? 'every refusal off' : REFUSALS[family].rule,
        definitions: d,
        handle: h,
        'definitions / literals': d.check / literal.check,
        'handle / hand-written': h.check / handwritten.check,
        'definitions saved': 1 - d.check / real.definitions.check,
        'handle saved': 1 - h.check / real.handle.check,
        'instantiations saved (definitions)': real.definitions.instantiations - d.instantiations,
        'instantiations saved (handle)': real.handle.instantiations - h.instantiations,
      }
    })
    out.push({ compiler: label, commands: count, literal, handwritten, rows })
  }
  return out
}

/** A table of `typecheckRefusals()` for the terminal. */
export function refusalTable(result) {
  const lines = []
  for (const { compiler, commands, literal, handwritten, rows } of result) {
    lines.push(
      `${compiler}, ${commands} commands: literals ${literal.check.toFixed(2)} s (${literal.instantiations} inst.), hand-written inference with handlers ${handwritten.check.toFixed(2)} s (${handwritten.instantiations} inst.)`,
    )
    lines.push('| switched off | definitions s | / literals | saved | inst. saved | handle s | / hand-written | saved | inst. saved |')
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|')
    const pct = (x) => `${(x * 100).toFixed(0)}%`
    for (const r of rows) {
      lines.push(
        `| ${r.family} | ${r.definitions.check.toFixed(2)} | ${r['definitions / literals'].toFixed(2)}x | ${pct(r['definitions saved'])} | ${r['instantiations saved (definitions)']} | ${r.handle.check.toFixed(2)} | ${r['handle / hand-written'].toFixed(2)}x | ${pct(r['handle saved'])} | ${r['instantiations saved (handle)']} |`,
      )
    }
  }
  return lines.join('\n')
}

const shapeArg = process.argv.includes('--workload') ? 'workload' : process.argv.includes('--wide') ? 'wide' : 'default'
const familiesArg = process.argv
  .find((a) => a.startsWith('--families='))
  ?.slice(11)
  .split(',')
const compilersArg = process.argv
  .find((a) => a.startsWith('--compilers='))
  ?.slice(12)
  .split(',')
  .map((v) => `TS ${v}`)

/**
 * The set's file (with its `InferResult`) checked against `other`'s built
 * declarations (A) and this tree's (B), alternating which goes first, `rounds`
 * times per compiler: each side's instantiations (a count the load does not move)
 * and the ratio B/A of the median check times.
 */
export function typecheckAgainst(other, { rounds = 5, shape = 'default' } = {}) {
  mkdirSync(dir, { recursive: true })
  const source = slashkitSource(SHAPES[shape](), 'slashkit', { typescript: true }) + INFER
  project('against-a', source, `${other.replace(/\/?$/u, '/')}dist/`)
  project('against-b', source, `${root}dist/`)
  const rows = {}
  for (const [version, compiler] of [
    ['5.9', tsc],
    ['7.0', tsc7],
  ]) {
    const runs = { a: [], b: [] }
    for (let r = 0; r < rounds; r++) for (const side of r % 2 === 0 ? ['a', 'b'] : ['b', 'a']) runs[side].push(once(`against-${side}`, compiler))
    const check = (side) => median(runs[side].map((x) => x.check))
    rows[`TS ${version}`] = {
      instantiations: { A: runs.a[0].instantiations, B: runs.b[0].instantiations },
      check: { A: check('a'), B: check('b') },
      ratio: Number((check('b') / check('a')).toFixed(3)),
    }
  }
  return rows
}

const againstArg = process.argv.find((a) => a.startsWith('--against='))?.slice(10)

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && againstArg !== undefined) {
  const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5)
  console.dir(typecheckAgainst(againstArg, { rounds, shape: shapeArg }), { depth: 3 })
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--refusals')) {
  const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3)
  console.log(refusalTable(typecheckRefusals({ rounds, shape: shapeArg, ...(familiesArg ? { families: familiesArg } : {}), ...(compilersArg ? { compilers: compilersArg } : {}) })))
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--floor-cpu')) {
  const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 7)
  console.log(
    floorTable(
      typecheckFloor({
        rounds,
        shape: process.argv.includes('--fixture') ? 'default' : shapeArg === 'default' ? 'workload' : shapeArg,
        ...(compilersArg ? { compilers: compilersArg } : {}),
        ...(familiesArg ? { families: familiesArg } : {}),
      }),
    ),
  )
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--per-item')) {
  for (const r of typecheckPerItem())
    console.log(
      `${r.item}: ${Object.entries(r.perItem)
        .map(([f, x]) => `${f} ${x.toFixed(1)}`)
        .join(', ')} instantiations per item; the bare calls ${r.bare.toFixed(1)} (${r.items} items, ${r.real} with every refusal, ${r.all} without)`,
    )
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--inference')) {
  for (const row of typecheckInference({ sizes: [30, 130, 520], rounds: 3 })) console.dir(row, { depth: 2 })
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.dir(typecheck({ floor: process.argv.includes('--floor'), rounds: process.argv.includes('--floor') ? 7 : 5, shape: shapeArg }), { depth: 3 })
  console.dir({ typescript7: typecheckNative() })
}
