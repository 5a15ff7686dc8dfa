/** The shapes of `emulator.invoke` and `emulator.picker`: what they take and what they answer. */
import type { ApplicationCommand, CanUseReason, ChoiceJSON, CanUseResult, GuildCommandPermissions, Interaction, InteractionResponseJSON } from '../../internal.js'
import type { EmulatorInteractions, TranscriptEntry } from '../interactions.js'
import type { InteractionsEndpoint } from './deliver.js'
import type { StructuredCommand } from './line.js'
import type { OptionRefusalCode } from './options.js'
import type { ShownCommand } from './shown.js'
import type { TargetRefusalCode } from './targets.js'
import type { Declared, InvokePlace, InvokeUser } from './world.js'

/** What `invoke` needs to know of the emulator: its state views and its clock. */
export interface InvokeHost {
  readonly state: {
    commands(applicationId: string, guildId?: string): ApplicationCommand[]
    permissions(applicationId: string, guildId: string): GuildCommandPermissions[]
  }
  /** The interaction registry (interactions.ts): ids, tokens, callbacks, transcripts. */
  readonly interactions: EmulatorInteractions
}

/** Who looks at the command picker, where. */
export interface PickerInput extends Declared {
  /** The application whose commands are shown. */
  readonly applicationId: string
  /** The user. */
  readonly user: InvokeUser
  /** Where: a guild and channel, a DM with the app (the default), or a private channel. */
  readonly place?: InvokePlace
  /** The client's locale; default `en-US`. Names are typed in it, and the interaction carries it. */
  readonly locale?: string
}

/** One invocation: who, where, what, and the app's endpoint. */
export interface InvokeInput extends PickerInput {
  /** Where the app receives interactions: a loopback URL or a `(Request) => Response` function. */
  readonly endpoint: InteractionsEndpoint
  /** `false`: check and build the interaction, deliver nothing (the result is `checked`). */
  readonly deliver?: boolean
  /** The command line as typed (`'/config set key:lang value:es'`) or as a structured value. */
  readonly command: string | StructuredCommand
  /**
   * Autocomplete: the option (its name as typed) the user is typing. The request
   * is then type 4 and carries the other options as typed so far ("Other command rules" 5).
   */
  readonly focused?: string
  /** `app_permissions` of the interaction; default the bits a freshly added bot usually holds. */
  readonly appPermissions?: string
  /**
   * Other guilds the user is in: their commands are not offered here, and invoking
   * one by name is refused with the reason (`scope.other_guild`, `scope.guild_only`).
   */
  readonly otherGuilds?: readonly string[]
  /** How long the endpoint may take; default 3000 ms (public API v10). */
  readonly timeoutMs?: number
}

/** Codes of a refusal before anything is delivered. */
export type InvokeRefusalCode = 'line.syntax' | 'command.unknown' | 'command.outdated' | `access.${CanUseReason}` | OptionRefusalCode | TargetRefusalCode

/** Codes of a delivery that did not give a usable callback. */
export type InvokeFailureCode =
  | 'endpoint.timeout'
  | 'endpoint.status'
  | 'endpoint.garbage'
  | 'endpoint.callback'
  | 'endpoint.unreachable'
  | 'endpoint.threw'
  | 'endpoint.not_loopback'

/** The client or the service refused the invocation; nothing reached the app. */
export interface InvokeRefused {
  readonly outcome: 'refused'
  readonly code: InvokeRefusalCode
  readonly path: readonly (string | number)[]
  readonly message: string
  /** For an `access.*` refusal: what `canUse` said. */
  readonly access?: CanUseResult
}

/** The interaction was delivered, and the app's answer was not a usable callback. */
export interface InvokeFailed {
  readonly outcome: 'failed'
  readonly code: InvokeFailureCode
  readonly message: string
  /** The HTTP status of the answer, when there was one. */
  readonly status?: number
  readonly interaction: Interaction
  /** Milliseconds from sending to the outcome. */
  readonly ms: number
}

/** The app answered with a callback. */
export interface InvokeAnswered {
  readonly outcome: 'answered'
  readonly interaction: Interaction
  readonly callback: InteractionResponseJSON
  /** Why the user may use the command: what `canUse` said. */
  readonly access: CanUseResult
  /** Autocomplete: the choices offered (callback type 8). */
  readonly choices?: readonly ChoiceJSON[]
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
  /** Resolves with the transcript once no entry has arrived for `quietMs` (default 300), at most after `timeoutMs` (default 5000). */
  settle(quietMs?: number, timeoutMs?: number): Promise<readonly TranscriptEntry[]>
}

export type InvokeResult = InvokeRefused | InvokeFailed | InvokeAnswered | InvokeChecked

/** With `deliver: false`: the interaction that would be sent. */
export interface InvokeChecked {
  readonly outcome: 'checked'
  readonly interaction: Interaction
  readonly access: CanUseResult
}

/** A command as the picker shows it: names and descriptions in the user's locale, and whether the user may use it. */
export interface PickerEntry extends ShownCommand {
  readonly access: CanUseResult
}
