/**
 * `router(set, handlers)`: parse, look the handler up, call it with its typed
 * values and a context. The handler map is exhaustive by type: a missing handler
 * is a compile error, and so is an extra one, each a sentence.
 *
 * The way is the same for every caller: `safeParse` (or `parse`), then
 * `handlerLookup`, a pure function from a parse result to its handler, then
 * `handler(values, context)`. slashkit/http's dispatcher takes the same three steps.
 */
import type { CommandPath, InferResult, Members, OptionsObject, PathsOf, TargetResult } from '../builders/types/infer.js'
import type { ContextMenuCommand, Group, SlashCommand, Subcommand } from '../builders/types/commands.js'
import type { CommandSet, AnyDefinition } from '../builders/types/set.js'
import type { DidYouMean, Listed, OneOf } from '../builders/types/suggest.js'
import type { AnyValueHandler, InOrder, Refused, Which } from './components.js'
import { CommandType, type EntryPointHandler } from '../wire/enums.js'
import { argumentError } from '../rules/arguments.js'
import { parse } from './parse.js'
import { compile } from './compile.js'

type RecordOf<D> = D extends { readonly '~command'?: infer R } ? NonNullable<R> : never
type NameOf<D> = RecordOf<D> extends { readonly name: infer N extends string } ? N : never

type HitOf<D, G, S> = Extract<InferResult<D>, { group: G; subcommand: S }>

/**
 * A handler: the parsed values and a context, to whatever the router returns. The
 * context is what runs the handler gives: `route(interaction, context)` passes its
 * second argument (the interaction when there is none); slashkit/http passes its
 * `Context`. Written as a method, so that a handler may annotate a narrower context
 * than `unknown` (`(values, ctx: MyContext) => ...`) and still be one.
 */
export type Handler<Value, Return, Context = unknown> = { handle(value: Value, context: Context): Return }['handle']

/** A command and its handlers, as `handle` binds them. */
export interface Bound<D extends AnyDefinition = AnyDefinition> {
  /** The command the handlers are for. */
  readonly definition: D
  /** A function, or a map by subcommand and group, in the shape `router` takes for one command. */
  readonly handlers: unknown
}

/** Whether `T` is a union of more than one type. */
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never

/**
 * The handlers of one command: a function, or a map by subcommand and group.
 * Commands of different types may share a name ("Naming rules" 3: a CHAT_INPUT
 * and a USER command, say); one key then holds one function for all of them,
 * which tells them apart by the shape of its value (`'target' in value`).
 */
export type CommandHandlerMap<D, Return, Context = unknown> =
  // The builders' own kinds first, each matched as its interface (a type reference
  // against its own generic interface gives up its type arguments with no member
  // resolved): each handler's value is the one `InferResult` gives (its
  // `ChatResult` written out, its `TargetResult`), without the walk over the
  // command's paths. `NoInfer<D>` keeps
  // the test whole: a CHAT_INPUT command and a context menu sharing a name match
  // neither and take the general way (a USER and a MESSAGE command sharing one
  // match the second, whose value is then the union of both). On
  // bench/inference.mjs's 130 commands, TS 5.9:
  // 187,309 -> 177,867 instantiations with `handle(...)`, 215,180 -> 207,603 with
  // a map (docs/internals.md).
  NoInfer<D> extends SlashCommand<infer N, infer O, infer C, infer _G>
    ? C extends readonly []
      ? Handler<{ command: N; group: undefined; subcommand: undefined; options: OptionsObject<O> }, Return, Context>
      : { [K in ChildKey<C[number]>]: ChildHandlers<N, C[number], K, Return, Context> }
    : NoInfer<D> extends ContextMenuCommand<infer T, infer N, infer _G>
      ? Handler<TargetResult<T, N>, Return, Context>
      : AnyHandlerMap<D, Return, Context>

/** The name of a subcommand or group builder (a key of its command's handler map). */
type ChildKey<X> = X extends Subcommand<infer S, infer _O> ? S : X extends Group<infer G, infer _S> ? G : never

