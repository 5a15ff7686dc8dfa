/**
 * The context a handler gets beside its values: who invoked it and where (the
 * fields of "Interaction payloads received by the application": member with its
 * permissions, guild and channel ids, locale, guild locale, app permissions; the
 * user outside a guild is a public API v10 field), and the ways to answer: now (the
 * callback) or later through the interaction webhook (public API v10).
 *
 * The state of its interaction's answer (answered, deferred, by whom, how) is
 * owned by the session behind it (src/http/session.ts), which the dispatcher drives.
 */
import type {
  AnyInteraction,
  Interaction,
  InteractionContextType,
  IntegrationOwners,
  InteractionResponseJSON,
  SlashkitError,
  Member,
  ModalJSON,
  TypedModalJSON,
  User,
  WebhookMessage,
  WebhookMessageJSON,
} from '../internal.js'
import type { FileInput, MessageInput } from '../rest/index.js'
import { partsOf } from './files.js'

/** How a message is sent: `ephemeral` shows it to the invoking user only (flag 64). */
export interface SendOptions {
  readonly ephemeral?: boolean | undefined
}

/** UPDATE_MESSAGE answers a component: a command's `ctx.update` is refused. */
type UpdateFrom<I> = [I] extends [Interaction] ? SlashkitError<'ctx.update edits the message that holds a component; a command has none: answer with ctx.reply'> : unknown

/** The invoking member in a guild: the payload's `member`, with its user and permissions. */
export type InvokingMember = Member & { user: User; permissions: string }

/** The context of every interaction a handler gets. */
export interface Context<I extends AnyInteraction = AnyInteraction> {
  /** The payload as received. */
  readonly interaction: I
  /** The interaction id and token (the token authorizes the webhook for 15 minutes). */
  readonly id: string
  readonly token: string
  /**
   * The payload's `application_id`. The public docs' own examples omit it; such an
   * interaction is answered all the same, and its webhook calls go through the REST
   * client of its application (`rest`).
   */
  readonly applicationId: string | undefined
  /** The invoking user: `member.user` in a guild, `user` elsewhere. */
  readonly user: User
  /** The invoking member, in a guild; `undefined` in DMs. */
  readonly member: InvokingMember | undefined
  /** The member's permissions in the channel (a bit set string), in a guild. */
  readonly memberPermissions: string | undefined
  readonly guildId: string | undefined
  readonly channelId: string | undefined
  /** The invoking client's locale; answer in it. */
  readonly locale: string | undefined
  readonly guildLocale: string | undefined
  /** The app's permissions in the channel (a bit set string). */
  readonly appPermissions: string | undefined
  /** The payload's `context`: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL. */
  readonly context: InteractionContextType | undefined
  /** The payload's `authorizing_integration_owners` (`{}` when absent): docs/handling.md, "The context". */
  readonly authorizingIntegrationOwners: Readonly<IntegrationOwners>
  /** Whether the interaction is answered (a reply, a deferral or a modal was sent). */
  readonly answered: boolean
  /** Whether the answer was a deferral (by the handler or by the 3-second rule) that no reply has replaced yet. */
  readonly deferred: boolean
  /**
   * Answers with a message (callback 4). After a deferral (yours, or the automatic
   * one of the 3-second rule) it is the deferral's answer instead: the edit of the
   * original ("thinking..." becomes the message), or, when `ephemeral` differs from
   * the deferral's, the "thinking..." message deleted and this one sent as a
   * follow-up, so that it is seen as asked.
   *
   * `files` beside the message are uploaded with it (as `slashkit/rest` takes them:
   * `{ name, data, contentType? }`, described by `attachments` `{ id: n }`). Over the
   * gateway they go with the callback; an HTTP endpoint answers in JSON only, so
   * there a reply with files is a deferral, then its edit with the files.
   *
   * @example
   * await ctx.reply({ content: 'Your chart', files: [{ name: 'chart.png', data: png, contentType: 'image/png' }] })
   */
  reply(message: MessageInput, options?: SendOptions): Promise<void>
  /** Answers with a deferral (callback 5; 6 for components, and for the submit of a modal shown from one): answer later with `reply`, `update` or `editReply`. After a deferral, does nothing. */
  defer(options?: SendOptions): Promise<void>
  /**
   * Answers with a modal (callback 9): `report.modal(values)` of a modal route, whose
   * submit comes back to the route's handler with its fields typed (or a modal's JSON,
   * or a builder with `toJSON`, as discord.js's `ModalBuilder`). The service takes no
   * modal after a deferral: a handler that shows one late must be in `noAutoDefer`.
   */
  showModal(modal: TypedModalJSON | ModalJSON | { toJSON(): ModalJSON }): Promise<void>
  /**
   * Components (and modal submits from one): updates the message that holds the
   * component (callback 7; after a deferral, its edit). With `files`, as `reply`:
   * over HTTP a deferred update (6), then the edit with the files.
   */
  update(this: UpdateFrom<I>, message: MessageInput): Promise<void>
  /**
   * A follow-up message through the webhook, with `files` if given.
   *
   * @example
   * await ctx.followUp({ content: 'The log', files: [{ name: 'log.txt', data: new TextEncoder().encode(log) }] }, { ephemeral: true })
   */
  followUp(message: MessageInput, options?: SendOptions): Promise<WebhookMessage>
  /** Edits the original response (the deferred one becomes the answer); `files` are added to the message (its `attachments`, when given, list what it keeps). */
  editReply(message: MessageInput): Promise<WebhookMessage>
  /** Deletes the original response. */
  deleteReply(): Promise<void>
  editFollowUp(messageId: string, message: MessageInput): Promise<WebhookMessage>
  deleteFollowUp(messageId: string): Promise<void>
}

/** Where a context sends its first answer (the HTTP response, or the callback endpoint), with its files when it can take them. */
export type Answer = (body: InteractionResponseJSON, files?: readonly FileInput[]) => Promise<void>

/** The message body of an input (its files left out), with the ephemeral flag when asked. */
export const messageOf = (input: MessageInput, options?: SendOptions): WebhookMessageJSON => partsOf(input, options)[0]

/** The JSON of a modal `showModal` is given: a modal route's `.modal(values)` or a modal's JSON as they are, a builder (discord.js's `ModalBuilder`) by its `toJSON`. */
export const modalJSON = (m: TypedModalJSON | ModalJSON | { toJSON(): ModalJSON }): ModalJSON =>
  typeof (m as { toJSON?: unknown }).toJSON === 'function' ? (m as { toJSON(): ModalJSON }).toJSON() : (m as ModalJSON)
