/**
 * Fakes of the interactions that come after a command (public API v10; the spec
 * shows only commands): a button pressed or values chosen in a select menu
 * (MESSAGE_COMPONENT, type 3) and a modal submitted (MODAL_SUBMIT, type 5), for unit
 * tests of component and modal handlers beside `fakeInteraction`'s commands.
 */
import {
  assertFields,
  assertObject,
  fakeFields,
  fakeAttachment,
  fakeBase,
  type ComponentType,
  fakeMessage,
  fakeUser,
  InteractionType,
  type ComponentInteraction,
  type FakeMessageFields,
  type FakeSettings,
  type Message,
  type MessageComponentJSON,
  type ModalSubmitComponent,
  type ModalFields,
  type ModalSubmitInteraction,
  type Resolved,
  type TypedModalJSON,
} from '../internal.js'

/** A component as `button`, `stringSelect`, ... or a route's `vote.button(...)` makes it: its type and `custom_id`. */
export interface MadeComponent {
  readonly type: number
  readonly custom_id: string
  readonly id?: number
}

/** What a fake component interaction carries besides its `custom_id`. */
interface ComponentExtras extends FakeSettings {
  /** The values chosen (a select menu); none for a button. */
  readonly values?: readonly string[] | undefined
  /** `data.resolved` of an entity select: the users, members, roles and channels of the values. */
  readonly resolved?: Resolved | undefined
  /** Fields of the message that holds the component (the rest are filled in). */
  readonly message?: FakeMessageFields | undefined
}

/**
 * What a fake component interaction carries: the component as the app made it
 * (`vote.button({ choice: 'yes' }, 'Yes')`: its `custom_id` and its type), or a
 * `custom_id` and a component type.
 */
export type FakeComponentInput =
  | (ComponentExtras & {
      /** The button or select menu pressed, as made (a route's, or `button(...)`): `data.custom_id` and `data.component_type` are its. */
      readonly component: MadeComponent
      readonly customId?: undefined
      readonly componentType?: undefined
    })
  | (ComponentExtras & {
      /** The `custom_id` of the button or the select menu. */
      readonly customId: string
      /** Public API v10 component type: 2 button (the default without `values`), 3 string select (with), 5 user, 6 role, 7 mentionable, 8 channel select. */
      readonly componentType?: number
      readonly component?: undefined
    })

/** What a fake modal submit carries: the modal's `custom_id` and the submitted values by input `custom_id` (a text input's text, a select's values). */
export interface FakeModalInput extends FakeSettings {
  /** The modal's `custom_id`. */
  readonly customId: string
  /** The submitted values by input `custom_id`: a text input's text, a select's values. */
  readonly fields: Readonly<Record<string, string | readonly string[]>>
  /** `data.resolved`: the users, roles, channels and files the values of entity selects and file uploads name. */
  readonly resolved?: Resolved | undefined
  /** The message of the component that showed the modal, if a component did. */
  readonly message?: FakeMessageFields | undefined
}

/** What a fake submit of a modal as the app made it carries: the modal (`report.modal(values)`) and the fields, typed by its inputs. */
export interface FakeModalOf<M extends TypedModalJSON> extends FakeSettings {
  /** The modal as the app shows it (a modal route's `.modal(values)`, or `modal(...)`). */
  readonly modal: M
  /**
   * What the user submits, by input: a text input's text, a select's or checkbox
   * group's values, a radio group's value, a checkbox's boolean, a file upload's
   * attachment ids (each one not in `resolved.attachments` is filled in there as a
   * 1 KiB file.png). An input left out is not in the submission.
   */
  readonly fields: { readonly [K in keyof ModalFields<M>]?: ModalFields<M>[K] }
  /** `data.resolved`: the users, roles and channels of entity selects; files of uploads, to give their names, sizes and types. */
  readonly resolved?: Resolved | undefined
  readonly message?: FakeMessageFields | undefined
}

const messageOf = (given: FakeMessageFields, channelId: string): Message =>
  fakeMessage({ id: given.id ?? '500000000000000001', channel_id: channelId, author: fakeUser({ id: '400000000000000001', username: 'app', bot: true }), ...given })

/**
 * A MESSAGE_COMPONENT interaction (type 3): a button pressed, or values chosen in a
 * select menu, on a message of the app, which holds the component as made (in an
 * action row) unless `message.components` says what it holds.
 *
 * @example
 * const vote = route('vote', { choice: param.oneOf('yes', 'no') })
 * const body = fakeComponentInteraction({ component: vote.button({ choice: 'yes' }, 'Yes') })
 * body.data // { custom_id: 'vote:...', component_type: 2 }
 */
export function fakeComponentInteraction(input: FakeComponentInput): ComponentInteraction {
  assertObject('fakeComponentInteraction', 'input', input, 'an object with a customId or a component')
  assertFields('fakeComponentInteraction', 'input', input, fakeFields(['component', 'customId', 'componentType', 'values', 'resolved', 'message']))
  const base = fakeBase(input)
  const made = input.component
  if (made !== undefined && (typeof made !== 'object' || made === null || typeof made.custom_id !== 'string' || typeof made.type !== 'number'))
    throw new TypeError('fakeComponentInteraction: component must be a button or a select menu as made (with custom_id and type)')
  const data: ComponentInteraction['data'] =
    made === undefined
      ? { custom_id: input.customId, component_type: input.componentType ?? (input.values === undefined ? BUTTON : STRING_SELECT) }
      : { custom_id: made.custom_id, component_type: made.type }
  if (input.values !== undefined) data.values = [...input.values]
  if (input.resolved !== undefined) data.resolved = input.resolved
  // The message holds what was pressed, as the service's does: a component as made, in a row, unless the message given says what it holds;
  // each with its id, as the service numbers them where the app gave none (the row 1, the component 2).
  const message = input.message ?? {}
  const components = message.components ?? (made === undefined ? [] : [{ type: ROW, id: made.id === 1 ? 2 : 1, components: [{ ...made, id: made.id ?? 2 }] }])
  return { ...base, type: InteractionType.MessageComponent, data, message: messageOf({ ...message, components: components as MessageComponentJSON[] }, base.channel_id) }
}