/**
 * The handlers of the child named `K` among a command's children `C`: the
 * subcommand's handler, or the group's map by subcommand. Keys listed first, then
 * each looked up, rather than a mapped type over the children with an `as` clause:
 * a map of handlers related to that form cost 16k more instantiations on the
 * bench's set, while this one costs less than the paths' walk.
 */
type ChildHandlers<N, C, K, Return, Context> =
  C extends Subcommand<K & string, infer O>
    ? Handler<{ command: N; group: undefined; subcommand: K; options: OptionsObject<O> }, Return, Context>
    : C extends Group<K & string, infer Subs>
      ? {
          [S in ChildKey<Subs[number]>]: Subs[number] extends infer Sub
            ? Sub extends Subcommand<S & string, infer O>
              ? Handler<{ command: N; group: K; subcommand: S; options: OptionsObject<O> }, Return, Context>
              : never
            : never
        }
      : never

/** `CommandHandlerMap` of any definition: a union of commands, one with subcommands, a record. */
type AnyHandlerMap<D, Return, Context> =
  true extends IsUnion<D>
    ? Handler<InferResult<D>, Return, Context>
    : PathsOf<D> extends infer P
      ? [P] extends [never]
        ? Handler<InferResult<D>, Return, Context>
        : [Extract<P, CommandPath<string, undefined, undefined>>] extends [never]
          ? SubHandlers<D, P, Return, Context>
          : Handler<InferResult<D>, Return, Context>
      : never

type SubHandlers<D, P, Return, Context> = {
  [K in P extends CommandPath<string, infer G, infer S> ? (G extends undefined ? S & string : G & string) : never]: K extends (
    P extends CommandPath<string, infer G>
      ? G extends undefined
        ? never
        : G
      : never
  )
    ? { [S in P extends CommandPath<string, K, infer S extends string> ? S : never]: Handler<HitOf<D, K, S>, Return, Context> }
    : Handler<HitOf<D, undefined, K>, Return, Context>
}

/** What a router returns: the union of its handlers' return types. */
export type ReturnOf<H> = {
  [K in keyof H]: H[K] extends (...args: never[]) => infer R ? R : ReturnOf<H[K]>
}[keyof H]

/**
 * The handler map of a set: one entry per command name, each `(values, context)`,
 * the shape `router` takes. One entry types a handler written in a file of its own:
 * `const onBan: Handlers<typeof app>['ban'] = ({ options }) => ...`. Its cost is
 * linear in the set's length (test/parse/router-scale.test.ts).
 */
export type Handlers<Set, Return = unknown, Context = unknown> = HandlerMapOf<CommandsByName<Members<Set>>, Return, Context>

/** The handler map of commands by name (`CommandsByName`). */
type HandlerMapOf<P, Return, Context> = { [N in keyof P]: CommandHandlerMap<P[N], Return, Context> }

/**
 * A set's commands by name, in one pass over them: `{ ban: Ban; config: Config }`.
 * Commands of different types that share a name ("Naming rules" 3) give one key
 * whose type is their union. (Picking each name's commands out of all of them was
 * one test per name and command, quadratic in the set.)
 */
type CommandsByName<M> = { [D in M as NameOf<D>]: D }

/**
 * What the handlers argument may be before it is checked: a handler map with every
 * key optional (so the handlers present keep their parameter types whatever is
 * missing), or a list of `handle(...)` results.
 */
export type HandlersInput<T> = Loose<T> | readonly Bound[]

type Loose<T> = { readonly [K in keyof T]?: T[K] extends (...args: never[]) => unknown ? T[K] : Loose<T[K]> } & NotWeak

/**
 * What keeps a map of optional keys from being a weak type: an index signature,
 * by symbol, which no handler map writes. A map that shares no key with a weak
 * type is not assignable to it, so `H` was not inferred from `{ pol: ... }` for
 * the set of `poll` alone, nor from `{ config: { shw, st } }`: the compiler took
 * `H`'s constraint, which covers the set, and the map was taken with no error. By
 * symbol, so that it types no string key and an editor offers no key of its own
 * (`valueOf`, a member every object has, did the first and not the second).
 */
