/**
 * Component and modal interactions to typed values: the lookup of a `custom_id`
 * among a set of routes (`matchCustomId`, a pure function of the routes and the
 * id), the reading of a modal's submission against the inputs it was made with
 * (`readModalFields`), both together for one interaction (`readComponent`, which
 * `createHandler` of `slashkit/http` dispatches by), and `handleComponents(routes,
 * handlers)`, whose handler map is exhaustive by type: a route without a handler is
 * a compile error, and so is a handler for no route.
 */
import type { ModalComponentJSON } from '../wire/components.js'
import type { ComponentType } from '../wire/components.js'
import type { InteractionType } from '../wire/enums.js'
import type { Snowflake } from '../wire/commands.js'
import type { Resolved } from '../wire/interactions.js'
import type { AnyRoute, ComponentRoute, ModalRoute, RouteKind } from '../builders/custom-id/route.js'
import type { Params, ParamValues } from '../builders/custom-id/params.js'
import type { ModalFields, TypedModalJSON } from '../builders/messages/modal.js'
import type { DidYouMean, Join, OneOf } from '../builders/types/suggest.js'
import { SEPARATOR } from '../builders/custom-id/codec.js'
import type { Issue } from '../rules/issues.js'
import { isObject } from '../rules/json.js'
import { argumentError, assertObject } from '../rules/arguments.js'

/** What `matchCustomId` finds: the route and its values, or why not (no route of that name; one minted for an older shape; a damaged one). */
export type CustomIdMatch<R extends AnyRoute = AnyRoute> =
  | { readonly ok: true; readonly route: R; readonly values: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly reason: 'unknown'; readonly route?: undefined }
  | { readonly ok: false; readonly reason: 'stale' | 'malformed'; readonly route: R }

/** The routes of a list by name, made once per list. */
const byList = new WeakMap<readonly AnyRoute[], ReadonlyMap<string, AnyRoute>>()

/**
 * The routes by name, kept per list; `fn` names the caller in a `TypeError` when
 * `routes` is not a list of routes, each name once: from JavaScript, `null`, a map
 * of routes, or a value that is no route, found when it is first given rather than
 * as the engine's "is not iterable".
 */
export function routesByName(fn: string, routes: readonly AnyRoute[]): ReadonlyMap<string, AnyRoute> {
  let map = Array.isArray(routes) ? byList.get(routes) : undefined
  if (map !== undefined) return map
  if (!Array.isArray(routes)) throw argumentError(fn, 'routes', 'a list of route(...) and modalRoute(...) values', routes)
  const made = new Map<string, AnyRoute>()
  for (const [i, r] of routes.entries()) {
    const name = (r as { name?: unknown } | null)?.name
    if (typeof name !== 'string' || typeof (r as { parse?: unknown }).parse !== 'function' || typeof (r as { '~read'?: unknown })['~read'] !== 'function')
      throw argumentError(fn, `routes[${i}]`, 'a route: make it with route(...) or modalRoute(...)', r)
    if (made.has(name)) throw new TypeError(`${fn}: two routes are named ${JSON.stringify(name)}; a route's name tells its custom_ids apart`)
    made.set(name, r)
  }
  map = made
  byList.set(routes, map)
  return map
}

/**
 * Finds the route a `custom_id` was made by, and reads its values: a lookup of
 * the name before the first ":", then the route's own decoding. `stale` says the
 * custom_id was made before the route's shape changed (a message sent by an
 * older version of the app); its values are never guessed.
 *
 * @example
 * const hit = matchCustomId([vote, page], interaction.data.custom_id)
 * if (hit.ok && hit.route === vote) console.log(hit.values.choice)
 */
export function matchCustomId<const R extends AnyRoute>(routes: readonly R[], customId: unknown): CustomIdMatch<R> {
  return matchIn(routesByName('matchCustomId', routes), customId)
}

/** `matchCustomId` in routes already checked and kept by name. */
function matchIn<R extends AnyRoute>(byName: ReadonlyMap<string, AnyRoute>, customId: unknown): CustomIdMatch<R> {
  if (typeof customId !== 'string') return { ok: false, reason: 'unknown' }
  const at = customId.indexOf(SEPARATOR)
  const route = at < 1 ? undefined : (byName.get(customId.slice(0, at)) as R | undefined)
  if (route === undefined) return { ok: false, reason: 'unknown' }
  const parsed = route.parse(customId)
  return parsed.ok ? { ok: true, route, values: parsed.values } : { ok: false, reason: parsed.reason === 'stale' ? 'stale' : 'malformed', route }
}

