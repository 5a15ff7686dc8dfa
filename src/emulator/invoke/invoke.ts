/**
 * `emulator.invoke`: the emulator plays the user and the service. It resolves a
 * typed command line as the chat client does (options.ts), refuses what the user
 * could not see or use (`canUse`, docs/permissions.md), applies the version check
 * of global commands ("Command endpoints" rule 1), builds the interaction the
 * service would send ("Interaction payloads received by the application"), signs
 * it and delivers it to the app's endpoint (deliver.ts), and reads the callback.
 */
import {
  canUse,
  InteractionContextType,
  localizedText,
  type ApplicationCommand,
  type CanUseResult,
  type ContextArg,
  type GuildCommandPermissions,
  type Interaction,
  type InteractionResponseJSON,
} from '../../internal.js'
import { CALLBACK_TIMEOUT_MS, deliver } from './deliver.js'
import { fromStructured, parseLine, type TypedCommand } from './line.js'
import { buildOptions, heldString, type BuiltOptions, type Refusal } from './options.js'
import { Keyring } from './signing.js'
import { buildTarget, type TargetRefusalCode } from './targets.js'
import { watch } from './transcript.js'
import { interactionToken, type Snowflakes } from '../model.js'
import { shownCommand } from './shown.js'
import { checkIds, indexOf, wireChannel, wireMember, wireUser, type InvokeChannel, type InvokePlace, type Index } from './world.js'
import type {
  InvokeHost,
  PickerInput,
  InvokeInput,
  InvokeRefusalCode,
  InvokeFailureCode,
  InvokeRefused,
  InvokeFailed,
  InvokeAnswered,
  InvokeResult,
  InvokeChecked,
  PickerEntry,
} from './invoke-types.js'
export type {
  InvokeHost,
  PickerInput,
  InvokeInput,
  InvokeRefusalCode,
  InvokeFailureCode,
  InvokeRefused,
  InvokeFailed,
  InvokeAnswered,
  InvokeResult,
  InvokeChecked,
  PickerEntry,
} from './invoke-types.js'

interface Scene {
  readonly input: PickerInput
  readonly locale: string
  readonly guildId: string | undefined
  readonly context: number
  readonly inGuild: boolean
  readonly channel: InvokeChannel
  readonly index: Index
  readonly held: string
  readonly overwrites: GuildCommandPermissions[]
}

/** What a freshly added bot usually holds: view, send, embed, attach, history, reactions, external emojis. */
const DEFAULT_APP_PERMISSIONS = ((1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 6n) | (1n << 18n)).toString()
const DEFAULT_GUILD_CHANNEL = '100000000000000001'
const DEFAULT_DM_CHANNEL = '100000000000000002'

const refusal = (code: InvokeRefusalCode, path: readonly (string | number)[], message: string, access?: CanUseResult): InvokeRefused =>
  access === undefined ? { outcome: 'refused', code, path, message } : { outcome: 'refused', code, path, message, access }

function contextOf(place: InvokePlace): number {
  const c: ContextArg | undefined = place.context
  if (c === undefined) return place.guild === undefined ? InteractionContextType.BotDm : InteractionContextType.Guild
  return typeof c === 'string' ? InteractionContextType[c] : c
}

/** The invocations of one emulator: its key pairs, each user's copies of global commands, its interaction ids. */
export class Invoker {
  readonly keys = new Keyring()
  /** "Command endpoints" rule 1: each user's client holds copies of the global commands, by `${app}/${user}`. */
  private readonly copies = new Map<string, Map<string, ApplicationCommand>>()
  constructor(
    private readonly host: InvokeHost,
    private readonly clock: () => number,
    /** The emulator's one snowflake generator: ids never repeat across commands, interactions and messages. */
    private readonly ids: Snowflakes,
  ) {}

  /** The public key the app verifies interactions with. */
  async publicKey(applicationId: string): Promise<string> {
    return (await this.keys.key(applicationId)).publicKey
  }

  /** The user's client copies of an application's global commands: new commands are added, known ones kept as loaded. */
  private clientCopies(app: string, user: string): Map<string, ApplicationCommand> {
    const key = `${app}/${user}`
    let copies = this.copies.get(key)
    if (copies === undefined) this.copies.set(key, (copies = new Map()))
    for (const c of this.host.state.commands(app)) if (!copies.has(c.id)) copies.set(c.id, c)
    return copies
  }

  /** Who and where: what every step reads. */
  private scene(input: PickerInput): Scene {
    checkIds(input)
    const place = input.place ?? {}
    const guildId = place.guild?.id
    const context = contextOf(place)
    const inGuild = guildId !== undefined && context === InteractionContextType.Guild
    const channel: InvokeChannel = place.channel ?? { id: inGuild ? DEFAULT_GUILD_CHANNEL : DEFAULT_DM_CHANNEL }
    const index = indexOf(input, [input.user], [channel], inGuild ? guildId : undefined)
    const held = heldString(index, input.user.id)
    const overwrites = guildId === undefined ? [] : this.host.state.permissions(input.applicationId, guildId)
    return { input, locale: input.locale ?? 'en-US', guildId, context, inGuild, channel, index, held, overwrites }
  }

