/** The shapes of `emulator.invoke`, `press`, `choose`, `submit` and `picker`: what they take and what they answer. */
import type {
  ApplicationCommand,
  CanUseReason,
  ChoiceJSON,
  CanUseResult,
  ComponentInteraction,
  GuildCommandPermissions,
  Interaction,
  Issue,
  InteractionResponseJSON,
  ModalSubmitInteraction,
} from '../../internal.js'
import type { InteractionRegistry, TranscriptEntry } from '../interactions.js'
import type { InteractionsEndpoint } from './deliver.js'
import type { StructuredCommand } from './line.js'
import type { OptionRefusalCode } from './options.js'
import type { ShownCommand } from './shown.js'
import type { TargetRefusalCode } from './targets.js'
import type { Declared, InvokePlace, InvokeUser } from './world.js'

/** What a delivery over the gateway needs of the emulator's gateway (gateway/session.ts). */
export interface GatewayDelivery {
  /** Whether a connected session of `app` would get an event of `guildId` (its shard's). */
  connected(app: string, guildId?: string): boolean
  /** Sends the event to the sessions of `app` on the shard of `guildId`. */
  dispatch(app: string, t: string, d: unknown, guildId?: string): void
}

/** What `invoke` needs to know of the emulator: its state views and its interaction registry. */
export interface InvokeHost {
  readonly state: {
    commands(applicationId: string, guildId?: string): ApplicationCommand[]
    permissions(applicationId: string, guildId: string): GuildCommandPermissions[]
  }
  /** The interaction registry (interactions.ts): ids, tokens, callbacks, transcripts, kept messages and modals. */
  readonly interactions: InteractionRegistry
  /** An application's interactions endpoint URL, as configured or set by PATCH /applications/@me. */
  endpointOf(applicationId: string): string | undefined
  /** The gateway (gateway/session.ts): where an application without an endpoint gets its interactions. */
  readonly gateway?: GatewayDelivery | undefined
  /** The emulator's address and in-process fetch: an endpoint function's follow-ups come here. */
  readonly baseUrl: string
  readonly fetch: unknown
}

/** Who looks at the command picker, where. */
export interface PickerInput extends Declared {
  /** The application whose commands are shown. */
  readonly applicationId: string
  /** The user. */
  readonly user: InvokeUser
  /** Where: a guild and channel, a DM with the app (the default), or a private channel. */
  readonly place?: InvokePlace | undefined
  /** The client's locale; default `en-US`. Names are typed in it, and the interaction carries it. */
  readonly locale?: string | undefined
}

/** What every step of the conversation takes besides its own part: the app's endpoint, and how long it may take. */
export interface Delivery {
  /**
   * Where the app receives interactions: a loopback URL or a `(Request) => Response` function. Default: the application's
   * `interactionsEndpointUrl`; without one, the bot's gateway session (INTERACTION_CREATE, answered through the callback endpoint).
   */
  readonly endpoint?: InteractionsEndpoint | undefined
  /** `false`: check and build the interaction, deliver nothing (the result is `checked`). */
  readonly deliver?: boolean | undefined
  /** `app_permissions` of the interaction; default the bits a freshly added bot usually holds, @everyone's usable four in a guild without the app, three in a DM or group DM and four in the bot's DM (or those of the interaction a message came from). */
  readonly appPermissions?: string | undefined
  /** How long the endpoint may take; default 3000 ms (public API v10). */
  readonly timeoutMs?: number | undefined
}

/** One invocation: who, where, what, and the app's endpoint. */
export interface InvokeInput extends PickerInput, Delivery {
  /** The command line as typed (`'/config set key:lang value:es'`) or as a structured value. */
  readonly command: string | StructuredCommand
  /**
   * Autocomplete: the option (its name as typed) the user is typing. The request
   * is then type 4 and carries the other options as typed so far ("Other command rules" 5).
   */
  readonly focused?: string | undefined
  /**
   * Other guilds the user is in: their commands are not offered here, and invoking
   * one by name is refused with the reason (`scope.other_guild`, `scope.guild_only`).
   */
  readonly otherGuilds?: readonly string[] | undefined
}