/** What each kind of component sends with its `custom_id` (public API v10, `MessageComponentInteractionData`); `S` the values a route's string selects may offer. */
interface KindValues<S extends string> {
  /** A button: no values. */
  readonly button: { readonly componentType: typeof ComponentType.Button; readonly values: readonly []; readonly resolved?: undefined }
  /** A string select: the chosen options' values (on a route declared with `{ stringSelect: [...] }`, among those). */
  readonly stringSelect: { readonly componentType: typeof ComponentType.StringSelect; readonly values: readonly S[]; readonly resolved?: undefined }
  /** A user select: the chosen users' ids, and the users and members they name. */
  readonly userSelect: EntityValues<typeof ComponentType.UserSelect>
  /** A role select: the chosen roles' ids, and the roles. */
  readonly roleSelect: EntityValues<typeof ComponentType.RoleSelect>
  /** A mentionable select: the chosen users' and roles' ids, and what they name. */
  readonly mentionableSelect: EntityValues<typeof ComponentType.MentionableSelect>
  /** A channel select: the chosen channels' ids, and the channels. */
  readonly channelSelect: EntityValues<typeof ComponentType.ChannelSelect>
}

/** What a user, role, mentionable or channel select sends: ids, and the users, members, roles and channels they name. */
interface EntityValues<T extends number> {
  readonly componentType: T
  readonly values: readonly Snowflake[]
  readonly resolved: Resolved | undefined
}

/**
 * What a button or a select menu sends with its `custom_id`, by its component type
 * (public API v10, `MessageComponentInteractionData`); for a route declared for
 * one kind (`route(name, params, kind)`), what that kind sends; `S`, the values a
 * route's string selects may offer.
 */
export type ComponentValues<K extends RouteKind = RouteKind, S extends string = string> = K extends RouteKind ? KindValues<S>[K] : never

/**
 * What a component route's handler gets: the route's name, its typed parameters,
 * the `custom_id`, and what the component sent (`componentType` tells a button from
 * each kind of select, and types `values` and `resolved`; a route declared for one
 * kind gets that kind's alone).
 */
export type ComponentHit<N extends string = string, P extends Params = Params, K extends RouteKind = RouteKind, S extends string = string> = {
  readonly route: N
  readonly params: ParamValues<P>
  readonly customId: string
} & ComponentValues<K, S>

/**
 * What a modal handler gets: the route, its typed parameters, the submitted fields
 * typed by the modal's inputs, and `resolved`: the users, members, roles, channels
 * and files that the ids of its selects and file uploads name (`resolved.attachments[id]`
 * is an uploaded file: its name, size and URL).
 */
export interface ModalHit<N extends string = string, P extends Params = Params, C extends readonly ModalComponentJSON[] = readonly ModalComponentJSON[]> {
  readonly route: N
  readonly params: ParamValues<P>
  readonly customId: string
  readonly fields: ModalFields<TypedModalJSON<C>>
  readonly resolved: Resolved | undefined
}

/** The value a route's handler gets. */
export type HitOf<R> =
  R extends ModalRoute<infer N, infer P, infer C> ? ModalHit<N, P, C> : R extends ComponentRoute<infer N, infer P, infer K, infer S> ? ComponentHit<N, P, K, S> : never

/** The name of a route. */
export type RouteName<R> = R extends { readonly name: infer N extends string } ? N : never

/**
 * What a route handler map's constraint adds for the keys the user may misspell:
 * an index signature of handlers of any value. A key that names no route (`pgae`)
 * is refused by the sentence, and its handler's parameters take `any` from here,
 * so that the sentence is its only error (no implicit `any`, TS7031, beside it). A
 * key that names a route (`page`) still takes its type from the named property: a
 * contextual type prefers a named property to an index signature. While the
 * handlers are inferred, the map checked is this constraint, whose keys are then
 * `string`: `CoversRoutes` lets such a map through untouched. (The command maps
 * of `router` put their signature on the checked map instead, `MisspeltKeys` in
 * router.ts: on the constraint it cost 13% to 18% more instantiations there.)
 */
export interface StrayKeys {
  readonly [key: string]: AnyValueHandler
}

/** A handler of any value and context: what a key that names nothing holds while the sentence refuses it. */
// biome-ignore lint/suspicious/noExplicitAny: a handler under a key that names nothing has no type to give its parameters; `any` keeps the sentence its only error
export type AnyValueHandler = (value: any, context: any) => unknown