interface NotWeak {
  readonly [key: symbol]: unknown
}

/** The names a list of `handle(...)` results covers. */
type BoundNames<B> = B extends Bound<infer D> ? NameOf<D> : never

/**
 * `Missing`, the names a map or a list leaves out, less the set's entry points
 * whose handler is DISCORD_LAUNCH_ACTIVITY (2) where no other command has the
 * name: the service launches the Activity and the app gets no interaction ("Other
 * command rules" 3), so their handler may be left out. The set is read only when a
 * name is missing.
 */
type ByService<D, Missing> = [Missing] extends [never] ? never : Members<D> extends infer M ? Exclude<Missing, Exclude<Launched<M, true>, Launched<M, false>>> : never
type Launched<M, Service extends boolean> = M extends unknown
  ? (RecordOf<M> extends { readonly type: typeof CommandType.PrimaryEntryPoint; readonly handler: typeof EntryPointHandler.DiscordLaunchActivity } ? true : false) extends Service
    ? NameOf<M>
    : never
  : never

/**
 * The check of a list of `handle(...)` results: the list itself when it covers the
 * set and holds nothing else; else an object whose one key is the sentence, which
 * no list has: the first line every compiler shows is then
 * `Property '"❌ no handler for command 'bug'; ..."' is missing in type ...`.
 */
type CoversSet<Names, D, B extends readonly unknown[]> = [Exclude<BoundNames<B[number]>, Names>] extends [infer Stray]
  ? [Stray] extends [never]
    ? [ByService<D, Exclude<Names, BoundNames<B[number]>>>] extends [infer Missing extends string]
      ? [Missing] extends [never]
        ? B
        : Refused<`❌ no handler for ${Which<'command', MissingInOrder<D, Missing>>}; bind ${[Missing] extends [OneOf<Missing>] ? 'one' : 'each'} with handle(...)`, unknown>
      : never
    : Refused<`❌ the set has no command named '${OneOf<Stray> & string}' to handle`, unknown>
  : never

/**
 * The check of a handler map against the full map `T`: the map itself (each map
 * inside checked the same way) when it has every key of `T` and no other, else
 * the map refused (`Refused`): a key `T` does not have (with the nearest name), or
 * the keys missing. `Path` is where the map is, for the sentence.
 */
type CoversMap<H, T, Path extends string, D = never> = [Exclude<keyof H, keyof T | keyof NotWeak>] extends [infer Stray]
  ? [Stray] extends [never]
    ? [ByService<D, Exclude<keyof T, keyof H>>] extends [infer Missing extends string]
      ? [Missing] extends [never]
        ? {
            [K in keyof H]: T[K & keyof T] extends (...args: never[]) => unknown ? H[K] : CoversMap<NonNullable<H[K]>, T[K & keyof T], `${Path} ${K & string}`>
          } & MisspeltKeys
        : Refused<
            `❌ no handler for ${Path extends '' ? Which<'command', MissingInOrder<D, Missing>> : Listed<`${Path extends ` ${infer P}` ? P : Path} ${Missing}`, 'and'>}; add ${[Missing] extends [OneOf<Missing>] ? 'one' : 'them'} to the handlers`,
            H
          >
      : never
    : Refused<NoCommand<Stray, keyof T & string>, H>
  : never

/**
 * What a map that covers its commands adds for the keys a user may misspell: an
 * index signature of handlers of any value (or maps of them). While the handlers
 * are typed, `H` is still its constraint, a map of the set's own keys, so the
 * checked map is this branch: a key that names nothing (`bna`) takes its handler's
 * type from here, and its parameters are `any` instead of implicitly any (TS7031
 * beside the sentence, which the finished check then gives). A key that names a
 * command takes its type from its property: a contextual type prefers a named
 * property to an index signature. On 150 of bench's fixture commands with
 * `router(app, {...})`, 253,010 -> 253,209 instantiations; the same signature on
 * the constraint cost 18.6% (docs/internals.md).
 */
