/**
 * What a bot author writes for `createHandler` and `createGatewayHandler`: the
 * handlers (of commands, autocomplete, and the routes of components and modals)
 * and what they may return, and the options they come in. The dispatch that runs them is dispatch.ts.
 */
import {
  handle as bind,
  type AnyDefinition,
  type AnyRoute,
  type Bound,
  type Choice,
  type ChoiceJSON,
  type CommandHandlerMap,
  type CommandSet,
  type ComponentInteraction,
  type Handlers,
  type HitOf,
  type InferAutocomplete,
  type Interaction,
  type InteractionCallbackType,
  type InteractionResponseJSON,
  type LocalizationMap,
  type MessageResponseData,
  type ModalSubmitInteraction,
  type OptionType,
  type PathName,
  type RouteName,
  type TypedModalJSON,
} from '../internal.js'
import type { InteractionEndpoints } from '../rest/index.js'
import type { Context } from './context.js'
import type { DiscordjsRest } from './discordjs.js'
import type { DispatchError } from './errors.js'

type Awaitable<T> = T | PromiseLike<T>

/**
 * What a handler may return: a response body (`reply(...)`, `{ type: 4, data }`), a
 * string or a message body (`{ content, components }`, `layout(...)`: a reply), a modal (`report.modal(values)` of a modal route, or
 * `modal(...)`), or nothing when it answered through its context. A
 * body is checked with `validateInteractionResponse` before it is sent (a literal's
 * `type` may widen to `number` in an inferred handler map, so the type takes any
 * number and the check is at run time).
 */
export type HandlerResult = InteractionResponseJSON | { readonly type: number; readonly data?: unknown } | string | MessageResponseData | TypedModalJSON | undefined | void

/** The command handlers of a set: the shape `router` takes, each `(values, context)`. */
export type CommandHandlers<D> = Handlers<D, Awaitable<HandlerResult>, Context<Interaction>>

/**
 * Binds one command's handlers to it, each `(values, context)` and typed from this
 * command alone (the per-command form, which keeps the editor fast on large sets:
 * docs/handling.md). It is the root entry's `handle`, with the context typed as
 * `Context` and the answers as what an interaction takes. Pass the results as
 * `handlers: [...]` to `createHandler` or `createGatewayHandler`; a command of the set
 * without one is a compile error.
 *
 * @example
 * export const onBan = handle(ban, async ({ options }, ctx) => {
 *   await ctx.followUp(`Banned ${options.target.user.username}`)
 *   return 'Done'
 * })
 */
export const handle: <const D extends AnyDefinition>(definition: D, handlers: CommandHandlerMap<D, Awaitable<HandlerResult>, Context<Interaction>>) => Bound<D> = bind

/** A choice of an autocomplete answer: plain, or a `choice(...)` builder. */
type AnswerChoice<V extends string | number> = ChoiceJSON<V> | Choice<V>

/**
 * An autocomplete answer: the choices (plain or `choice(...)`), or the whole callback
 * 8 body. `V` is the focused option's value type: strings for STRING options, numbers
 * for INTEGER and NUMBER ones (public API v10: a choice's value has its option's type).
 */
export type AutocompleteAnswer<V extends string | number = string | number> =
  | readonly AnswerChoice<V>[]
  | { readonly type: typeof InteractionCallbackType.ApplicationCommandAutocompleteResult; readonly data: { readonly choices: readonly ChoiceJSON<V>[] } }

/** The value type of the choices that answer a focused option of type `T` (STRING, INTEGER, NUMBER), or of any of a union of them. */
type ValueOfFocused<T> = [T] extends [typeof OptionType.String] ? string : [T] extends [typeof OptionType.Integer | typeof OptionType.Number] ? number : string | number

type AutocompleteKey<A> = A extends { command: infer N extends string; group: infer G; subcommand: infer S }
  ? N | (S extends undefined ? never : `${N} ${PathName<G, S> & string}`)
  : never
