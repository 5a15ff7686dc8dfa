/**
 * What a route's handler gets from an interaction, read by the route itself (so an
 * app that has no routes bundles none of it): a component route reads what a
 * button or a select sent (`readValues`), a modal route the submitted fields,
 * checked against the inputs it was made with (`readModalFields`). The lookup of
 * the route and the decoding of the `custom_id` are parse/components.ts's
 * (`readComponent`), which calls these through the route's `~read`.
 */
import type { ModalComponentJSON } from '../../wire/components.js'
import type { ComponentType } from '../../wire/components.js'
import type { ModalFields } from '../messages/modal.js'
import { IssueCollector, type Issue, type Result } from '../../rules/issues.js'
import { MESSAGES } from '../../rules/messages.js'
import { isObject } from '../../rules/json.js'
import { isSnowflake } from '../../rules/values.js'
import { elements } from '../../rules/message-fields.js'
import { MODAL_COMPONENTS_MAX, MODAL_VALUES_MAX, ROW_MAX, SELECT_VALUES_MAX, TEXT_INPUT_LENGTH_MAX } from '../../rules/message-limits.js'

/** What a route reads from an interaction's `data` for its handler: the handler's value without the route's name, params and custom_id, or why not. */
export type RouteRead =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly reason: 'kind' | 'fields' | 'stale'; readonly issues?: readonly Issue[] }

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
/** Selects that send ids: user, role, mentionable, channel. */
const ID_SELECTS: readonly number[] = [USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT]

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
 * group's value (one of its options; null only when it is optional), a checkbox's
 * boolean, the ids of a user, role, mentionable or channel select or a file
 * upload. An input missing
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
      // Public API v10, "Radio Group": required by default, and then a pick is needed to submit.
      if (value === null ? input.required : !(input.options ?? []).includes(value)) refuse(input.required ? 'one of its options' : 'one of its options, or null', value)
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

const BUTTON: typeof ComponentType.Button = 2

/**
 * What a button or a select sent (public API v10, `MessageComponentInteractionData`):
 * its component type, and by it no values (a button), strings (a string select), or
 * ids with `resolved` (a user, role, mentionable or channel select). A type no
 * button or select has, another type than `expected` (the one kind a route was
 * declared for), values where a button sends none, more values than a select
 * takes, or a value that is not an id where ids are sent: `kind`. A string select's
 * value outside `declared` (the values its route declares) is `stale`: the service
 * sends only values the select offered, so the message was made before the value
 * was dropped (or the pick is forged), and the value is never passed on.
 */
export function readValues(data: Readonly<Record<string, unknown>>, expected?: number, declared?: readonly string[]): RouteRead {
  const type = data.component_type
  if (expected !== undefined && type !== expected) return { ok: false, reason: 'kind' }
  const raw: unknown = data.values
  if (type === BUTTON) return raw === undefined ? { ok: true, value: { componentType: type, values: [] } } : { ok: false, reason: 'kind' }
  if (type !== STRING_SELECT && !ID_SELECTS.includes(type as number)) return { ok: false, reason: 'kind' }
  // The length read once, then the elements once each (a proxy cannot change what is checked); ids for the entity selects.
  const n = Array.isArray(raw) ? raw.length : -1
  const values = n >= 0 && n <= SELECT_VALUES_MAX ? elements(raw as unknown[], n) : undefined
  if (values === undefined || !values.every(type === STRING_SELECT ? (v: unknown) => typeof v === 'string' : isSnowflake)) return { ok: false, reason: 'kind' }
  if (declared !== undefined && !values.every((v) => declared.includes(v as string))) return { ok: false, reason: 'stale' }
  const value: Record<string, unknown> = { componentType: type, values }
  if (type !== STRING_SELECT) value.resolved = resolvedOf(data)
  return { ok: true, value }
}

/** A modal route's reading of its submission: the fields and `resolved`, or the issues of a submission its inputs cannot produce. */
export function readFields(modal: { readonly components: readonly ModalComponentJSON[] }, data: Readonly<Record<string, unknown>>): RouteRead {
  const fields = readModalFields(modal, data.components)
  // The users, roles, channels and files the ids of selects and uploads name, as a component's select gets them.
  return fields.ok ? { ok: true, value: { fields: fields.value, resolved: resolvedOf(data) } } : { ok: false, reason: 'fields', issues: fields.issues }
}

/** The interaction data's `resolved` maps (users, members, roles, channels, files by id), when it has them. */
const resolvedOf = (data: Readonly<Record<string, unknown>>): unknown => (isObject(data.resolved) ? data.resolved : undefined)