interface MisspeltKeys {
  readonly [key: string]: AnyValueHandler | MisspeltKeys
}

/**
 * The handlers argument of `router`, `createHandler` and `createGatewayHandler` as
 * checked: `H` itself when it handles the set `D` exactly (`T` is its full handler
 * map), else `H` refused with a sentence (see `Refused`). One signature takes both
 * forms, so the sentence is the first line every compiler shows.
 */
export type CheckHandlers<D, H, T> = H extends readonly unknown[] ? CoversSet<NameOf<Members<D>>, D, H> : CoversMap<H, T, '', D>

/**
 * Why a key names no command, group or subcommand (one of `Stray`), with the
 * nearest of `Names`. A conditional on `Stray`, so that nothing of it is worked
 * out while the handlers are still being inferred.
 */
type NoCommand<Stray, Names extends string> = [OneOf<Stray>] extends [infer K extends string]
  ? `❌ there is no command, group or subcommand named '${K}' to handle${DidYouMean<K, Names, ''>}`
  : never

/**
 * The names `Missing` in the set's order. A conditional on `Missing`, so that
 * while the handlers are still being inferred (`Missing` unknown) the set's names
 * are not listed at all: only a refusal pays for the order.
 */
type MissingInOrder<D, Missing> = [Missing] extends [never] ? [] : InOrder<SetNames<D>, Missing>

/** The names of a set's commands, in the set's order. */
type SetNames<D> = D extends { readonly '~set'?: { readonly commands: infer C extends readonly unknown[] } } ? { [I in keyof C]: NameOf<C[I]> } : []

/**
 * A dispatcher for a set: `route(interaction, context?)` parses the payload
 * (throwing `InteractionError` when it does not fit), finds the handler with
 * `handlerLookup` and returns what it returns; the handler gets the values and
 * `context` (the interaction when no context is given). Commands with subcommands take a
 * map by subcommand, and groups a map by group, then subcommand.
 *
 * The handlers are a map by command name, or a list of `handle(command, ...)`
 * results: each typed from its own command, which keeps the editor fast on large
 * sets (docs/handling.md). Either way a missing or extra handler is a compile error;
 * from JavaScript, handlers that are neither throw a `TypeError` that names them
 * when the router is made.
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
 * const response = route(interaction)
 */
export function router<const D extends CommandSet<readonly AnyDefinition[]>, const H extends HandlersInput<Handlers<D>>>(
  set: D,
  handlers: CheckHandlers<D, H, Handlers<D>>,
): (interaction: unknown, context?: unknown) => H extends readonly unknown[] ? unknown : ReturnOf<H>
export function router(set: CommandSet<readonly AnyDefinition[]>, handlers: unknown): (interaction: unknown, context?: unknown) => unknown {
  assertApp('router', 'set', set)
  assertHandlers('router', handlers)
  const find = handlerLookup(handlers)
  return (interaction, context = interaction) => {
    const hit = parse(set, interaction) as Hit
    const handler = find(hit)
    if (handler === undefined) throw new TypeError(`router: no handler for ${pathOf(hit)}`)
    return handler(hit, context)
  }
}

/**
 * Throws a `TypeError` naming `fn` and the argument when the definitions are not an
 * object (from JavaScript: a list of builders instead of `commands(...)` of them,
 * `null`), and the rules' `ValidationError` when a definition breaks one: found
 * when the handler is made, not as a throw out of the first interaction, where a
 * handler answers every failure with a status. Compiling them now is the work the
 * first interaction would do (kept with them).
 */
export function assertApp(fn: string, name: string, app: unknown): void {
  if (typeof app !== 'object' || app === null || Array.isArray(app)) throw argumentError(fn, name, 'commands(...) of the definitions, or one definition', app)
  compile(app)
}

/**
 * Throws a `TypeError` naming `fn` and the argument when `handlers` is neither a
 * map of handlers (an object) nor a list of `handle(...)` results: from JavaScript,
 * `null`, a number or a list of something else, found when the router is made
 * rather than as the engine's "reading 'toJSON'" at the first interaction; the same
 * when `autocomplete` is given and is not a map.
 */