/** One handler per route, by the route's name. */
export type ComponentHandlers<Rs extends readonly AnyRoute[], Return = unknown> = {
  readonly [R in Rs[number] as RouteName<R>]: (hit: HitOf<R>, interaction: unknown) => Return
}

/**
 * A handler map refused: the map as written, and one key more, the sentence with
 * its `❌`. The key is required, so every compiler's first line is the sentence:
 * `Property '"❌ no handler for route 'page'; ..."' is missing in type ...` (an error
 * in the place of the whole map prints the map's type first; issue 26 item 1).
 * The keys written are there (so none is an excess property) as `unknown`: the
 * handlers take their types from the constraint of the map, so they stay typed,
 * and an editor's contextual typing, which visits this branch too, reads nothing
 * of them here (with `H[K]` it was 18% more instantiations on the 130-command map
 * of bench/editor.mjs).
 */
export type Refused<Sentence extends `❌ ${string}`, H> = { readonly [K in keyof H | Sentence]: K extends Sentence ? never : unknown }

/** `route 'page'`, or `routes 'page' and 'vote'`: names in their order, for a sentence. */
export type Which<Noun extends string, L extends readonly string[]> = L extends readonly [infer Only extends string] ? `${Noun} '${Only}'` : `${Noun}s ${Join<L, 'and'>}`

/** The names of the list `L` that are in the union `U`, in the list's order (a union's own order differs between compilers). */
export type InOrder<L extends readonly unknown[], U> = L extends readonly [infer First, ...infer Rest]
  ? First extends U
    ? [First & string, ...InOrder<Rest, Exclude<U, First>>]
    : InOrder<Rest, U>
  : []

type RouteNames<Rs extends readonly unknown[]> = { [I in keyof Rs]: RouteName<Rs[I]> }

/** Why a key names no route: the nearest route's name, or how to add it, and the routes there are. */
type NoRoute<Stray, Rs extends readonly AnyRoute[]> = [OneOf<Stray>] extends [infer K extends string]
  ? `❌ there is no route named '${K}' to handle${DidYouMean<K, RouteName<Rs[number]>, '; add it to the routes'>} (${Rs extends readonly [] ? 'there are none' : `the routes are ${Join<RouteNames<Rs>, 'and'>}`})`
  : never

/** The routes `Missing` in the routes' order; nothing is listed while the map is still being inferred. */
type MissingRoutes<Rs extends readonly unknown[], Missing> = [Missing] extends [never] ? [] : InOrder<RouteNames<Rs>, Missing>

/**
 * The handler map as checked: `H` itself when it has one handler per route and
 * no other, else the map refused with a sentence (`Refused`): a key that names no
 * route (with the nearest route's name and the routes there are), or the routes
 * without a handler. `Where` names the map in the sentence.
 */
export type CoversRoutes<Rs extends readonly AnyRoute[], H, Where extends string = 'the handlers'> = [Exclude<keyof H, RouteName<Rs[number]>>] extends [infer Stray]
  ? [Stray] extends [never]
    ? [Exclude<RouteName<Rs[number]>, keyof H>] extends [infer Missing extends string]
      ? [Missing] extends [never]
        ? H
        : Refused<`❌ no handler for ${Which<'route', MissingRoutes<Rs, Missing>>}; add ${[Missing] extends [OneOf<Missing>] ? 'one' : 'them'} to ${Where}`, H>
      : never
    : string extends Stray
      ? H
      : Refused<NoRoute<Stray, Rs>, H>
  : never

/** Why a component or modal interaction reaches no handler. */
export type ComponentMiss = 'unknown' | 'stale' | 'malformed' | 'kind' | 'fields'

/** What `readComponent` makes of a component or modal interaction: its route and the route's handler value, or why not. */
export type ComponentRead<R extends AnyRoute = AnyRoute> =
  | { readonly ok: true; readonly route: R; readonly hit: HitOf<R> }
  | {
      readonly ok: false
      /** No route of that name; minted before the route's shape changed; damaged; a modal submit for a component route or the reverse, or a component that sends what its kind cannot; fields that do not fit the modal. */
      readonly reason: ComponentMiss
      readonly customId: string
      readonly route?: string
      readonly issues?: readonly Issue[]
    }

/** What `handleComponents` answers: the handler's result, or why no handler ran. */
export type ComponentResult<T> =
  | { readonly ok: true; readonly route: string; readonly value: T }
  | {
      readonly ok: false
      /** No route of that name; minted before the route's shape changed; damaged; a modal submit for a component route or the reverse; fields that do not fit the modal. */
      readonly reason: 'unknown' | 'stale' | 'malformed' | 'kind' | 'fields'
      readonly customId: string
      readonly route?: string
      readonly issues?: readonly Issue[]
    }