  /** `canUse` for one command in the scene (docs/permissions.md has the precedence). */
  private access(scene: Scene, command: ApplicationCommand): CanUseResult {
    const { input, inGuild, channel } = scene
    return canUse({
      command,
      applicationId: input.applicationId,
      guildId: inGuild ? scene.guildId : undefined,
      member: { user: { id: input.user.id }, roles: input.user.roles ?? [], permissions: scene.held },
      // A guild channel is not age-restricted unless said; outside a guild the user's setting is unchecked unless given.
      channel: {
        id: channel.id,
        type: channel.type ?? (inGuild ? 0 : 1),
        parent_id: channel.parentId ?? null,
        ...(inGuild || channel.nsfw !== undefined ? { nsfw: channel.nsfw ?? false } : {}),
      },
      context: scene.context as ContextArg,
      adult: input.user.adult ?? true,
      overwrites: scene.overwrites,
    })
  }

  /** What the picker lists: guild commands (always current, "Command endpoints" rule 2), then the client's copies of global ones. */
  private listed(scene: Scene): ApplicationCommand[] {
    const app = scene.input.applicationId
    return [...(scene.inGuild ? this.host.state.commands(app, scene.guildId) : []), ...this.clientCopies(app, scene.input.user.id).values()]
  }

  /**
   * The CHAT_INPUT commands the client offers this user here, as shown in the
   * user's locale, with `canUse`'s verdict for each (spec "Command permission
   * endpoints" rule 3: a user lacking permission does not see the command).
   */
  picker(input: PickerInput): PickerEntry[] {
    const scene = this.scene(input)
    return this.listed(scene)
      .filter((c) => (c.type ?? 1) === 1)
      .map((c) => ({ ...shownCommand(c, scene.locale), access: this.access(scene, c) }))
  }

  async invoke(input: InvokeInput): Promise<InvokeResult> {
    const prepared = this.prepare(input)
    if (prepared.outcome !== 'checked' || input.deliver === false) return prepared
    const { access } = prepared
    const app = input.applicationId
    const registry = this.host.interactions
    // The registry hands out the id and token that its callback and webhook endpoints accept.
    const opened = registry.open(app, {
      type: prepared.interaction.type,
      channelId: prepared.interaction.channel_id as string,
      ...(prepared.interaction.guild_id === undefined ? {} : { guildId: prepared.interaction.guild_id }),
    })
    const interaction: Interaction = { ...prepared.interaction, id: opened.id, token: opened.token }
    const body = JSON.stringify(interaction)
    const key = await this.keys.key(app)
    const headers = { 'content-type': 'application/json', 'user-agent': 'slashkit-emulator', ...(await key.sign(body, this.clock() / 1000)) }
    const delivery = await deliver(input.endpoint, body, headers, input.timeoutMs ?? CALLBACK_TIMEOUT_MS)
    const fail = (code: InvokeFailureCode, message: string, status?: number): InvokeFailed =>
      status === undefined ? { outcome: 'failed', code, message, interaction, ms: delivery.ms } : { outcome: 'failed', code, message, status, interaction, ms: delivery.ms }
    if (delivery.kind === 'timeout')
      return fail('endpoint.timeout', `the endpoint did not answer within ${input.timeoutMs ?? CALLBACK_TIMEOUT_MS} ms; the user sees "The application did not respond"`)
    if (delivery.kind === 'error') return fail(delivery.code, delivery.message)
    if (delivery.status < 200 || delivery.status > 299) return fail('endpoint.status', `the endpoint answered ${delivery.status}: ${delivery.text.slice(0, 200)}`, delivery.status)
    let callback: unknown
    try {
      callback = JSON.parse(delivery.text)
    } catch {
      return fail('endpoint.garbage', `the endpoint answered ${delivery.status} with a body that is not JSON: ${JSON.stringify(delivery.text.slice(0, 80))}`, delivery.status)
    }
    // The HTTP answer is the callback: the registry checks it as its callback endpoint would.
    const taken = registry.respond(opened.id, callback)
    if (taken.status < 200 || taken.status > 299)
      return fail('endpoint.callback', `the callback was refused (${taken.status}): ${JSON.stringify(taken.body).slice(0, 400)}`, delivery.status)
    const cb = callback as InteractionResponseJSON
    const answered: InvokeAnswered = {
      outcome: 'answered',
      interaction,
      callback: cb,
      access,
      ms: delivery.ms,
      ...watch(registry, opened.id),
    }
    return cb.type === 8 ? { ...answered, choices: cb.data.choices } : answered
  }

