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
  InteractionContextType,
  localizedText,
  MessageFlag,
  type AnyInteraction,
  type ApplicationCommand,
  type CanUseResult,
  type ComponentInteraction,
  type ContextArg,
  type GuildCommandPermissions,
  type Interaction,
  type InteractionOption,
  type InteractionResponseJSON,
  type Issue,
  type ModalSubmitInteraction,
} from '../../internal.js'
import type { Kept, Open } from '../interactions.js'
import { copy, interactionToken, type Snowflakes } from '../model.js'
import { allComponents, componentData, componentOf, modalSubmit, type SentComponent } from './components.js'
import { CALLBACK_TIMEOUT_MS, deliver } from './deliver.js'
import { fromStructured, parseLine, type TypedCommand } from './line.js'
import { buildOptions, heldString, type BuiltOptions, type Refusal } from './options.js'
import { Keyring } from './signing.js'
import { buildTarget, type TargetRefusalCode } from './targets.js'
import { watch } from './transcript.js'
import { shownCommand } from './shown.js'
import { checkIds, indexOf, wireChannel, wireMember, wireUser, type InvokeChannel, type InvokePlace, type Index } from './world.js'
import type {
  ActInput,
  Answered,
  ChooseInput,
  ComponentRefusalCode,
  ComponentResult,
  Delivery,
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
  ModalResult,
  PickerEntry,
  PressInput,
  SubmitInput,
} from './invoke-types.js'

