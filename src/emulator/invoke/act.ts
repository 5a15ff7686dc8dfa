/**
 * The user acting on what the app sent: a button pressed or values chosen in a
 * message (MESSAGE_COMPONENT, type 3), a modal filled and submitted (MODAL_SUBMIT,
 * type 5), public API v10. The client's checks (components.ts), then the payload:
 * where the message or the modal is (the guild, channel and context of the
 * interaction it came from), the acting user as a member there, the token to come;
 * delivered like a command (send.ts).
 */
import { FILE_SIZE_DEFAULT, InteractionContextType, InteractionType, MessageFlag, type ComponentInteraction, type ModalSubmitInteraction } from '../../internal.js'
import type { Kept, Open } from '../interactions.js'
import { copy, interactionToken, type Snowflakes } from '../model.js'
import { allComponents, componentData, componentOf, componentsNamed, modalSubmit, type SentComponent } from './components.js'
import type { ActInput, ChooseInput, ComponentRefusalCode, ComponentResult, ModalResult, PressInput, SubmitInput } from './invoke-types.js'
import { heldString, type Refusal } from './options.js'
import { interactionMetadata } from '../interaction-metadata.js'
import { DEFAULT_APP_PERMISSIONS, refusal, send, type SendContext } from './send.js'
import { checkInput } from './fields.js'
import { indexOf, wireChannel, wireMember, wireUser, type Index, type InvokeChannel } from './world.js'

/** Where a user acts on a message or a modal: the declared world, the source interaction's payload and channel. */
interface ActScene {
  readonly index: Index
  readonly inGuild: boolean
  readonly from: Readonly<Record<string, unknown>>
  readonly channel: InvokeChannel
}

/** The ids of an act (the user, the declared objects) must be snowflakes, and its fields known: a mistake in the test, said at once. */
const checkActor = (input: ActInput): void => checkInput({ ...input, applicationId: input.applicationId ?? '0' })