type AutocompleteFor<A, K> = A extends unknown ? (K extends AutocompleteKey<A> ? A : never) : never

/** An autocomplete handler of the parse results `A`: choices of the focused option's type. */
type AutocompleteFn<A> = (value: A, context: Context<Interaction>) => Awaitable<AutocompleteAnswer<ValueOfFocused<A extends { focused: { type: infer T } } ? T : never>>>

/** The first level under a command of results `A`: each group, and each subcommand outside a group. */
type Level<A> = A extends { group: infer G; subcommand: infer S } ? (G extends string ? G : S extends string ? S : never) : never
type AtLevel<A, K> = A extends unknown ? (K extends Level<A> ? A : never) : never

/**
 * A command's autocomplete handlers nested as `handlers` nest them: by subcommand, or
 * by group and then subcommand (a group's own function serves all of its subcommands).
 */
type NestedAutocomplete<A> = [Level<A>] extends [never]
  ? never
  : {
      readonly [K in Level<A>]?:
        | AutocompleteFn<AtLevel<A, K>>
        | (AtLevel<A, K> extends { group: string; subcommand: infer S extends string } ? { readonly [T in S]?: AutocompleteFn<Extract<AtLevel<A, K>, { subcommand: T }>> } : never)
    }

/**
 * Autocomplete handlers, by command name or by path (`'config set'`, `'config role grant'`),
 * or nested under the command's name as `handlers` nest (`{ config: { set: ... } }`);
 * the most specific key wins. Each gets the `parseAutocomplete` result, and answers
 * with choices of the focused option's type.
 */
export type AutocompleteHandlers<D> = {
  readonly [K in AutocompleteKey<InferAutocomplete<D>>]?:
    | AutocompleteFn<AutocompleteFor<InferAutocomplete<D>, K>>
    | (K extends `${string} ${string}` ? never : NestedAutocomplete<AutocompleteFor<InferAutocomplete<D>, K>>)
}

/**
 * The handlers of the routes, one per route by its name, each `(value, context)`: a
 * component route's gets its typed `params` and what the component sent (a select's
 * `values`, typed by its `componentType`); a modal route's its `params` and the
 * submitted `fields`, typed by the inputs the route was made with.
 */
export type RouteHandlers<Rs extends readonly AnyRoute[]> = {
  readonly [R in Rs[number] as RouteName<R>]: (
    value: HitOf<R>,
    context: Context<R extends { readonly modal: unknown } ? ModalSubmitInteraction : ComponentInteraction>,
  ) => Awaitable<HandlerResult>
}

/**
 * A notice the user sees: one text, or a text with its localizations, of which the
 * user sees the one of the interaction's `locale` (with the spec's fallbacks,
 * "Other command rules" 6: en-US and en-GB to each other, es-419 to es-ES).
 */
export type Notice = string | { readonly default: string; readonly localizations?: LocalizationMap }

/** The messages users see when something goes wrong (ephemeral), each in the interaction's locale when localized. */
export interface Messages {
  /** The payload does not fit the definition (say, a command changed and the client has the old one). Default: "This command does not match the app any more. Try again in a moment." */
  readonly misfit?: Notice | undefined
  /** A handler threw, or answered with something the service would refuse. */
  readonly error?: Notice | undefined
  /**
   * A component or modal whose `custom_id` no route reads (an unknown route, a damaged
   * id), or whose values do not fit its route (default "This is not handled any
   * more."); and a command the handlers leave out, which only a JavaScript caller or
   * a cast can do (default "This command is not handled by this app yet."). `onError`
   * gets the precise reason (step `payload`, "no handler for ban").
   */
  readonly unhandled?: Notice | undefined
  /** A component or modal made before its route's shape changed (a message sent by an older version of the app). */
  readonly stale?: Notice | undefined
}

/**
 * The REST client answers go through: slashkit's (`createClient(...)` from
 * `slashkit/rest`, or anything with its `interactions`), a `@discordjs/rest` `REST`
 * instance (discord.js's `client.rest`, `@discordjs/core`'s `api.rest`), or
 * `@discordjs/core`'s `API` itself (its `rest` answers).
 */
