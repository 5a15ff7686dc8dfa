/**
 * Component and modal interactions to typed values: the lookup of a `custom_id`
 * among a set of routes (`matchCustomId`, a pure function of the routes and the
 * id), the reading of a modal's submission against the inputs it was made with
 * (`readModal`), and `handleComponents(routes, handlers)`, whose handler map is
 * exhaustive by type: a route without a handler is a compile error, and so is a
 * handler for no route.
 */
import type { ModalComponentJSON } from '../wire/components.js'
import type { ComponentType } from '../wire/components.js'
import type { InteractionType } from '../wire/enums.js'
import type { AnyRoute, ModalRoute, Route } from '../builders/custom-id/route.js'
import type { Params, ParamValues } from '../builders/custom-id/params.js'
import type { ModalFields, TypedModalJSON } from '../builders/messages/modal.js'
import type { SlashkitError } from '../builders/types/error.js'
import { SEPARATOR } from '../builders/custom-id/codec.js'
import { IssueCollector, type Issue, type Result } from '../rules/issues.js'
import { MESSAGES } from '../rules/messages.js'
import { isObject } from '../rules/json.js'
import { isSnowflake } from '../rules/values.js'
import { elements } from '../rules/message-fields.js'
import { MODAL_COMPONENTS_MAX, MODAL_VALUES_MAX, ROW_MAX, TEXT_INPUT_LENGTH_MAX } from '../rules/message-limits.js'

/** What `matchCustomId` finds: the route and its values, or why not (no route of that name; one minted for an older shape; a damaged one). */
export type CustomIdMatch<R extends AnyRoute = AnyRoute> =
  | { readonly ok: true; readonly route: R; readonly values: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly reason: 'unknown'; readonly route?: undefined }
  | { readonly ok: false; readonly reason: 'stale' | 'malformed'; readonly route: R }

/** The routes of a list by name, made once per list. */
const byList = new WeakMap<readonly AnyRoute[], ReadonlyMap<string, AnyRoute>>()

function indexOf(routes: readonly AnyRoute[]): ReadonlyMap<string, AnyRoute> {
  let map = byList.get(routes)
  if (map !== undefined) return map
  const made = new Map<string, AnyRoute>()
  for (const r of routes) {
    if (made.has(r.name)) throw new TypeError(`two routes are named ${JSON.stringify(r.name)}; a route's name tells its custom_ids apart`)
    made.set(r.name, r)
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
  if (typeof customId !== 'string') return { ok: false, reason: 'unknown' }
  const at = customId.indexOf(SEPARATOR)
  const route = at < 1 ? undefined : (indexOf(routes).get(customId.slice(0, at)) as R | undefined)
  if (route === undefined) return { ok: false, reason: 'unknown' }
  const parsed = route.parse(customId)
  return parsed.ok ? { ok: true, route, values: parsed.values } : { ok: false, reason: parsed.reason === 'stale' ? 'stale' : 'malformed', route }
}

// Component types (wire/components.ts `ComponentType`), as literals the bundler inlines.
const ROW: typeof ComponentType.ActionRow = 1
const TEXT_INPUT: typeof ComponentType.TextInput = 4
const STRING_SELECT: typeof ComponentType.StringSelect = 3
const LABEL: typeof ComponentType.Label = 18
const RADIO_GROUP: typeof ComponentType.RadioGroup = 21
const CHECKBOX_GROUP: typeof ComponentType.CheckboxGroup = 22
const CHECKBOX: typeof ComponentType.Checkbox = 23
const USER_SELECT: typeof ComponentType.UserSelect = 5
const ROLE_SELECT: typeof ComponentType.RoleSelect = 6
const MENTIONABLE_SELECT: typeof ComponentType.MentionableSelect = 7
const CHANNEL_SELECT: typeof ComponentType.ChannelSelect = 8
const FILE_UPLOAD: typeof ComponentType.FileUpload = 19
/** Inputs that submit ids: user, role, mentionable, channel selects, file upload. */
const ID_INPUTS: readonly number[] = [USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT, FILE_UPLOAD]

/** An input of a modal, as its definition has it. */
interface Input {
  readonly id: string
  readonly type: number
  readonly required: boolean
  readonly options?: readonly unknown[]
  readonly max?: number
}

/** The inputs of a modal's components: each label's child, each row's text inputs. */
function inputsOf(components: readonly unknown[]): Input[] {
  const out: Input[] = []
  const add = (c: unknown): void => {
    if (!isObject(c) || typeof c.custom_id !== 'string' || typeof c.type !== 'number') return
    const options = Array.isArray(c.options) ? c.options.map((o: unknown) => (isObject(o) ? o.value : undefined)) : undefined
    const max = typeof c.max_length === 'number' ? c.max_length : typeof c.max_values === 'number' ? c.max_values : undefined
    const input: { -readonly [K in keyof Input]: Input[K] } = { id: c.custom_id, type: c.type, required: c.required !== false && c.type !== CHECKBOX }
    if (options !== undefined) input.options = options
    if (max !== undefined) input.max = max
    out.push(input)
  }
  for (const c of components) {
    if (!isObject(c)) continue
    if (c.type === LABEL) add(c.component)
    else if (c.type === ROW && Array.isArray(c.components)) for (const k of c.components) add(k)
  }
  return out
}

/** The submitted components of a modal by custom_id (rows and labels alike), as many read as a modal holds. */
function submitted(components: unknown): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>()
  if (!Array.isArray(components)) return out
  const take = (c: unknown): void => {
    if (isObject(c) && typeof c.custom_id === 'string' && !out.has(c.custom_id)) out.set(c.custom_id, c)
  }
  for (const c of elements(components, Math.min(components.length, MODAL_COMPONENTS_MAX))) {
    if (!isObject(c)) continue
    const kids: unknown = c.components
    if (c.type === LABEL) take(c.component)
    else if (Array.isArray(kids)) for (const k of elements(kids, Math.min(kids.length, ROW_MAX))) take(k)
  }
  return out
}

