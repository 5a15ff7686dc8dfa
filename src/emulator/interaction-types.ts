/**
 * What the emulator's interaction side shows (interactions.ts): its public API v10
 * timing constants and error codes, and the types of `emulator.interactions`,
 * the transcript and its records.
 */
import { INTERACTION_ANSWER_WINDOW_MS, INTERACTION_TOKEN_LIFETIME_MS, type Attachment, type EmbedResponse, type InteractionType, type MessageComponentJSON } from '../internal.js'

/** The interaction types the emulator opens (public API v10 1 to 5; no command app receives 6). */
type OpenedType = Exclude<InteractionType, typeof InteractionType.SocialLayerSkuPurchaseEligibility>

/** Public API v10: an interaction must get its callback within 3 seconds. */
export const CALLBACK_WINDOW_MS = INTERACTION_ANSWER_WINDOW_MS
/** Public API v10: an interaction token is valid for 15 minutes. */
export const TOKEN_LIFETIME_MS = INTERACTION_TOKEN_LIFETIME_MS

/** Public API v10 error codes of the interaction endpoints: wire/interactions.ts's. */
export { InteractionErrorCode } from '../internal.js'

/** What `interactions.open` takes: the kind of interaction and where it happens. */
export interface OpenInteractionOptions {
  /** Interaction type (public API v10): 1 PING, 2 command (the default), 3 component, 4 autocomplete, 5 modal submit. */
  readonly type?: OpenedType | undefined
  /** The channel the messages land in. Default: a fresh snowflake. */
  readonly channelId?: string | undefined
  readonly guildId?: string | undefined
  /**
   * Components and modal submits from a component: the app's message that holds it
   * (callbacks 6 and 7 update it): a message the emulator keeps (by its id), or any
   * message object, kept from then on.
   */
  readonly message?: Readonly<Record<string, unknown>> | undefined
  /** A token to use instead of a generated one (it must be unused). */
  readonly token?: string | undefined
  /** The user who invoked it: an ephemeral message it makes is theirs alone, a modal it shows theirs to submit. */
  readonly userId?: string | undefined
}

/** What the registry takes besides the public options: the autocomplete's focused option type, a modal submit's trigger. */
export interface OpenSettings extends OpenInteractionOptions {
  readonly focusedType?: number | undefined
  /** A modal submit: the metadata of the interaction that showed the modal. */
  readonly triggering?: Readonly<Record<string, unknown>> | undefined
}

/** An interaction the emulator opened: what goes into the payload it delivers. */
export interface OpenedInteraction {
  readonly id: string
  readonly token: string
  readonly applicationId: string
  readonly type: OpenedType
  readonly channelId: string
  readonly guildId: string | undefined
  /** When it was opened, on the emulator's clock (epoch ms). */
  readonly openedAt: number
  /** Until when it may be answered (`openedAt + 3 s`). */
  readonly answerBy: number
  /** Until when its token works for the webhook endpoints (`openedAt + 15 min`). */
  readonly expiresAt: number
}

/** A file the emulator keeps: its attachment id and name, its size and media type, and its bytes. */
export interface KeptFile {
  readonly id: string
  readonly filename: string
  readonly size: number
  /** The media type it was uploaded with (its part's Content-Type), if any. */
  readonly contentType: string | undefined
  /** The message it is attached to. */
  readonly messageId: string
  /** A copy of the bytes uploaded. */
  readonly bytes: Uint8Array
}

/** A file attached to a message the application sent (public API v10 attachment object); `file(id)` has its bytes. */
export interface TranscriptAttachment extends Attachment {
  /** From the message's `attachments` entry. */
  readonly description?: string
  readonly title?: string
  /** Set on the attachments of an ephemeral message. */
  readonly ephemeral?: boolean
}

/** A message the application sent through the interaction, as the service returns it. */
export interface TranscriptMessage {
  readonly id: string
  readonly channel_id: string
  readonly content: string
  /** Each with its `type` (`'rich'`) and its fields' `inline`, as the service returns them (OpenAPI `MessageEmbedResponse`). */
  readonly embeds: EmbedResponse[]
  /** As the app sent them, each with its `id` (numbered in order where the app gave none). */
  readonly components: MessageComponentJSON[]
  /** The attachments (public API v10 attachment objects: id, filename, size, url, proxy_url, content_type, description); `file(id)` has their bytes. */
  readonly attachments: TranscriptAttachment[]
  readonly flags: number
  readonly timestamp: string
  readonly edited_timestamp: string | null
  readonly webhook_id: string
  readonly application_id: string
  readonly author: { readonly id: string; readonly username: string; readonly bot: true }
  readonly type: number
  readonly [field: string]: unknown
}

/**
 * One thing the application did with an interaction, in the order it arrived; `at`
 * is the emulator's clock. Refused requests are not entries (see `emulator.requests`).
 */
export type TranscriptEntry =
  | { readonly kind: 'callback'; readonly at: number; readonly via: 'response' | 'endpoint'; readonly type: number; readonly data?: unknown; readonly message?: TranscriptMessage }
  | { readonly kind: 'original.edit'; readonly at: number; readonly body: unknown; readonly message: TranscriptMessage }
  | { readonly kind: 'original.delete'; readonly at: number; readonly messageId: string }
  | { readonly kind: 'followup'; readonly at: number; readonly body: unknown; readonly message: TranscriptMessage; readonly replacedLoading: boolean }
  | { readonly kind: 'followup.edit'; readonly at: number; readonly body: unknown; readonly message: TranscriptMessage }
  | { readonly kind: 'followup.delete'; readonly at: number; readonly messageId: string }

