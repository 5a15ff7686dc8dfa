/**
 * Fakes of the interactions that come after a command (public API v10; the spec
 * shows only commands): a button pressed or values chosen in a select menu
 * (MESSAGE_COMPONENT, type 3) and a modal submitted (MODAL_SUBMIT, type 5), for unit
 * tests of component and modal handlers beside `fakeInteraction`'s commands.
 */
import {
  fakeBase,
  fakeMessage,
  fakeUser,
  type ComponentInteraction,
  type FakeSettings,
  type Message,
  type ModalSubmitComponent,
  type ModalSubmitInteraction,
  type Resolved,
} from '../internal.js'

/** What a fake component interaction carries. */
export interface FakeComponentInput extends FakeSettings {
  /** The `custom_id` of the button or the select menu. */
  readonly customId: string
  /** The values chosen (a select menu); none for a button. */
  readonly values?: readonly string[]
  /** Public API v10 component type: 2 button (the default without `values`), 3 string select (with), 5 user, 6 role, 7 mentionable, 8 channel select. */
  readonly componentType?: number
  /** `data.resolved` of an entity select: the users, members, roles and channels of the values. */
  readonly resolved?: Resolved
  /** Fields of the message that holds the component (the rest are filled in). */
  readonly message?: Partial<Message>
}

/** What a fake modal submit carries. */
export interface FakeModalInput extends FakeSettings {
  /** The modal's `custom_id`. */
  readonly customId: string
  /** The submitted values by input `custom_id`: a text input's text, a select's values. */
  readonly fields: Readonly<Record<string, string | readonly string[]>>
  readonly resolved?: Resolved
  /** The message of the component that showed the modal, if a component did. */
  readonly message?: Partial<Message>
}

const messageOf = (given: Partial<Message>, channelId: string): Message =>
  fakeMessage({ id: given.id ?? '500000000000000001', channel_id: channelId, author: fakeUser({ id: '400000000000000001', username: 'app', bot: true }), ...given })

/**
 * A MESSAGE_COMPONENT interaction (type 3): a button pressed, or values chosen in a
 * select menu, on a message of the app.
 *
 * @example
 * const body = fakeComponentInteraction({ customId: 'vote:yes' })
 * body.data // { custom_id: 'vote:yes', component_type: 2 }
 */
export function fakeComponentInteraction(input: FakeComponentInput): ComponentInteraction {
  const base = fakeBase(input)
  const data: ComponentInteraction['data'] = { custom_id: input.customId, component_type: input.componentType ?? (input.values === undefined ? 2 : 3) }
  if (input.values !== undefined) data.values = [...input.values]
  if (input.resolved !== undefined) data.resolved = input.resolved
  return { ...base, type: 3, data, message: messageOf(input.message ?? {}, base.channel_id) }
}

/**
 * A MODAL_SUBMIT interaction (type 5): the fields as the service sends them, a text
 * input in an action row, a select in a label (component 18), each with its `id`.
 *
 * @example
 * const body = fakeModalSubmit({ customId: 'report:42', fields: { reason: 'spam', severity: ['high'] } })
 * body.data.components[0] // { type: 1, id: 1, components: [{ type: 4, id: 2, custom_id: 'reason', value: 'spam' }] }
 */
export function fakeModalSubmit(input: FakeModalInput): ModalSubmitInteraction {
  const base = fakeBase(input)
  let id = 0
  const components: ModalSubmitComponent[] = Object.entries(input.fields).map(([customId, value]) =>
    typeof value === 'string'
      ? { type: 1, id: ++id, components: [{ type: 4, id: ++id, custom_id: customId, value }] }
      : { type: 18, id: ++id, component: { type: 3, id: ++id, custom_id: customId, values: [...value] } },
  )
  const data: ModalSubmitInteraction['data'] = { custom_id: input.customId, components }
  if (input.resolved !== undefined) data.resolved = input.resolved
  const out: ModalSubmitInteraction = { ...base, type: 5, data }
  if (input.message !== undefined) out.message = messageOf(input.message, base.channel_id)
  return out
}