export function assertHandlers(fn: string, handlers: unknown, autocomplete?: unknown): void {
  if (typeof handlers !== 'object' || handlers === null) throw argumentError(fn, 'handlers', 'a map of handlers or a list of handle(...) results', handlers)
  // A map only (by command name, path, or nested): a list was read as `handle(...)` results, and threw the engine's error.
  if (autocomplete !== undefined && (typeof autocomplete !== 'object' || autocomplete === null || Array.isArray(autocomplete)))
    throw argumentError(fn, 'options.autocomplete', 'a map of autocomplete handlers', autocomplete)
  if (!Array.isArray(handlers)) return
  handlers.forEach((bound: unknown, i) => {
    if (typeof (bound as Partial<Bound> | null)?.definition?.toJSON !== 'function') throw argumentError(fn, `handlers[${i}]`, 'a handle(...) result', bound)
  })
}

/** What the lookup reads of a parse result. */
export interface Hit {
  readonly command: string
  readonly group?: string | undefined
  readonly subcommand?: string | undefined
  readonly options?: unknown
  readonly target?: unknown
}

/** `ban`, `config set`, `config role grant`: the path of a parse result, for messages. */
export const pathOf = (hit: Hit): string => [hit.command, hit.group, hit.subcommand].filter((k) => k !== undefined).join(' ')

/** A handler as the lookup returns it. */
export type AnyHandler = (value: unknown, context: unknown) => unknown

/**
 * The handler lookup of a handler map or a list of `handle(...)` results: a pure
 * function from a parse result to the function that handles it, or `undefined`
 * (a map built at run time may lack one). Own properties only: a handler map's
 * prototype never answers.
 *
 * @example
 * const find = handlerLookup({ ping: () => 'pong' })
 * find({ command: 'ping' }) // () => 'pong'
 */
export function handlerLookup(handlers: unknown): (hit: Hit) => AnyHandler | undefined {
  const map = Array.isArray(handlers) ? byName(handlers as readonly Bound[]) : handlers
  return (hit) => {
    let handler = own(map, hit.command)
    if (handler instanceof Kinds) handler = handler.of(hit)
    if (typeof handler !== 'function' && hit.group !== undefined) handler = own(handler, hit.group)
    if (typeof handler !== 'function' && hit.subcommand !== undefined) handler = own(handler, hit.subcommand)
    return typeof handler === 'function' ? (handler as AnyHandler) : undefined
  }
}

/** The handlers of the commands that share a name ("Naming rules" 3), by command type. */
class Kinds {
  readonly byType = new Map<number, unknown>()
  /** The handlers of the parse result's command type (its value's shape tells it). */
  of(hit: Hit): unknown {
    const type =
      hit.options !== undefined
        ? CommandType.ChatInput
        : typeof hit.target === 'object' && hit.target !== null && 'user' in hit.target
          ? CommandType.User
          : hit.target !== undefined
            ? CommandType.Message
            : CommandType.PrimaryEntryPoint
    return this.byType.get(type)
  }
}

/** A map by name of `handle(...)` results; a name several types share keeps each, to choose by type. */
function byName(list: readonly Bound[]): Record<string, unknown> {
  const map: Record<string, unknown> = Object.create(null)
  const kinds: Record<string, Kinds> = Object.create(null)
  for (const bound of list) {
    const json = (bound.definition.toJSON as () => { name: string; type?: number }).call(bound.definition)
    const k = (kinds[json.name] ??= new Kinds())
    k.byType.set(json.type ?? CommandType.ChatInput, bound.handlers)
    map[json.name] = k.byType.size === 1 ? bound.handlers : k
  }
  return map
}

/** An own property only: a handler map's prototype never answers. */
function own(map: unknown, key: string): unknown {
  return typeof map === 'object' && map !== null && Object.hasOwn(map, key) ? (map as Record<string, unknown>)[key] : undefined
}