  /** Everything before delivery: the client's resolution and checks, access, the version check, the payload. */
  private prepare(input: InvokeInput): InvokeRefused | InvokeChecked {
    const typed: TypedCommand | { code: 'line.syntax'; message: string } = typeof input.command === 'string' ? parseLine(input.command) : fromStructured(input.command)
    if ('code' in typed) return refusal(typed.code, [], typed.message)
    const app = input.applicationId
    const scene = this.scene(input)
    const { locale, inGuild, guildId } = scene

    const name = typed.path[0] as string
    // A target means a context-menu command (USER or MESSAGE), else CHAT_INPUT.
    const types = typed.target === undefined ? [1] : [2, 3]
    const named = (c: ApplicationCommand) => types.includes(c.type ?? 1) && localizedText(c.name, c.name_localizations, locale) === name
    const candidates = this.listed(scene).filter(named)
    if (candidates.length === 0) {
      for (const other of input.otherGuilds ?? []) candidates.push(...this.host.state.commands(app, other).filter(named))
      if (candidates.length === 0) return refusal('command.unknown', [], `/${name} is not a command of application ${app} here (for locale ${locale})`)
    }
    let denied: CanUseResult | undefined
    let command: ApplicationCommand | undefined
    let access: CanUseResult | undefined
    for (const c of candidates) {
      const verdict = this.access(scene, c)
      if (verdict.allowed) {
        command = c
        access = verdict
        break
      }
      denied ??= verdict
    }
    if (command === undefined || access === undefined) {
      const d = denied as CanUseResult
      return refusal(`access.${d.because}`, [], `/${name}: ${d.message}`, d)
    }

    const focused = typed.target === undefined ? input.focused : undefined
    const built =
      typed.target === undefined
        ? buildOptions(command, typed, locale, scene.index, inGuild ? guildId : undefined, focused)
        : targetOptions(buildTarget(command.type, typed.target, input.user, scene.index, new Map((input.messages ?? []).map((m) => [m.id, m])), inGuild, scene.channel.id))
    if ('code' in built) return refusal((built as Refusal<InvokeRefusalCode>).code, built.path, built.message)

    // "Command endpoints" rule 1 (read-repair): an outdated copy of a global command is refused and reloaded.
    if (command.guild_id === undefined) {
      const copies = this.clientCopies(app, input.user.id)
      const current = this.host.state.commands(app).find((c) => c.id === (command as ApplicationCommand).id)
      if (current === undefined) {
        copies.delete(command.id)
        return refusal('command.unknown', [], `/${name} no longer exists; the client's list is reloaded`)
      }
      if (current.version !== command.version) {
        copies.set(command.id, current)
        return refusal('command.outdated', [], `/${name} is outdated (version ${command.version}, now ${current.version}); the client reloaded it, try again`)
      }
    }
    const interaction = this.payload(input, scene, command, built.options, built.resolved, focused === undefined ? 2 : 4)
    if (built.targetId !== undefined) interaction.data.target_id = built.targetId
    return { outcome: 'checked', interaction, access }
  }

  private payload(
    input: InvokeInput,
    scene: Scene,
    command: ApplicationCommand,
    options: Interaction['data']['options'],
    resolved: Interaction['data']['resolved'],
    type: 2 | 4,
  ): Interaction {
    const id = this.ids.next()
    const data: Interaction['data'] = { id: command.id, name: command.name, type: command.type }
    if (options !== undefined && options.length > 0) data.options = options
    if (resolved !== undefined && Object.keys(resolved).length > 0) data.resolved = resolved
    if (command.guild_id !== undefined) data.guild_id = command.guild_id
    // Spec "Interaction payloads": data.version is carried in autocomplete.
    if (type === 4) data.version = command.version
    const interaction: Interaction = {
      id,
      application_id: input.applicationId,
      type,
      token: interactionToken(id),
      version: 1,
      channel_id: scene.channel.id,
      locale: scene.locale,
      app_permissions: input.appPermissions ?? DEFAULT_APP_PERMISSIONS,
      data,
      context: scene.context as Interaction['context'] & number,
    }
    if (scene.inGuild) {
      interaction.guild_id = scene.guildId as string
      interaction.guild_locale = input.place?.guild?.locale ?? 'en-US'
      interaction.member = { ...wireMember(input.user, scene.index), user: wireUser(input.user) }
    } else interaction.user = wireUser(input.user)
    ;(interaction as { channel?: unknown }).channel = wireChannel(scene.channel, scene.inGuild, scene.held)
    return interaction
  }

}

/** A USER or MESSAGE target in the shape of built options: no options, its resolved objects and target id. */
function targetOptions(t: ReturnType<typeof buildTarget>): BuiltOptions | Refusal<TargetRefusalCode> {
  return 'code' in t ? t : { options: [], resolved: t.resolved, path: [], targetId: t.targetId }
}