/** The state of one interaction, as `interactions.get` returns it (fresh copies). */
export interface InteractionRecord extends OpenedInteraction {
  /** Whether a callback was accepted. */
  readonly acknowledged: boolean
  /** The accepted callback's type, if any. */
  readonly callbackType: number | undefined
  /** True after callback 5 until the original is edited, deleted, or replaced by the first follow-up. */
  readonly deferred: boolean
  /** True after callback 6 (the app will update the component's message) until that message is edited or deleted, or a follow-up comes. */
  readonly updatePending: boolean
  /** The user who invoked it, when known. */
  readonly userId: string | undefined
  /** Types 3 and 5 from a component: the id of the message that holds the component. */
  readonly messageId: string | undefined
  /** The original response message (callbacks 4 and 5; 7 updates `message`), `undefined` once deleted or when there is none. */
  readonly original: TranscriptMessage | undefined
  /** The follow-ups that exist (a deleted one is gone), oldest first. */
  readonly followUps: readonly TranscriptMessage[]
  /** Callback 9: the modal shown. */
  readonly modal: unknown
  /** Whether that modal is still open for its user to submit (a submit closes it). */
  readonly modalOpen: boolean
  /** Callback 8: the autocomplete choices offered. */
  readonly choices: readonly unknown[] | undefined
  /** Everything the application did, in order. */
  readonly transcript: readonly TranscriptEntry[]
}

/** The emulator's interactions: open one, answer it as the HTTP response would, read what happened. */
export interface EmulatorInteractions {
  /**
   * Opens an interaction of `applicationId`: an id and a token that the callback and
   * webhook endpoints accept (for 3 s and 15 min on the emulator's clock).
   *
   * @example
   * const { id, token } = emulator.interactions.open('123456789012345678')
   * await emulator.fetch(`${emulator.baseUrl}/interactions/${id}/${token}/callback`, {
   *   method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 4, data: { content: 'Hi' } }),
   * })
   * emulator.interactions.get(id)?.original?.content // 'Hi'
   */
  open(applicationId: string, options?: OpenInteractionOptions): OpenedInteraction
  /**
   * Takes a callback body that arrived as the HTTP answer to the delivered interaction
   * (the usual path), with the same checks as the callback endpoint. Returns the
   * status and body the endpoint would have answered (204 when accepted).
   *
   * @example
   * emulator.interactions.respond(id, { type: 5 }).status // 204; the original is now "thinking"
   */
  respond(interactionId: string, body: unknown): { readonly status: number; readonly body: unknown }
  /**
   * The state and transcript of an interaction, or `undefined` when the id is unknown.
   *
   * @example
   * emulator.interactions.get(id)?.transcript.map((e) => e.kind) // ['callback', 'original.edit', 'followup']
   */
  get(interactionId: string): InteractionRecord | undefined
  /** Every interaction opened since the last `reset`, oldest first. */
  list(): InteractionRecord[]
  /**
   * Calls `listener` after each transcript entry, with the interaction's id; returns
   * a function that stops the calls.
   *
   * @example
   * const stop = emulator.interactions.subscribe((id, entry) => console.log(id, entry.kind))
   */
  subscribe(listener: (interactionId: string, entry: TranscriptEntry) => void): () => void
  /**
   * A file the application attached to a message (by the attachment's id, as the
   * message's `attachments` list it): its name, size, media type and a copy of its
   * bytes; `undefined` for an id it never kept, or once its message is deleted.
   *
   * @example
   * const [attachment] = emulator.interactions.get(id)?.original?.attachments ?? []
   * emulator.interactions.file(attachment?.id ?? '')?.bytes // what the app uploaded, byte for byte
   */
  file(attachmentId: string): KeptFile | undefined
}

/** An open interaction as the registry keeps it. */
export interface Open {
  readonly opened: OpenedInteraction
  callbackType: number | undefined
  deferred: boolean
  updatePending: boolean
  /** Ids of its messages in the registry's message store. */
  original: string | undefined
  followUps: string[]
  /** Types 3 and 5 from a component: the id of the message holding the component (callbacks 6 and 7 update it). */
  readonly message: string | undefined
  modal: unknown
  modalOpen: boolean
  choices: unknown[] | undefined
  readonly transcript: TranscriptEntry[]
  readonly userId: string | undefined
  /** Autocomplete: the focused option's type, which the offered choices' values must have. */
  readonly focusedType: number | undefined
  /** A modal submit: the `interaction_metadata` of the interaction that showed the modal, as it was then. */
  readonly triggering: Readonly<Record<string, unknown>> | undefined
  /** The payload delivered, once it is: where interactions started from its messages happen. */
  payload: Readonly<Record<string, unknown>> | undefined
  /** While it is delivered: whether the app's answer exists yet, and the calls waiting (answer-hold.ts). */
  hold: Hold | undefined
  /** The last callback the callback endpoint refused, while none is taken: what a delivery over the gateway reports when no callback comes. */
  refused?: { readonly status: number; readonly body: string } | undefined
}

/** A delivery under way: before the answer exists, or while it is taken; the webhook calls waiting for either. */
export interface Hold {
  stage: 'delivering' | 'answering'
  /** Called when the answer exists (or the delivery ends). */
  onAnswer?: (() => void)[]
  /** Called when the answer is taken (or the delivery ends). */
  onTaken?: (() => void)[]
}

/** A message the application sent, as the registry keeps it: once, whichever interaction edits it. */
export interface Kept {
  message: TranscriptMessage
  /** The interaction whose token made it: its user sees it when it is ephemeral. */
  readonly source: Open
}