export type RestLike = { readonly interactions: InteractionEndpoints } | DiscordjsRest | { readonly rest: DiscordjsRest }

/** The names a command of the set is opted out by: its name, or one of its paths (`'config set'`). */
export type CommandKey<D> = D extends { readonly '~set'?: { readonly commands: infer C extends readonly unknown[] } }
  ? C[number] extends infer M
    ? M extends { readonly '~command'?: infer R }
      ? NonNullable<R> extends { readonly name: infer N extends string }
        ? N | `${N} ${string}`
        : never
      : never
    : never
  : string

/** Options shared by `createHandler` and `createGatewayHandler`. */
export interface DispatchOptions<
  D extends CommandSet<readonly AnyDefinition[]>,
  H = CommandHandlers<D>,
  Rs extends readonly AnyRoute[] = readonly AnyRoute[],
  C = RouteHandlers<Rs>,
> {
  /** The command set (`commands(...)`). */
  readonly app: D
  /**
   * One handler per command, subcommand and group, each `(values, context)`: a map by
   * command name as `router` takes it, or a list of `handle(command, ...)` results.
   */
  readonly handlers: H
  readonly autocomplete?: AutocompleteHandlers<D> | undefined
  /**
   * The `custom_id` routes of the app's components and modals (`route(...)`,
   * `modalRoute(...)`): a component or modal submit goes to the handler of the route
   * that made its `custom_id`, in `components`.
   */
  readonly routes?: Rs
  /** One handler per route of `routes`, by its name (a modal route's too): a route without one, or one for no route, is a compile error. */
  readonly components?: C
  /**
   * Called once per failure with a `DispatchError` whose `step` says what failed
   * (`payload`, `handler`, `response`, `callback`, `follow-up`, `notice`) and whose
   * `cause` is the error of that step; the second argument is the interaction. What
   * it throws is ignored.
   */
  readonly onError?: ((error: DispatchError, interaction: unknown) => void) | undefined
  /**
   * The client for the callback (gateway), follow-ups and edits: slashkit's
   * `createClient(...)` or a `@discordjs/rest` instance. Its application id serves
   * an interaction that carries none. Default (HTTP only): a client of the public API
   * v10 on the platform's `fetch` (these endpoints need no bot token), for the
   * interaction's `application_id`.
   */
  readonly rest?: RestLike | undefined
  /**
   * The 3-second rule (public API v10): a handler that has not answered this many
   * milliseconds after the request came (its verification included; on the gateway,
   * after the handler's call) is deferred (callback 5; 6 for components), and its
   * answer becomes the deferral's (the edit of the original). Default 2500; `false` never defers.
   */
  readonly deferAfter?: number | false | undefined
  /**
   * The time a handler has to settle, in milliseconds from its call. Past it,
   * `onError` is told (step `handler`), the user's answer says it failed (the
   * `messages.error` text, as the deferral's edit) and what the handler sends after
   * is refused. Without it, a handler still pending when its interaction's token
   * runs out (15 minutes, public API v10) is reported then, with nothing shown.
   */
  readonly handlerTimeout?: number | undefined
  /** Whether an automatic deferral is ephemeral (default false). */
  readonly deferEphemeral?: boolean | undefined
  /**
   * Commands and routes the automatic deferral leaves alone, by name or path
   * (`'report'`, `'config set'`, a route's name): their handlers answer in time
   * themselves, and may show a modal late (the service takes no modal after a
   * deferral).
   */
  readonly noAutoDefer?: readonly (CommandKey<D> | RouteName<Rs[number]>)[] | undefined
  readonly messages?: Messages | undefined
  /**
   * The clock, in epoch milliseconds (default `Date.now`): how old an interaction is
   * when a webhook call fails after its token's 15 minutes, and for `createHandler`
   * the replay window too. A test on a virtual clock passes the emulator's.
   */
  readonly now?: (() => number) | undefined
}
