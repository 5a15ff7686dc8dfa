/**
 * `router(set, handlers)`: parse, then call the one handler the interaction is
 * for, with its typed values. The handler map is exhaustive by type: a missing
 * handler is a compile error, and so is an extra one.
 */
import type { CommandPath, InferResult, Members, PathsOf } from '../builders/types/infer.js'
import type { CommandSet, AnyDefinition } from '../builders/types/set.js'
import type { SlashkitError } from '../builders/types/error.js'
import { parse } from './parse.js'
import type { Bound } from './handle.js'

type RecordOf<D> = D extends { readonly '~command'?: infer R } ? NonNullable<R> : never
type NameOf<D> = RecordOf<D> extends { readonly name: infer N extends string } ? N : never

type HitOf<D, G, S> = Extract<InferResult<D>, { group: G; subcommand: S }>

/** A handler: the parsed values and the raw interaction, to whatever the router returns. */
export type Handler<Value, Return> = (value: Value, interaction: unknown) => Return

/** Whether `T` is a union of more than one type. */
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never

/**
 * The handlers of one command: a function, or a map by subcommand and group.
 * Commands of different types may share a name ("Naming rules" 3: a CHAT_INPUT
 * and a USER command, say); one key then holds one function for all of them,
 * which tells them apart by the shape of its value (`'target' in value`).
 */
export type CommandHandlerMap<D, Return> =
  true extends IsUnion<D>
    ? Handler<InferResult<D>, Return>
    : PathsOf<D> extends infer P
      ? [P] extends [never]
        ? Handler<InferResult<D>, Return>
        : [Extract<P, CommandPath<string, undefined, undefined>>] extends [never]
          ? SubHandlers<D, P, Return>
          : Handler<InferResult<D>, Return>
      : never

type SubHandlers<D, P, Return> = {
  [K in P extends CommandPath<string, infer G, infer S> ? (G extends string ? G : S & string) : never]: K extends (
    P extends CommandPath<string, infer G extends string>
      ? G
      : never
  )
    ? { [S in P extends CommandPath<string, K, infer S extends string> ? S : never]: Handler<HitOf<D, K, S>, Return> }
    : Handler<HitOf<D, undefined, K>, Return>
}

/** What a router returns: the union of its handlers' return types. */
export type ReturnOf<H> = {
  [K in keyof H]: H[K] extends (...args: never[]) => infer R ? R : ReturnOf<H[K]>
}[keyof H]

/** `H` with every key the handler map does not have turned into a sentence (no extra handlers). */
type Exact<H, T> = {
  [K in keyof H]: K extends keyof T
    ? H[K] extends (...args: never[]) => unknown
      ? H[K]
      : Exact<H[K], T[K]>
    : SlashkitError<`there is no command, group or subcommand named '${K & string}' to handle`>
}

/** The handler map of a set: one entry per command name. */
export type Handlers<Set, Return = unknown> = {
  [N in NameOf<Members<Set>>]: CommandHandlerMap<Named<Members<Set>, N>, Return>
}

type Named<M, N> = M extends unknown ? (NameOf<M> extends N ? M : never) : never

/** The names a list of `handle(...)` results covers. */
type BoundNames<B> = B extends Bound<infer D> ? NameOf<D> : never

/** A list of `handle(...)` results must cover the set, and hold nothing else. */
export type CoversSet<Set, B extends readonly unknown[]> = [Exclude<NameOf<Members<Set>>, BoundNames<B[number]>>] extends [infer Missing]
  ? [Missing] extends [never]
    ? [Exclude<BoundNames<B[number]>, NameOf<Members<Set>>>] extends [infer Extra]
      ? [Extra] extends [never]
        ? unknown
        : SlashkitError<`the set has no command named '${Extra & string}' to handle`>
      : never
    : SlashkitError<`no handler for command '${Missing & string}'; bind one with handle(...)`>
  : never

