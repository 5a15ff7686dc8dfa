/**
 * The editor-speed workload (issue "Editor speed"): the fixture's command set written
 * the ways a user would write it to get typed handlers, as TypeScript source.
 *
 * - `literal`: object literals typed with discord-api-types; no inference, no handlers.
 * - `handwritten`: the same literals `as const satisfies` the bulk body, plus a mapped
 *   type a user writes to give each handler its options (choices narrowed, required-ness,
 *   resolved entities), and a handler per path reading every option of its path.
 * - `slashkit`: the builder chains and `commands(...)`; with handlers, `router(app, {...})`
 *   with a handler per path reading every option of its path.
 * - `slashkit-each`: the chains, each command's handlers bound to it with `handle(...)`
 *   where it is defined, collected by `router(app, [...])` (the per-command form).
 *
 * `scale` repeats the 130-command set (seeded anew each time) as separate apps, so that
 * 520 commands are four sets of 130, each within the spec's per-scope counts; 30 is the
 * first 24 CHAT_INPUT, 3 USER and 3 MESSAGE commands of one set.
 */
import { slashkitCommand } from './codegen.mjs'
import { makeCommandSet, makeWideSet } from './fixture.mjs'
import { makeWorkload } from './workload.mjs'

const q = JSON.stringify

/**
 * The sets for a number of commands: 30, or a multiple of 130. `shape` picks the
 * fixture: `'default'` (`makeCommandSet`), `'wide'` (`makeWideSet`, near the shape of
 * issue 29's outside measurement) or `'workload'` (`makeWorkload` of bench/workload.mjs:
 * that measurement's counts exactly, the set the build benchmark builds).
 */
export function setsFor(count, shape = 'default') {
  const make = { default: makeCommandSet, wide: makeWideSet, workload: makeWorkload }[shape]
  if (make === undefined) throw new Error(`inference bench: no shape ${shape}`)
  if (count === 30) {
    const set = make()
    return [[...set.filter((c) => c.type === 1).slice(0, 24), ...set.filter((c) => c.type === 2).slice(0, 3), ...set.filter((c) => c.type === 3).slice(0, 3)]]
  }
  if (count % 130 !== 0) throw new Error(`inference bench: ${count} commands is neither 30 nor a multiple of 130`)
  return Array.from({ length: count / 130 }, (_, i) => make(i === 0 ? {} : { seed: 0x5eed + i }))
}

/** Every invocable path of a command: [group, subcommand, options]. */
function pathsOf(command) {
  if (command.type !== 1) return []
  const options = command.options ?? []
  if (options.length === 0 || (options[0].type !== 1 && options[0].type !== 2)) return [[undefined, undefined, options]]
  return options.flatMap((o) => (o.type === 2 ? (o.options ?? []).map((s) => [o.name, s.name, s.options ?? []]) : [[undefined, o.name, o.options ?? []]]))
}

/** A handler body that reads every option of its path (as the issue's workload does). */
function handlerSource(command, options, param = 'v') {
  if (command.type === 2) return `(${param}) => ${param}.target.user.id`
  if (command.type === 3) return `(${param}) => ${param}.target.content`
  const reads = options.map((o) => `o[${q(o.name)}]`).join(', ')
  return `(${param}) => { const o = ${param}.options; return [${reads}] }`
}

/** The handler map of one command, in the router's shape: a function, or a map by subcommand and group. */
export function handlerMap(command) {
  const paths = pathsOf(command)
  if (command.type !== 1 || (paths.length === 1 && paths[0][1] === undefined)) return handlerSource(command, paths[0]?.[2] ?? [])
  const entries = []
  const groups = new Map()
  for (const [group, sub, options] of paths) {
    if (group === undefined) entries.push(`${q(sub)}: ${handlerSource(command, options)}`)
    else {
      if (!groups.has(group)) groups.set(group, [])
      groups.get(group).push(`${q(sub)}: ${handlerSource(command, options)}`)
    }
  }
  for (const [group, subs] of groups) entries.push(`${q(group)}: { ${subs.join(', ')} }`)
  return `{ ${entries.join(', ')} }`
}

const handlersObject = (set) => `{\n  ${set.map((c) => `${q(c.name)}: ${handlerMap(c)}`).join(',\n  ')},\n}`

// ---------------------------------------------------------------- literals

const LITERAL_HEADER = "import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10'\n"

function literal(sets) {
  return LITERAL_HEADER + sets.map((set, i) => `export const app${i}: RESTPutAPIApplicationCommandsJSONBody = ${JSON.stringify(set)}\n`).join('')
}

/**
 * What a user writes to type handlers from literals: a mapped type over the `as const`
 * set giving each path its options object, discriminated as slashkit's `parse` gives it.
 */