/** A user acting on what the app sent (a message's component, a modal): who, in which locale, and the app's endpoint. */
export interface ActInput extends Declared, Delivery {
  /** The user. In a guild, a member with its roles and permissions, as for `invoke`. */
  readonly user: InvokeUser
  /** The application; default the one that sent the message or showed the modal (another is refused as unknown). */
  readonly applicationId?: string | undefined
  /** The client's locale; default `en-US`. */
  readonly locale?: string | undefined
}

/** A button pressed on a message the app sent. */
export interface PressInput extends ActInput {
  /**
   * The `custom_id` of the button or select; or, as the user sees it, the label of
   * the one button that has it, or the name of the route (`vote` for a `vote:...`
   * custom_id) of the one component of the message made by it.
   */
  readonly customId: string
  /**
   * The message: its id, or the message (a transcript's). Default: the newest
   * message this user can see that holds a component with this `custom_id`.
   */
  readonly message?: string | { readonly id: string } | undefined
}

/** Values chosen in a select menu of a message the app sent. */
export interface ChooseInput extends PressInput {
  /**
   * What the user picks: a string select's option values (or labels); the users,
   * roles or channels of a user, role, mentionable or channel select as declared
   * (an id, a mention, `@name`, `#name`).
   */
  readonly values: readonly string[]
}

/**
 * What the user puts in one input of a modal: a text input's text; a select's, a
 * checkbox group's or a file upload's values (files: declared `attachments`, by id or
 * filename); a radio group's value (`null` or left out: none picked); a checkbox's
 * `true` or `'true'` (anything else: unticked).
 */
export type ModalFieldInput = string | boolean | null | readonly string[]

/** A modal the app showed, filled and submitted. */
export interface SubmitInput extends ActInput {
  /** The values by the `custom_id` of each input (`ModalFieldInput`). */
  readonly fields: Readonly<Record<string, ModalFieldInput>>
  /** The interaction that showed it; default the newest modal open for this user. */
  readonly interaction?: string | undefined
  /** The modal's `custom_id`, to pick among the open ones. */
  readonly customId?: string | undefined
}

/** Why the client refuses to press, choose or submit (nothing is delivered). */
export type ComponentRefusalCode =
  | 'message.unknown'
  | 'message.ephemeral'
  | 'message.expired'
  | 'component.unknown'
  | 'component.disabled'
  | 'component.kind'
  | 'select.values'
  | 'modal.unknown'
  | 'modal.field'
  | 'modal.required'
  | 'modal.length'

/** Codes of a refusal before anything is delivered. */
export type InvokeRefusalCode =
  | 'line.syntax'
  | 'command.unknown'
  | 'command.outdated'
  | 'install.missing'
  | 'entry_point.service'
  | `access.${CanUseReason}`
  | OptionRefusalCode
  | TargetRefusalCode
  | ComponentRefusalCode

/** Codes of a delivery that did not give a usable callback. */
export type InvokeFailureCode =
  | 'endpoint.timeout'
  | 'endpoint.status'
  | 'endpoint.garbage'
  | 'endpoint.callback'
  | 'endpoint.unreachable'
  | 'endpoint.threw'
  | 'endpoint.not_loopback'

/** The client or the service refused it; nothing reached the app. */
export interface InvokeRefused {
  readonly outcome: 'refused'
  readonly code: InvokeRefusalCode
  readonly path: readonly (string | number)[]
  readonly message: string
  /** For an `access.*` refusal: what `canUse` said. */
  readonly access?: CanUseResult
}