/**
 * A dispatcher for a set: `route(interaction)` parses the payload (throwing
 * `InteractionError` when it does not fit) and returns what the matching handler
 * returns. Commands with subcommands take a map by subcommand, and groups a map
 * by group, then subcommand.
 *
 * The handlers are a map by command name, or a list of `handle(command, ...)`
 * results: each typed from its own command, which keeps the editor fast on large
 * sets (docs/handling.md). Either way a missing or extra handler is a compile error.
 *
 * @example
 * const route = router(app, {
 *   ban: ({ options }) => reply(`Banned ${options.target.user.username}`),
 *   config: {
 *     show: () => reply('...'),
 *     set: ({ options }) => reply(`${options.key} = ${options.value}`),
 *     role: { grant: ({ options }) => reply(`Granted ${options.role.name}`) },
 *   },
 *   'Show profile': ({ target }) => reply(target.user.username),
 * })
 */
export function router<const D extends CommandSet<readonly AnyDefinition[]>, const B extends readonly Bound[]>(
  set: D,
  handlers: B & CoversSet<D, B>,
): (interaction: unknown) => unknown
export function router<const D extends CommandSet<readonly AnyDefinition[]>, const H extends Handlers<D>>(
  set: D,
  handlers: H & Exact<H, Handlers<D>>,
): (interaction: unknown) => ReturnOf<H>
export function router(set: CommandSet<readonly AnyDefinition[]>, handlers: unknown): (interaction: unknown) => unknown {
  const find = dispatcher(handlers)
  return (interaction) => {
    const hit = parse(set, interaction) as Hit
    return (find(hit) as (v: unknown, i: unknown) => unknown)(hit, interaction)
  }
}

/** What the dispatch reads of a parse result. */
interface Hit {
  readonly command: string
  readonly group?: string | undefined
  readonly subcommand?: string | undefined
  readonly options?: unknown
  readonly target?: unknown
}

/**
 * The handler lookup of a handler map or a list of `handle(...)` results: from a
 * parse result to the function that handles it, or a `TypeError` naming the path.
 */
function dispatcher(handlers: unknown): (hit: Hit) => Function {
  const map = Array.isArray(handlers) ? fromBound(handlers as readonly Bound[]) : handlers
  return (hit) => {
    let handler = own(map, hit.command)
    if (Array.isArray(handler)) handler = ofKind(handler as readonly Bound[], hit)
    if (typeof handler !== 'function' && hit.group !== undefined) handler = own(handler, hit.group)
    if (typeof handler !== 'function' && hit.subcommand !== undefined) handler = own(handler, hit.subcommand)
    if (typeof handler !== 'function') throw new TypeError(`router: no handler for ${[hit.command, hit.group, hit.subcommand].filter(Boolean).join(' ')}`)
    return handler
  }
}

/** A map by name of `handle(...)` results; a name several types share ("Naming rules" 3) keeps each, to choose by type. */
function fromBound(list: readonly Bound[]): Record<string, unknown> {
  const byName = new Map<string, Bound[]>()
  for (const bound of list) {
    const name = jsonOf(bound).name
    byName.set(name, [...(byName.get(name) ?? []), bound])
  }
  const map: Record<string, unknown> = Object.create(null)
  for (const [name, bound] of byName) map[name] = bound.length === 1 ? bound[0]!.handlers : bound
  return map
}

const jsonOf = (bound: Bound): { name: string; type?: number } => (bound.definition.toJSON as () => { name: string; type?: number }).call(bound.definition)

/** Of the bound commands sharing a name, the one of the parse result's type (a value's shape tells them apart). */
function ofKind(list: readonly Bound[], hit: Hit): unknown {
  const type = hit.options !== undefined ? 1 : typeof hit.target === 'object' && hit.target !== null && 'user' in hit.target ? 2 : hit.target !== undefined ? 3 : 4
  return list.find((b) => (jsonOf(b).type ?? 1) === type)?.handlers
}

/** An own property only: a handler map's prototype never answers. */
function own(map: unknown, key: string): unknown {
  return typeof map === 'object' && map !== null && Object.hasOwn(map, key) ? (map as Record<string, unknown>)[key] : undefined
}