const HANDWRITTEN_TYPES = `import type {
  APIAttachment, APIGuildMember, APIInteractionDataResolvedChannel, APIMessage, APIRole, APIUser,
  RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10'

type ResolvedUser = { user: APIUser; member: APIGuildMember | undefined }
type ValueOf<O> = O extends { readonly choices: readonly { readonly value: infer V }[] }
  ? V
  : O extends { readonly type: 3 } ? string
  : O extends { readonly type: 4 | 10 } ? number
  : O extends { readonly type: 5 } ? boolean
  : O extends { readonly type: 6 } ? ResolvedUser
  : O extends { readonly type: 7 } ? APIInteractionDataResolvedChannel
  : O extends { readonly type: 8 } ? APIRole
  : O extends { readonly type: 9 } ? ResolvedUser | { role: APIRole }
  : O extends { readonly type: 11 } ? APIAttachment
  : never
type OptionsOf<L> = L extends readonly unknown[]
  ? { [O in L[number] as O extends { readonly name: infer N extends string } ? N : never]: O extends { readonly required: true } ? ValueOf<O> : ValueOf<O> | undefined }
  : {}
type Leaf<C, G, S, L> = { command: C; group: G; subcommand: S; options: OptionsOf<L> }
type Handler<V> = (value: V) => unknown
type NameOf<X> = X extends { readonly name: infer N extends string } ? N : never
type ListOf<X> = X extends { readonly options: infer L extends readonly unknown[] } ? L : readonly []
type SubMap<C, L extends readonly unknown[]> = {
  [X in L[number] as NameOf<X>]: X extends { readonly type: 2 }
    ? { [Y in ListOf<X>[number] as NameOf<Y>]: Handler<Leaf<C, NameOf<X>, NameOf<Y>, ListOf<Y>>> }
    : Handler<Leaf<C, undefined, NameOf<X>, ListOf<X>>>
}
type HandlersOf<A extends readonly unknown[]> = {
  [C in A[number] as NameOf<C>]: C extends { readonly type: 2 }
    ? Handler<{ command: NameOf<C>; target: ResolvedUser }>
    : C extends { readonly type: 3 }
      ? Handler<{ command: NameOf<C>; target: APIMessage }>
      : ListOf<C> extends readonly [{ readonly type: 1 | 2 }, ...unknown[]]
        ? SubMap<NameOf<C>, ListOf<C>>
        : Handler<Leaf<NameOf<C>, undefined, undefined, ListOf<C>>>
}
`

function handwritten(sets, { handlers }) {
  let s = HANDWRITTEN_TYPES
  sets.forEach((set, i) => {
    s += `export const app${i} = ${JSON.stringify(set)} as const satisfies RESTPutAPIApplicationCommandsJSONBody\n`
    if (handlers) s += `export const handlers${i}: HandlersOf<typeof app${i}> = ${handlersObject(set)}\n`
  })
  return s
}

// ---------------------------------------------------------------- slashkit

const SK_HEADER = "import { choice, commands, handle, message, option, router, slash, user } from 'slashkit'\n"

function slashkit(sets, { handlers }) {
  let s = SK_HEADER
  sets.forEach((set, i) => {
    s += `export const app${i} = commands(\n  ${set.map(slashkitCommand).join(',\n  ')},\n)\n`
    if (handlers) s += `export const route${i} = router(app${i}, ${handlersObject(set)})\n`
  })
  return s
}

/** Each command in a const, its handlers bound to it with `handle`, the set and the router after. */
function slashkitEach(sets) {
  let s = SK_HEADER
  sets.forEach((set, i) => {
    set.forEach((c, j) => {
      s += `export const c${i}_${j} = ${slashkitCommand(c)}\n`
      s += `export const h${i}_${j} = handle(c${i}_${j}, ${handlerMap(c)})\n`
    })
    s += `export const app${i} = commands(${set.map((_, j) => `c${i}_${j}`).join(', ')})\n`
    s += `export const route${i} = router(app${i}, [${set.map((_, j) => `h${i}_${j}`).join(', ')}])\n`
  })
  return s
}

/**
 * The source of one variant at one size. Variants: 'literal', 'handwritten',
 * 'handwritten-handlers', 'slashkit', 'slashkit-handlers', 'slashkit-each'.
 */
export function variantSource(variant, count, shape = 'default') {
  const sets = setsFor(count, shape)
  switch (variant) {
    case 'literal':
      return literal(sets)
    case 'handwritten':
      return handwritten(sets, { handlers: false })
    case 'handwritten-handlers':
      return handwritten(sets, { handlers: true })
    case 'slashkit':
      return slashkit(sets, { handlers: false })
    case 'slashkit-handlers':
      return slashkit(sets, { handlers: true })
    case 'slashkit-each':
      return slashkitEach(sets)
    default:
      throw new Error(`inference bench: no variant ${variant}`)
  }
}

export const VARIANTS = ['literal', 'handwritten', 'handwritten-handlers', 'slashkit', 'slashkit-handlers', 'slashkit-each']

/** The hand-written types a user writes to type handlers from literals (with their imports). */
export const handwrittenTypes = () => HANDWRITTEN_TYPES