/** The interaction was delivered, and the app's answer was not a usable callback. */
export interface InvokeFailed<I = Interaction> {
  readonly outcome: 'failed'
  readonly code: InvokeFailureCode
  readonly message: string
  /** The HTTP status of the answer, when there was one. */
  readonly status?: number
  /** `endpoint.callback`: the public API error code the callback endpoint answered (50035, 50006, 40060, ...) and its issues. */
  readonly refusal?: { readonly code: number; readonly issues: readonly Issue[] }
  readonly interaction: I
  /** Milliseconds from sending to the outcome. */
  readonly ms: number
}

/**
 * How a wait for the app ended (`wait`): quiet with nothing pending, the
 * interaction's 15 minutes over, or the caller's cap; or, for a step of
 * `slashkit/testing`'s `connect`, which knows when the handler's work is done,
 * `settled`: that work is done and a deferral is still pending, so it stays
 * "thinking..." (the handler deferred and answered nothing after).
 */
export interface Settled {
  readonly transcript: readonly TranscriptEntry[]
  readonly ended: 'quiet' | 'expired' | 'cap' | 'settled'
  /** Whether a deferral (callback 5, or 6 for a component) was still unresolved when the wait ended. */
  readonly thinking: boolean
}

/** The app answered with a callback; what it does later arrives in the transcript. */
export interface Answered<I = Interaction> {
  readonly outcome: 'answered'
  readonly interaction: I
  readonly callback: InteractionResponseJSON
  /** Milliseconds from sending to the callback. */
  readonly ms: number
  /**
   * What the app did with the interaction so far, in the order it arrived (the
   * emulator's clock in `at`): the callback, then edits of the original, follow-ups
   * and deletes through the webhook endpoints.
   */
  transcript(): readonly TranscriptEntry[]
  /**
   * Resolves with the transcript once `done` holds for it (checked now and after
   * each new entry), or after `timeoutMs` (default 5000) with what there is.
   */
  until(done: (transcript: readonly TranscriptEntry[]) => boolean, timeoutMs?: number): Promise<readonly TranscriptEntry[]>
  /**
   * Resolves once the app is done for now: no deferral pending (a "thinking" original
   * edited or replaced, a deferred update made) and no entry for `quietMs` (default
   * 300); or when the interaction's 15 minutes run out (nothing can come after), or
   * after `maxMs` if given. `ended` says which.
   */
  wait(options?: { readonly quietMs?: number; readonly maxMs?: number }): Promise<Settled>
  /** `wait({ quietMs, maxMs: timeoutMs })`, resolving with the transcript alone. */
  settle(quietMs?: number, timeoutMs?: number): Promise<readonly TranscriptEntry[]>
}

/** A command answered. */
export interface InvokeAnswered extends Answered<Interaction> {
  /** Why the user may use the command: what `canUse` said. */
  readonly access: CanUseResult
  /** Autocomplete: the choices offered (callback type 8). */
  readonly choices?: readonly ChoiceJSON[]
}

/** With `deliver: false`: the interaction that would be sent. */
export interface Checked<I = Interaction> {
  readonly outcome: 'checked'
  readonly interaction: I
}

/** With `deliver: false`: the command interaction that would be sent, and why the user may use it. */
export interface InvokeChecked extends Checked<Interaction> {
  readonly access: CanUseResult
}

export type InvokeResult = InvokeRefused | InvokeFailed | InvokeAnswered | InvokeChecked
/** What `press` and `choose` answer. */
export type ComponentResult = InvokeRefused | InvokeFailed<ComponentInteraction> | Answered<ComponentInteraction> | Checked<ComponentInteraction>
/** What `submit` answers. */
export type ModalResult = InvokeRefused | InvokeFailed<ModalSubmitInteraction> | Answered<ModalSubmitInteraction> | Checked<ModalSubmitInteraction>

/** A command as the picker shows it: names and descriptions in the user's locale, and whether the user may use it. */
export interface PickerEntry extends ShownCommand {
  readonly access: CanUseResult
}
