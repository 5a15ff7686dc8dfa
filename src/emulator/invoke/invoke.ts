/**
 * `emulator.invoke`, `press`, `choose` and `submit`: the emulator plays the user
 * and the service. It resolves a typed command line as the chat client does
 * (options.ts), refuses what the user could not see or use (`canUse`,
 * docs/permissions.md), applies the version check of global commands ("Command
 * endpoints" rule 1), builds the interaction the service would send ("Interaction
 * payloads received by the application"), signs it and delivers it to the app's
 * endpoint (deliver.ts), and reads the callback. The same for a button pressed, a
 * select chosen in a message the app sent, or a modal it showed, submitted
 * (components.ts; public API v10 interaction types 3 and 5).
 */
import {
  canUse,
  CommandType,
  FILE_SIZE_DEFAULT,
  EntryPointHandler,
  InteractionCallbackType,
  InteractionContextType,
  InteractionType,
  localizedText,
  type ApplicationCommand,
  type CanUseResult,
  type ContextArg,
  type GuildCommandPermissions,
  type Interaction,
  type InteractionOption,
} from '../../internal.js'
import type { EmulatorApplication } from '../auth.js'
import { interactionToken, type Snowflakes } from '../model.js'
import { fromStructured, parseLine, type TypedCommand } from './line.js'
import { buildOptions, heldString, type BuiltOptions, type Refusal } from './options.js'
import { Keyring } from './signing.js'
import { buildTarget, type TargetRefusalCode } from './targets.js'
import { Actor } from './act.js'
import { botlessPermissions, DEFAULT_APP_PERMISSIONS, dmPermissions, refusal, send, type SendContext } from './send.js'
import { serviceContext } from './deliver.js'
import { ownersOf } from './owners.js'
import { shownCommand } from './shown.js'
import { unknownCommandHint } from './unknown-command.js'
import { checkInput } from './fields.js'
import { indexOf, wireChannel, wireMember, wireUser, type InvokeChannel, type InvokePlace, type Index } from './world.js'
import type { InvokeHost, PickerInput, InvokeInput, InvokeRefusalCode, InvokeRefused, InvokeAnswered, InvokeResult, InvokeChecked, PickerEntry } from './invoke-types.js'

interface Scene {
  readonly input: PickerInput
  readonly locale: string
  readonly guildId: string | undefined
  readonly context: number
  readonly inGuild: boolean
  /** Whether the app is installed in the guild (GUILD_INSTALL); its guild commands are there only then. */
  readonly guildInstalled: boolean
  readonly channel: InvokeChannel
  readonly index: Index
  readonly held: string
  readonly overwrites: GuildCommandPermissions[]
}

const DEFAULT_GUILD_CHANNEL = '100000000000000001'
const DEFAULT_DM_CHANNEL = '100000000000000002'

function contextOf(place: InvokePlace): number {
  const c: ContextArg | undefined = place.context
  if (c === undefined) return place.guild === undefined ? InteractionContextType.BotDm : InteractionContextType.Guild
  return typeof c === 'string' ? InteractionContextType[c] : c
}