const MESSAGE_COMPONENT: typeof InteractionType.MessageComponent = 3
const MODAL_SUBMIT: typeof InteractionType.ModalSubmit = 5
/** The `custom_id` quoted in a message: at most the 100 characters a real one has. */
const CUSTOM_ID_SHOWN = 100

/**
 * A component or modal interaction (types 3 and 5) read against a list of routes:
 * the route its `custom_id` was made by, and what the route's handler gets (the
 * typed parameters; a component's values by its type; a modal's fields read
 * against its inputs). A custom_id of no route, a stale or damaged one, a modal
 * submit for a component route (or the reverse), values a select of that type
 * cannot send, fields the modal cannot produce: `{ ok: false, reason }`. Never throws on any input.
 *
 * @example
 * const read = readComponent([vote, report], interaction)
 * if (read.ok && read.hit.route === 'vote') console.log(read.hit.params.choice)
 */
export function readComponent<const R extends AnyRoute>(routes: readonly R[], interaction: unknown): ComponentRead<R> {
  const byName = routesByName('readComponent', routes)
  const data = isObject(interaction) && isObject(interaction.data) ? interaction.data : undefined
  const customId = typeof data?.custom_id === 'string' ? data.custom_id.slice(0, CUSTOM_ID_SHOWN) : ''
  const match = matchIn<R>(byName, data?.custom_id)
  if (!match.ok) return { ok: false, reason: match.reason, customId, ...(match.route === undefined ? {} : { route: match.route.name }) }
  const route = match.route
  const name = route.name
  const miss = (reason: ComponentMiss, issues?: readonly Issue[]): ComponentRead<R> => ({ ok: false, reason, customId, route: name, ...(issues === undefined ? {} : { issues }) })
  if ((interaction as { type?: unknown }).type !== ('modal' in route ? MODAL_SUBMIT : MESSAGE_COMPONENT)) return miss('kind')
  // The route reads the rest itself (builders/custom-id/read.ts): an app without routes bundles none of it.
  const read = route['~read'](data ?? {})
  if (!read.ok) return miss(read.reason, read.issues)
  return { ok: true, route, hit: { route: name, params: match.values, customId, ...read.value } as never }
}

/**
 * A dispatcher of component and modal interactions (types 3 and 5) to one handler
 * per route, by the route's name. The map is exhaustive by type: a route without a
 * handler, or a handler for no route, is a compile error with a sentence. A
 * custom_id of no route, a stale or damaged one, a modal submit whose fields do
 * not fit the modal: `{ ok: false, reason }`, and no handler runs. `createHandler`
 * (`slashkit/http`) takes the same routes and map, with a context.
 *
 * @example
 * const onComponent = handleComponents([vote, report], {
 *   vote: ({ params }) => reply(`You voted ${params.choice}`, { ephemeral: true }),
 *   report: ({ params, fields }) => reply(`Reported ${params.message}: ${fields.reason}`),
 * })
 * const result = onComponent(interaction) // { ok: true, route: 'vote', value: ... }
 */
export function handleComponents<const Rs extends readonly AnyRoute[], const H extends Partial<ComponentHandlers<Rs>> & StrayKeys>(
  routes: Rs,
  handlers: CoversRoutes<Rs, H>,
): (interaction: unknown) => ComponentResult<H[keyof H] extends (...args: never[]) => infer R ? R : never> {
  const byName = routesByName('handleComponents', routes)
  assertObject('handleComponents', 'handlers', handlers, 'an object of a handler per route')
  const table = handlers as Readonly<Record<string, (hit: unknown, interaction: unknown) => unknown>>
  // From JavaScript: a route without a handler was read as the wrong kind of component at each interaction.
  for (const name of byName.keys())
    if (typeof (Object.hasOwn(table, name) ? table[name] : undefined) !== 'function')
      throw argumentError('handleComponents', `handlers[${JSON.stringify(name)}]`, "a function: the route's handler", Object.hasOwn(table, name) ? table[name] : undefined)
  return (interaction) => {
    const read = readComponent(routes, interaction)
    if (!read.ok) return read as never
    const name = read.route.name
    // Every route's own handler was checked when the map was given.
    return { ok: true, route: name, value: (table[name] as (hit: unknown, interaction: unknown) => unknown)(read.hit, interaction) } as never
  }
}