/** Where a user acts on a message or a modal: the declared world, the source interaction's payload and channel. */
interface ActScene {
  readonly index: Index
  readonly inGuild: boolean
  readonly from: Readonly<Record<string, unknown>>
  readonly channel: InvokeChannel
}

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
    const focused = input.focused === undefined ? undefined : focusedType(prepared.interaction.data.options)
    const r = await this.send(input, prepared.interaction, input.user.id, focused === undefined ? {} : { focusedType: focused })
    if (r.outcome !== 'answered') return r
    const answered: InvokeAnswered = { ...r, access: prepared.access }
    return r.callback.type === 8 ? { ...answered, choices: r.callback.data.choices } : answered
  }

  /**
   * Opens the interaction at the registry (the id and token its callback and webhook
   * endpoints accept), signs it, delivers it, and hands the HTTP answer to the
   * registry as the callback (checked as the callback endpoint would). While the
   * answer is taken, the app's webhook calls wait for it (`registry.delivery`).
   */
  private async send<I extends AnyInteraction & { type: 2 | 3 | 4 | 5; channel_id?: string; guild_id?: string }>(
    input: Delivery & { readonly applicationId?: string | undefined },
    prepared: I,
    userId: string,
    extra: { readonly focusedType?: number; readonly message?: string },
  ): Promise<InvokeFailed<I> | Answered<I>> {
    const app = prepared.application_id
    const registry = this.host.interactions
    const opened = registry.open(app, {
      type: prepared.type,
      channelId: prepared.channel_id as string,
      userId,
      ...(prepared.guild_id === undefined ? {} : { guildId: prepared.guild_id }),
      ...(extra.focusedType === undefined ? {} : { focusedType: extra.focusedType }),
      ...(extra.message === undefined ? {} : { message: { id: extra.message } }),
    })
    const interaction = { ...prepared, id: opened.id, token: opened.token } as I
    const entry = registry.entry(opened.id) as Open
    entry.payload = interaction as unknown as Record<string, unknown>
    const body = JSON.stringify(interaction)
    const key = await this.keys.key(app)
    const headers = { 'content-type': 'application/json', 'user-agent': 'slashkit-emulator', ...(await key.sign(body, this.clock() / 1000)) }
    const timeoutMs = input.timeoutMs ?? CALLBACK_TIMEOUT_MS
    const delivery = registry.delivery(opened.id)
    try {
      const out = await deliver(input.endpoint, body, headers, timeoutMs, delivery.answered)
      const fail = (code: InvokeFailureCode, message: string, status?: number): InvokeFailed<I> =>
        status === undefined ? { outcome: 'failed', code, message, interaction, ms: out.ms } : { outcome: 'failed', code, message, status, interaction, ms: out.ms }
      if (out.kind === 'timeout') return fail('endpoint.timeout', `the endpoint did not answer within ${timeoutMs} ms; the user sees "The application did not respond"`)
      if (out.kind === 'error') return fail(out.code, out.message)
      if (out.status < 200 || out.status > 299) return fail('endpoint.status', `the endpoint answered ${out.status}: ${out.text.slice(0, 200)}`, out.status)
      let callback: unknown
      try {
        callback = JSON.parse(out.text)
      } catch {
        return fail('endpoint.garbage', `the endpoint answered ${out.status} with a body that is not JSON: ${JSON.stringify(out.text.slice(0, 80))}`, out.status)
      }
      // The HTTP answer is the callback: the registry checks it as its callback endpoint would.
      const taken = registry.respond(opened.id, callback)
      if (taken.status < 200 || taken.status > 299) {
        const body = taken.body as { code: number; issues?: readonly Issue[] }
        const failed = fail('endpoint.callback', `the callback was refused (${taken.status}): ${JSON.stringify(taken.body).slice(0, 400)}`, out.status)
        return { ...failed, refusal: { code: body.code, issues: body.issues ?? [] } }
      }
      return { outcome: 'answered', interaction, callback: callback as InteractionResponseJSON, ms: out.ms, ...watch(registry, opened.id, this.clock) }
    } finally {
      delivery.done()
    }
  }

  /** A button pressed: the client's checks, then the MESSAGE_COMPONENT interaction (type 3), delivered. */
  press(input: PressInput): Promise<ComponentResult> {
    return this.component(input, undefined)
  }

  /** Values chosen in a select menu: the same, with `data.values` (and `data.resolved` for the entity selects). */
  choose(input: ChooseInput): Promise<ComponentResult> {
    return this.component(input, input.values)
  }

  private async component(input: PressInput, values: readonly string[] | undefined): Promise<ComponentResult> {
    checkActor(input)
    const found = this.findMessage(input)
    if ('code' in found) return refusal(found.code, found.path, found.message)
    const { kept, component } = found
    const scene = this.actScene(input, kept.source)
    const data = componentData(component, values, scene.index, scene.inGuild)
    if ('code' in data) return refusal(data.code, data.path, data.message)
    const interaction = this.base(input, scene, kept.source.opened.applicationId) as unknown as ComponentInteraction
    interaction.type = 3
    interaction.data = { ...data, ...(data.values === undefined ? {} : { values: [...data.values] }) }
    interaction.message = copy(kept.message) as unknown as ComponentInteraction['message']
    if (input.deliver === false) return { outcome: 'checked', interaction }
    return this.send(input, interaction, input.user.id, { message: kept.message.id })
  }

  /** The message a component is pressed on, and the component, or why the client would not show it to this user. */
  private findMessage(input: PressInput): { kept: Kept; component: SentComponent } | Refusal<ComponentRefusalCode> {
    const registry = this.host.interactions
    const id = typeof input.message === 'string' ? input.message : input.message?.id
    const visible = (k: Kept): Refusal<ComponentRefusalCode> | undefined => {
      const ephemeral = ((k.message.flags ?? 0) & MessageFlag.Ephemeral) !== 0
      if (input.applicationId !== undefined && k.source.opened.applicationId !== input.applicationId)
        return { code: 'message.unknown', path: ['message'], message: `message ${k.message.id} is not a message of application ${input.applicationId}` }
      if (ephemeral && k.source.userId !== undefined && k.source.userId !== input.user.id)
        return { code: 'message.ephemeral', path: ['message'], message: `message ${k.message.id} is ephemeral: only the user it answered (${k.source.userId}) sees it` }
      // The client holds an ephemeral message while its interaction lives: after 15 minutes it is gone.
      if (ephemeral && this.clock() > k.source.opened.expiresAt)
        return {
          code: 'message.expired',
          path: ['message'],
          message: `message ${k.message.id} is ephemeral and its interaction's 15 minutes are over: the client no longer shows it`,
        }
      return undefined
    }
    if (id === undefined) {
      // The newest message this user sees that holds the component.
      for (const k of registry.keptMessages()) {
        const component = componentOf(k.message.components, input.customId)
        if (component !== undefined && visible(k) === undefined) return { kept: k, component }
      }
      return { code: 'component.unknown', path: ['components', input.customId], message: `no message this user can see holds a component '${input.customId}'` }
    }
    const kept = registry.kept(id)
    if (kept === undefined) return { code: 'message.unknown', path: ['message'], message: `message ${id} is not a message the app sent (or it was deleted)` }
    const hidden = visible(kept)
    if (hidden !== undefined) return hidden
    const component = componentOf(kept.message.components, input.customId)
    if (component === undefined) {
      const ids = allComponents(kept.message.components).flatMap((c) => (c.custom_id === undefined ? [] : [c.custom_id]))
      return { code: 'component.unknown', path: ['components', input.customId], message: `message ${id} has no component '${input.customId}' (it has ${ids.join(', ') || 'none'})` }
    }
    return { kept, component }
  }

  /** A modal filled and submitted: the client's checks, then the MODAL_SUBMIT interaction (type 5), delivered. */
  async submit(input: SubmitInput): Promise<ModalResult> {
    checkActor(input)
    const registry = this.host.interactions
    const open = registry
      .openModals()
      .find(
        (i) =>
          (input.interaction === undefined || i.opened.id === input.interaction) &&
          (i.userId === undefined || i.userId === input.user.id) &&
          (input.applicationId === undefined || i.opened.applicationId === input.applicationId) &&
          (input.customId === undefined || (i.modal as { custom_id?: unknown }).custom_id === input.customId),
      )
    if (open === undefined) {
      const which = input.interaction === undefined ? '' : ` by interaction ${input.interaction}`
      return refusal('modal.unknown', ['modal'], `no modal${input.customId === undefined ? '' : ` '${input.customId}'`} shown${which} is open for user ${input.user.id}`)
    }
    const modal = open.modal as { custom_id: string; title: string; components: SentComponent[] }
    const scene = this.actScene(input, open)
    const fields = typeof input.fields === 'object' && input.fields !== null ? input.fields : {}
    const submitted = modalSubmit(modal, fields, scene.index, scene.inGuild)
    if ('code' in submitted) return refusal(submitted.code, submitted.path, submitted.message)
    const interaction = this.base(input, scene, open.opened.applicationId) as unknown as ModalSubmitInteraction
    interaction.type = 5
    interaction.data = { custom_id: modal.custom_id, components: submitted.components, ...(submitted.resolved === undefined ? {} : { resolved: submitted.resolved }) }
    // A modal shown in answer to a component comes back with that component's message.
    const source = open.message === undefined ? undefined : registry.kept(open.message)
    if (source !== undefined) interaction.message = copy(source.message) as unknown as ModalSubmitInteraction['message'] & object
    if (input.deliver === false) return { outcome: 'checked', interaction }
    // Submitting closes the modal, whatever the app answers.
    registry.closeModal(open)
    return this.send(input, interaction, input.user.id, source === undefined ? {} : { message: source.message.id })
  }

  /**
   * Where a component's message or a modal is: the guild, channel and context of the
   * interaction it came from; the acting user and the declared objects.
   */
  private actScene(input: ActInput, source: Open): ActScene {
    const from = source.payload ?? {}
    const guildId = (from.guild_id as string | undefined) ?? source.opened.guildId
    const inGuild = guildId !== undefined && (from.context === undefined || from.context === InteractionContextType.Guild)
    const wired = from.channel as { id: string; type?: number; name?: string | null; parent_id?: string } | undefined
    const channel: InvokeChannel = {
      id: source.opened.channelId,
      ...(wired?.type === undefined ? {} : { type: wired.type as InvokeChannel['type'] & number }),
      ...(typeof wired?.name === 'string' ? { name: wired.name } : {}),
      ...(wired?.parent_id === undefined ? {} : { parentId: wired.parent_id }),
    }
    return { index: indexOf(input, [input.user], [channel], inGuild ? guildId : undefined), inGuild, from, channel }
  }

  /** The fields every interaction started from a message or a modal carries: who, where (the source's), the token to come. */
  private base(input: ActInput, scene: ActScene, app: string): Record<string, unknown> {
    const from = scene.from
    const id = this.ids.next()
    const out: Record<string, unknown> = {
      id,
      application_id: app,
      type: 3,
      token: interactionToken(id),
      version: 1,
      channel_id: scene.channel.id,
      locale: input.locale ?? 'en-US',
      app_permissions: input.appPermissions ?? from.app_permissions ?? DEFAULT_APP_PERMISSIONS,
      ...(from.context === undefined ? {} : { context: from.context }),
    }
    if (scene.inGuild) {
      out.guild_id = scene.index.guildId
      out.guild_locale = from.guild_locale ?? 'en-US'
      out.member = { ...wireMember(input.user, scene.index), user: wireUser(input.user) }
    } else out.user = wireUser(input.user)
    // The channel with the acting user's permissions in it.
    out.channel = wireChannel(scene.channel, scene.inGuild, heldString(scene.index, input.user.id))
    return out
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

/** Autocomplete: the type of the focused option, wherever it is in the options tree. */
function focusedType(options: readonly InteractionOption[] | undefined): number | undefined {
  for (const o of options ?? []) {
    if (o.focused === true) return o.type
    const inner = focusedType(o.options)
    if (inner !== undefined) return inner
  }
  return undefined
}

/** The ids of an act (the user, the declared objects) must be snowflakes: a mistake in the test, said at once. */
const checkActor = (input: ActInput): void => checkIds({ ...input, applicationId: input.applicationId ?? '0' })

/** A USER or MESSAGE target in the shape of built options: no options, its resolved objects and target id. */
function targetOptions(t: ReturnType<typeof buildTarget>): BuiltOptions | Refusal<TargetRefusalCode> {
  return 'code' in t ? t : { options: [], resolved: t.resolved, path: [], targetId: t.targetId }
}