/** The invocations of one emulator: its key pairs, each user's copies of global commands, its interaction ids. */
export class Invoker {
  readonly keys: Keyring
  /** What a delivery needs: the registry, the keys, the clock. */
  private readonly ctx: SendContext
  /** Presses, choices and modal submits (act.ts). */
  readonly acts: Actor
  /** "Command endpoints" rule 1: each user's client holds copies of the global commands, by `${app}/${user}`. */
  private readonly copies = new Map<string, Map<string, ApplicationCommand>>()
  /** Where each configured application is installed (`applications[].installs`). */
  private readonly installs: ReadonlyMap<string, EmulatorApplication['installs']>
  constructor(
    private readonly host: InvokeHost,
    clock: () => number,
    /** The emulator's one snowflake generator: ids never repeat across commands, interactions and messages. */
    private readonly ids: Snowflakes,
    signingKey?: string,
    apps: readonly EmulatorApplication[] = [],
  ) {
    this.keys = new Keyring(signingKey, new Map(apps.flatMap((a) => (a.signingKey === undefined ? [] : [[a.id, a.signingKey] as const]))))
    this.installs = new Map(apps.map((a) => [a.id, a.installs]))
    this.ctx = {
      registry: host.interactions,
      keys: this.keys,
      clock,
      endpointOf: (app) => host.endpointOf(app),
      gateway: host.gateway,
      service: serviceContext(host.baseUrl, host.fetch),
    }
    this.acts = new Actor(this.ctx, ids)
  }

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
    checkInput(input)
    const place = input.place ?? {}
    const guildId = place.guild?.id
    const context = contextOf(place)
    const inGuild = guildId !== undefined && context === InteractionContextType.Guild
    const channel: InvokeChannel = place.channel ?? { id: inGuild ? DEFAULT_GUILD_CHANNEL : DEFAULT_DM_CHANNEL }
    const index = indexOf(input, [input.user], [channel], inGuild ? guildId : undefined)
    this.host.interactions.files.declare(input.attachments)
    const held = heldString(index, input.user.id)
    const overwrites = guildId === undefined ? [] : this.host.state.permissions(input.applicationId, guildId)
    const installs = this.installs.get(input.applicationId)
    const guildInstalled = place.guild?.installed ?? (installs?.guilds === undefined || installs.guilds.includes(guildId as string))
    return { input, locale: input.locale ?? 'en-US', guildId, context, inGuild, guildInstalled, channel, index, held, overwrites }
  }

  /** Whether the user installed the app: as the input says, else as the application's `installs.users` lists (everyone without it). */
  private userInstalled(input: PickerInput): boolean {
    const users = this.installs.get(input.applicationId)?.users
    return input.user.installed ?? (users === undefined || users.includes(input.user.id))
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
    return [...(scene.inGuild && scene.guildInstalled ? this.host.state.commands(app, scene.guildId) : []), ...this.clientCopies(app, scene.input.user.id).values()]
  }

  /**
   * The CHAT_INPUT commands the client offers this user here, as shown in the
   * user's locale, with `canUse`'s verdict for each (spec "Command permission
   * endpoints" rule 3: a user lacking permission does not see the command).
   */
  picker(input: PickerInput): PickerEntry[] {
    const scene = this.scene(input)
    return this.listed(scene)
      .filter((c) => (c.type ?? 1) === 1 && ownersOf(c, { ...scene, userId: input.user.id, userInstalled: this.userInstalled(input) }) !== undefined)
      .map((c) => ({ ...shownCommand(c, scene.locale), access: this.access(scene, c) }))
  }

  async invoke(input: InvokeInput): Promise<InvokeResult> {
    const prepared = this.prepare(input)
    if (prepared.outcome !== 'checked' || input.deliver === false) return prepared
    const focused = input.focused === undefined ? undefined : focusedType(prepared.interaction.data.options)
    const r = await send(this.ctx, input, prepared.interaction, input.user.id, focused === undefined ? {} : { focusedType: focused })
    if (r.outcome !== 'answered') return r
    const answered: InvokeAnswered = { ...r, access: prepared.access }
    return r.callback.type === InteractionCallbackType.ApplicationCommandAutocompleteResult ? { ...answered, choices: r.callback.data.choices } : answered
  }

  /** Everything before delivery: the client's resolution and checks, access, the version check, the payload. */
  private prepare(input: InvokeInput): InvokeRefused | InvokeChecked {
    const typed: TypedCommand | { code: 'line.syntax'; message: string } = typeof input.command === 'string' ? parseLine(input.command) : fromStructured(input.command)
    if ('code' in typed) return refusal(typed.code, [], typed.message)
    const app = input.applicationId
    const scene = this.scene(input)
    const { locale, inGuild, guildId } = scene

    const name = typed.path[0] as string
    // A target means a context-menu command (USER or MESSAGE), else CHAT_INPUT, or the
    // entry point (PRIMARY_ENTRY_POINT, 4: the App Launcher starts it by its name; public API v10).
    const types: readonly number[] = typed.target === undefined ? [CommandType.ChatInput, CommandType.PrimaryEntryPoint] : [CommandType.User, CommandType.Message]
    const named = (c: ApplicationCommand) => types.includes(c.type ?? 1) && localizedText(c.name, c.name_localizations, locale) === name
    const listed = this.listed(scene)
    const candidates = listed.filter(named).sort((a, b) => (a.type ?? 1) - (b.type ?? 1))
    if (candidates.length === 0) {
      for (const other of input.otherGuilds ?? []) candidates.push(...this.host.state.commands(app, other).filter(named))
      if (candidates.length === 0)
        return refusal(
          'command.unknown',
          [],
          `${typed.target === undefined ? `/${name}` : `'${name}'`} is not a command of application ${app} here (for locale ${locale})${unknownCommandHint(listed, typed, locale)}`,
        )
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

    // "Other command rules" 3: with DISCORD_LAUNCH_ACTIVITY the service launches the Activity itself; the app gets nothing.
    if (command.type === CommandType.PrimaryEntryPoint && command.handler === EntryPointHandler.DiscordLaunchActivity)
      return refusal('entry_point.service', [], `/${name}: the service launches the Activity (handler 2); the app gets nothing`)
    const owners = ownersOf(command, { ...scene, userId: input.user.id, userInstalled: this.userInstalled(input) })
    if (owners === undefined)
      return refusal('install.missing', [], `/${name}: no installation of the app here authorizes it (integration_types ${JSON.stringify(command.integration_types ?? [0])})`)
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
    const interaction = this.payload(
      input,
      scene,
      command,
      built.options,
      built.resolved,
      focused === undefined ? InteractionType.ApplicationCommand : InteractionType.ApplicationCommandAutocomplete,
    )
    interaction.authorizing_integration_owners = owners
    if (built.targetId !== undefined) interaction.data.target_id = built.targetId
    return { outcome: 'checked', interaction, access }
  }

  private payload(
    input: InvokeInput,
    scene: Scene,
    command: ApplicationCommand,
    options: Interaction['data']['options'],
    resolved: Interaction['data']['resolved'],
    type: typeof InteractionType.ApplicationCommand | typeof InteractionType.ApplicationCommandAutocomplete,
  ): Interaction {
    const id = this.ids.next()
    const data: Interaction['data'] = { id: command.id, name: command.name, type: command.type }
    if (options !== undefined && options.length > 0) data.options = options
    if (resolved !== undefined && Object.keys(resolved).length > 0) data.resolved = resolved
    if (command.guild_id !== undefined) data.guild_id = command.guild_id
    // Spec "Interaction payloads": data.version is carried in autocomplete.
    if (type === InteractionType.ApplicationCommandAutocomplete) data.version = command.version
    const interaction: Interaction = {
      id,
      application_id: input.applicationId,
      type,
      token: interactionToken(id),
      version: 1,
      channel_id: scene.channel.id,
      locale: scene.locale,
      app_permissions: input.appPermissions ?? (!scene.inGuild ? dmPermissions(scene.context) : scene.guildInstalled ? DEFAULT_APP_PERMISSIONS : botlessPermissions(scene.index)),
      data,
      context: scene.context as Interaction['context'] & number,
      // Public API v10: every interaction carries both; the emulator plays no monetization and no boosts.
      entitlements: [],
      attachment_size_limit: FILE_SIZE_DEFAULT,
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

/** Autocomplete: the type of the focused option, wherever it is in the options tree. */
function focusedType(options: readonly InteractionOption[] | undefined): number | undefined {
  for (const o of options ?? []) {
    if (o.focused === true) return o.type
    const inner = focusedType(o.options)
    if (inner !== undefined) return inner
  }
  return undefined
}

/** A USER or MESSAGE target in the shape of built options: no options, its resolved objects and target id. */
function targetOptions(t: ReturnType<typeof buildTarget>): BuiltOptions | Refusal<TargetRefusalCode> {
  return 'code' in t ? t : { options: [], resolved: t.resolved, path: [], targetId: t.targetId }
}