/**
 * The fields a modal submission holds, checked against the inputs the modal was
 * made with: a text input's string (within its max_length), a string select's or
 * a checkbox group's values (among its options, at most max_values), a radio
 * group's value (one of its options, or null), a checkbox's boolean, the ids of a
 * user, role, mentionable or channel select or a file upload. An input missing
 * from the submission is its empty value when it is optional, an issue when it is
 * required; a value the modal could not have produced is an issue (a forged
 * submission), never passed on.
 */
export function readModalFields<M extends { readonly components: readonly ModalComponentJSON[] }>(modal: M, components: unknown): Result<ModalFields<M>> {
  const c = new IssueCollector(['data', 'components'], 'interaction', MESSAGES)
  const got = submitted(components)
  const fields: Record<string, unknown> = {}
  for (const input of inputsOf(modal.components)) {
    const sub = got.get(input.id)
    const value = sub?.value
    const values = sub?.values
    const name = input.id
    const refuse = (expected: string, v: unknown): void => c.add('modal.value', undefined, { name, expected }, v)
    if (sub === undefined) {
      if (input.required) c.add('modal.missing', undefined, { name })
      fields[name] = input.type === TEXT_INPUT ? '' : input.type === RADIO_GROUP ? null : input.type === CHECKBOX ? false : []
      continue
    }
    if (input.type === TEXT_INPUT) {
      const most = input.max ?? TEXT_INPUT_LENGTH_MAX
      if (typeof value !== 'string' || value.length > most) refuse(`a string of at most ${most} characters`, value)
      else fields[name] = value
    } else if (input.type === CHECKBOX) {
      if (typeof value !== 'boolean') refuse('true or false', value)
      else fields[name] = value
    } else if (input.type === RADIO_GROUP) {
      if (value !== null && !(input.options ?? []).includes(value)) refuse('one of its options, or null', value)
      else fields[name] = value
    } else {
      const known = input.type === STRING_SELECT || input.type === CHECKBOX_GROUP ? input.options : undefined
      const ids = ID_INPUTS.includes(input.type)
      // The service's defaults: a checkbox group any of its options, every other input one value.
      const most = input.max ?? (input.type === CHECKBOX_GROUP ? MODAL_VALUES_MAX : 1)
      // The length read once, then the elements once each: a proxy cannot change what is checked.
      const n = Array.isArray(values) ? values.length : -1
      const list = n >= 0 && n <= most ? elements(values as unknown[], n) : undefined
      if (list === undefined || !list.every((v) => (known === undefined ? (ids ? isSnowflake(v) : typeof v === 'string') : known.includes(v))))
        refuse(known === undefined ? 'a list of ids' : `a list of its options' values, at most ${most}`, values)
      else fields[name] = list
    }
  }
  return c.issues.length === 0 ? { ok: true, value: fields as ModalFields<M> } : { ok: false, issues: c.issues }
}