/** `press`, `choose` and `submit` of one emulator. */
export class Actor {
  constructor(
    private readonly ctx: SendContext,
    private readonly ids: Snowflakes,
  ) {}

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
    return send(this.ctx, input, interaction, input.user.id, { message: kept.message.id })
  }

  /** The message a component is pressed on, and the component, or why the client would not show it to this user. */
  private findMessage(input: PressInput): { kept: Kept; component: SentComponent } | Refusal<ComponentRefusalCode> {
    const registry = this.ctx.registry
    const id = typeof input.message === 'string' ? input.message : input.message?.id
    const visible = (k: Kept): Refusal<ComponentRefusalCode> | undefined => {
      const ephemeral = ((k.message.flags ?? 0) & MessageFlag.Ephemeral) !== 0
      if (input.applicationId !== undefined && k.source.opened.applicationId !== input.applicationId)
        return { code: 'message.unknown', path: ['message'], message: `message ${k.message.id} is not a message of application ${input.applicationId}` }
      if (ephemeral && k.source.userId !== undefined && k.source.userId !== input.user.id)
        return { code: 'message.ephemeral', path: ['message'], message: `message ${k.message.id} is ephemeral: only the user it answered (${k.source.userId}) sees it` }
      // The client holds an ephemeral message while its interaction lives: after 15 minutes it is gone.
      if (ephemeral && this.ctx.clock() > k.source.opened.expiresAt)
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
        if (visible(k) !== undefined) continue
        const named = componentsNamed(k.message.components, input.customId)
        if (named.length === 1) return { kept: k, component: named[0] as SentComponent }
        // A label or a route's name that several components share: say which there are, to name one.
        if (named.length > 1)
          return {
            code: 'component.unknown',
            path: ['components', input.customId],
            message: `'${input.customId}' names ${named.length} components of message ${k.message.id} (${listed(named)}): name one by its label or its custom_id`,
          }
      }
      return {
        code: 'component.unknown',
        path: ['components', input.customId],
        message: `no message this user can see holds a component '${input.customId}'${this.sameRoute(input.customId, visible)}`,
      }
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

  /**
   * For a `custom_id` of a route (`name:...`) that no message holds: the components of
   * that route this user can see, in the newest message that has some. A route packs
   * its values into the `custom_id`, so a test that gives them other values than the
   * app did (another poll's id) names a component no message holds.
   */
  private sameRoute(customId: unknown, hidden: (k: Kept) => unknown): string {
    // A hostile customId (not a string) is refused as none; nothing to name beside it.
    const name = typeof customId === 'string' ? customId.slice(0, Math.max(0, customId.indexOf(':'))) : ''
    if (name === '') return ''
    for (const k of this.ctx.registry.keptMessages()) {
      if (hidden(k) !== undefined) continue
      const made = componentsNamed(k.message.components, name).slice(0, 5)
      if (made.length === 0) continue
      return `; route '${name}' made ${listed(made)} in message ${k.message.id}: the values given to the route differ from the app's, or its shape changed`
    }
    return ''
  }

  /** A modal filled and submitted: the client's checks, then the MODAL_SUBMIT interaction (type 5), delivered. */
  async submit(input: SubmitInput): Promise<ModalResult> {
    checkActor(input)
    const registry = this.ctx.registry
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
      // What is open for the user instead: a modal of the same route shown with other values, most often.
      const theirs = registry
        .openModals()
        .filter((i) => i.userId === undefined || i.userId === input.user.id)
        .map((i) => `'${(i.modal as { custom_id: string }).custom_id}' ("${(i.modal as { title: string }).title}")`)
      const named = input.customId !== undefined || input.interaction !== undefined
      const instead = theirs.length > 0 ? `; open for them: ${theirs.slice(-3).join(', ')}` : named ? '; they have none open' : ''
      return refusal('modal.unknown', ['modal'], `no modal${input.customId === undefined ? '' : ` '${input.customId}'`} shown${which} is open for user ${input.user.id}${instead}`)
    }
    const modal = open.modal as { custom_id: string; title: string; components: SentComponent[] }
    const scene = this.actScene(input, open)
    const fields = typeof input.fields === 'object' && input.fields !== null ? input.fields : {}
    const submitted = modalSubmit(modal, fields, scene.index, scene.inGuild)
    if ('code' in submitted) return refusal(submitted.code, submitted.path, submitted.message)
    const interaction = this.base(input, scene, open.opened.applicationId) as unknown as ModalSubmitInteraction
    interaction.type = InteractionType.ModalSubmit
    interaction.data = { custom_id: modal.custom_id, components: submitted.components, ...(submitted.resolved === undefined ? {} : { resolved: submitted.resolved }) }
    // A modal shown in answer to a component comes back with that component's message.
    const source = open.message === undefined ? undefined : registry.kept(open.message)
    if (source !== undefined) interaction.message = copy(source.message) as unknown as ModalSubmitInteraction['message'] & object
    if (input.deliver === false) return { outcome: 'checked', interaction }
    // Submitting closes the modal, whatever the app answers.
    registry.closeModal(open)
    // Its messages' interaction_metadata names the interaction that showed the modal (OpenAPI ModalSubmitInteractionMetadataResponse).
    const triggering = interactionMetadata(open)
    return send(this.ctx, input, interaction, input.user.id, {
      ...(source === undefined ? {} : { message: source.message.id }),
      ...(triggering === undefined ? {} : { triggering }),
    })
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
    this.ctx.registry.files.declare(input.attachments)
    return { index: indexOf(input, [input.user], [channel], inGuild ? guildId : undefined), inGuild, from, channel }
  }

  /** The fields every interaction started from a message or a modal carries: who, where (the source's), the token to come. */
  private base(input: ActInput, scene: ActScene, app: string): Record<string, unknown> {
    const from = scene.from
    const id = this.ids.next()
    const out: Record<string, unknown> = {
      id,
      application_id: app,
      type: InteractionType.MessageComponent,
      token: interactionToken(id),
      version: 1,
      channel_id: scene.channel.id,
      locale: input.locale ?? 'en-US',
      app_permissions: input.appPermissions ?? from.app_permissions ?? DEFAULT_APP_PERMISSIONS,
      ...(from.context === undefined ? {} : { context: from.context }),
      // Public API v10: the installations that authorized the interaction the message or modal came from.
      ...(from.authorizing_integration_owners === undefined ? {} : { authorizing_integration_owners: { ...(from.authorizing_integration_owners as object) } }),
      entitlements: [],
      attachment_size_limit: FILE_SIZE_DEFAULT,
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
}

/** Components as a refusal names them: `"Label" = custom_id`, or the custom_id alone. */
const listed = (cs: readonly SentComponent[]): string => cs.map((c) => `${c.label === undefined ? '' : `${JSON.stringify(c.label)} = `}${c.custom_id}`).join(', ')