/**
 * A MODAL_SUBMIT interaction (type 5), as the service sends it: given a modal as the
 * app made it (`report.modal(values)`) and the fields typed by its inputs, each
 * submitted component where the modal has its input (a label's child, a row's text
 * input) with its type, and the files of each file upload in `data.resolved.attachments`
 * (components reference, "File Upload Interaction Response Structure": its `values`
 * are the ids of the files there); given a `custom_id` and loose fields, a text
 * input in an action row for each string and a string select in a label for each list.
 *
 * @example
 * const body = fakeModalSubmit({ modal: report.modal({ message: '1180218955160375406' }), fields: { why: 'spam' } })
 * body.data.components[0] // { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'why', value: 'spam' } }
 */
export function fakeModalSubmit<const M extends TypedModalJSON>(input: FakeModalOf<M>): ModalSubmitInteraction
export function fakeModalSubmit(input: FakeModalInput): ModalSubmitInteraction
export function fakeModalSubmit(input: FakeModalInput | FakeModalOf<TypedModalJSON>): ModalSubmitInteraction {
  assertObject('fakeModalSubmit', 'input', input, 'an object with a modal or a customId')
  assertFields('fakeModalSubmit', 'input', input, fakeFields(['modal', 'customId', 'fields', 'resolved', 'message']))
  assertObject('fakeModalSubmit', 'input.fields', input.fields, 'an object of the submitted values by input custom_id')
  const base = fakeBase(input)
  let id = 0
  let components: ModalSubmitComponent[]
  let customId: string
  // The ids of the files uploaded, in order (file uploads of a modal as made).
  const files = new Set<string>()
  if ('modal' in input) {
    const m = input.modal as { custom_id?: unknown; components?: unknown }
    if (typeof m !== 'object' || m === null || typeof m.custom_id !== 'string' || !Array.isArray(m.components))
      throw new TypeError("fakeModalSubmit: modal must be a modal as made (a modal route's .modal(values), or modal(...))")
    customId = m.custom_id
    const fields = input.fields as Readonly<Record<string, unknown>>
    const given = (c: unknown): ModalSubmitComponent | undefined => {
      const k = c as { type?: unknown; custom_id?: unknown }
      if (typeof k.custom_id !== 'string' || typeof k.type !== 'number' || !Object.hasOwn(fields, k.custom_id)) return undefined
      const value = fields[k.custom_id]
      const out: ModalSubmitComponent = { type: k.type, id: ++id, custom_id: k.custom_id }
      if (Array.isArray(value)) out.values = [...(value as string[])]
      else out.value = value as string | boolean | null
      if (k.type === FILE_UPLOAD) for (const file of out.values ?? []) files.add(file)
      return out
    }
    components = []
    for (const c of m.components as { type?: unknown; component?: unknown; components?: unknown }[]) {
      if (c.type === LABEL) {
        const at = ++id
        const child = given(c.component)
        if (child !== undefined) components.push({ type: LABEL, id: at, component: child })
      } else if (c.type === ROW && Array.isArray(c.components)) {
        const at = ++id
        const kids = c.components.map(given).filter((k): k is ModalSubmitComponent => k !== undefined)
        if (kids.length > 0) components.push({ type: ROW, id: at, components: kids })
      }
    }
  } else {
    customId = input.customId
    components = Object.entries(input.fields).map(([key, value]) =>
      typeof value === 'string'
        ? { type: ROW, id: ++id, components: [{ type: TEXT_INPUT, id: ++id, custom_id: key, value }] }
        : { type: LABEL, id: ++id, component: { type: STRING_SELECT, id: ++id, custom_id: key, values: [...value] } },
    )
  }
  const data: ModalSubmitInteraction['data'] = { custom_id: customId, components }
  if (input.resolved !== undefined) data.resolved = input.resolved
  if (files.size > 0) {
    const given = input.resolved?.attachments
    const attachments = { ...given }
    for (const file of files)
      if (given === undefined || !Object.hasOwn(given, file))
        Object.defineProperty(attachments, file, { value: fakeAttachment({ id: file }), enumerable: true, writable: true, configurable: true })
    data.resolved = { ...input.resolved, attachments }
  }
  const out: ModalSubmitInteraction = { ...base, type: InteractionType.ModalSubmit, data }
  if (input.message !== undefined) out.message = messageOf(input.message, base.channel_id)
  return out
}

// Component types (public API v10, wire/components.ts `ComponentType`), as literals the bundler inlines.
const ROW: typeof ComponentType.ActionRow = 1
const BUTTON: typeof ComponentType.Button = 2
const STRING_SELECT: typeof ComponentType.StringSelect = 3
const TEXT_INPUT: typeof ComponentType.TextInput = 4
const LABEL: typeof ComponentType.Label = 18
const FILE_UPLOAD: typeof ComponentType.FileUpload = 19