/** What a component handler gets: the route, its typed parameters, and what the interaction carries. */
export interface ComponentHit<N extends string = string, P extends Params = Params> {
  readonly route: N
  readonly params: ParamValues<P>
  readonly customId: string
  /** 2 button, 3 string select, 5 user, 6 role, 7 mentionable, 8 channel select. */
  readonly componentType: number
  /** A select's chosen values (ids for user, role, mentionable and channel selects); empty for a button. */
  readonly values: readonly string[]
}

/** What a modal handler gets: the route, its typed parameters, and the submitted fields typed by the modal's inputs. */
export interface ModalHit<N extends string = string, P extends Params = Params, C extends readonly ModalComponentJSON[] = readonly ModalComponentJSON[]> {
  readonly route: N
  readonly params: ParamValues<P>
  readonly customId: string
  readonly fields: ModalFields<TypedModalJSON<C>>
}

/** The value a route's handler gets. */
export type HitOf<R> = R extends ModalRoute<infer N, infer P, infer C> ? ModalHit<N, P, C> : R extends Route<infer N, infer P> ? ComponentHit<N, P> : never

type NameOf<R> = R extends { readonly name: infer N extends string } ? N : never

/** One handler per route, by the route's name. */
export type ComponentHandlers<Rs extends readonly AnyRoute[], Return = unknown> = {
  readonly [R in Rs[number] as NameOf<R>]: (hit: HitOf<R>, interaction: unknown) => Return
}

/** The handler map, with a sentence for a route that has no handler and for a handler of no route. */
export type CoversRoutes<Rs extends readonly AnyRoute[], H> = [Exclude<NameOf<Rs[number]>, keyof H>] extends [infer Missing]
  ? [Missing] extends [never]
    ? { [K in keyof H]: K extends NameOf<Rs[number]> ? H[K] : SlashkitError<`there is no component route named '${K & string}' to handle`> }
    : SlashkitError<`component route '${Missing & string}' has no handler`>
  : never

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

/**
 * A dispatcher of component and modal interactions (types 3 and 5) to one handler
 * per route, by the route's name. The map is exhaustive by type: a route without a
 * handler, or a handler for no route, is a compile error with a sentence. A
 * custom_id of no route, a stale or damaged one, a modal submit whose fields do
 * not fit the modal: `{ ok: false, reason }`, and no handler runs.
 *
 * @example
 * const onComponent = handleComponents([vote, report], {
 *   vote: ({ params }) => reply(`You voted ${params.choice}`, { ephemeral: true }),
 *   report: ({ params, fields }) => reply(`Reported ${params.message}: ${fields.reason}`),
 * })
 * const result = onComponent(interaction) // { ok: true, route: 'vote', value: ... }
 */
export function handleComponents<const Rs extends readonly AnyRoute[], const H extends Partial<ComponentHandlers<Rs>>>(
  routes: Rs,
  handlers: H & CoversRoutes<Rs, H>,
): (interaction: unknown) => ComponentResult<H[keyof H] extends (...args: never[]) => infer R ? R : never> {
  indexOf(routes)
  const table = handlers as Readonly<Record<string, (hit: unknown, interaction: unknown) => unknown>>
  return (interaction) => {
    const data = isObject(interaction) && isObject(interaction.data) ? interaction.data : undefined
    const customId = typeof data?.custom_id === 'string' ? data.custom_id : ''
    const match = matchCustomId(routes, customId)
    if (!match.ok) return { ok: false, reason: match.reason, customId, ...(match.route === undefined ? {} : { route: match.route.name }) } as never
    const route = match.route as AnyRoute
    const handler = Object.hasOwn(table, route.name) ? table[route.name] : undefined
    const isModal = 'modal' in route
    const type = (interaction as { type?: unknown }).type
    if (handler === undefined || type !== (isModal ? MODAL_SUBMIT : MESSAGE_COMPONENT)) return { ok: false, reason: 'kind', customId, route: route.name } as never
    let hit: unknown
    if (isModal) {
      const fields = readModalFields(route as ModalRoute, data?.components)
      if (!fields.ok) return { ok: false, reason: 'fields', customId, route: route.name, issues: fields.issues } as never
      hit = { route: route.name, params: match.values, customId, fields: fields.value }
    } else {
      const values = Array.isArray(data?.values) ? data.values.filter((v: unknown): v is string => typeof v === 'string') : []
      hit = { route: route.name, params: match.values, customId, componentType: typeof data?.component_type === 'number' ? data.component_type : 0, values }
    }
    return { ok: true, route: route.name, value: handler(hit, interaction) } as never
  }
}
