/**
 * Message components as typed plain data: each factory returns a fresh JSON
 * object of the public API v10 shape (wire/components.ts), never shared and never
 * changed afterwards, so a component can be reused in many messages. The types
 * refuse what is cheap to see in literal lists (types.ts); every limit is checked
 * at run time when the message is (`validateInteractionResponse`,
 * `validateWebhookMessage`, and `createHandler` before it answers).
 */
import { ButtonStyle, ComponentType, SeparatorSpacing } from '../../wire/components.js'
import { argumentError, assertItems, assertList, assertObject, assertOptions, assertString } from '../../rules/arguments.js'
import type {
  ActionRowChildJSON,
  ActionRowJSON,
  ButtonJSON,
  ChannelSelectJSON,
  ComponentEmojiJSON,
  ContainerChildJSON,
  ContainerJSON,
  FileJSON,
  LinkButtonJSON,
  MediaGalleryItemJSON,
  MediaGalleryJSON,
  MentionableSelectJSON,
  MessageComponentJSON,
  PremiumButtonJSON,
  RoleSelectJSON,
  SectionJSON,
  SelectDefaultValueJSON,
  SelectOptionJSON,
  SeparatorJSON,
  StringSelectJSON,
  TextDisplayJSON,
  ThumbnailJSON,
  UserSelectJSON,
} from '../../wire/components.js'
import { ChannelType } from '../../wire/enums.js'
import { byName } from '../option.js'
import type { ChannelTypeInput } from '../types/options.js'
import type { Snowflake } from '../../wire/commands.js'
import type {
  AttachmentUrl,
  BoundCheck,
  ButtonIdCheck,
  ContainerChildren,
  CustomIdCheck,
  GalleryItems,
  MinCheck,
  OptionsCheck,
  RowCheck,
  SectionTexts,
  TextCheck,
} from './types.js'

/** An emoji: a Unicode one (`'👍'`), a custom one as the client writes it (`'<:name:id>'`, `'<a:name:id>'`), or its JSON. */
export type EmojiInput = string | ComponentEmojiJSON

const CUSTOM_EMOJI = /^<(a?):([\w~]{1,32}):(\d{1,20})>$/

/** The JSON of an emoji input; `fn` names the factory that took it, for the error of a wrong one. */
export function emojiOf(e: EmojiInput, fn: string): ComponentEmojiJSON {
  if (typeof e !== 'string') {
    assertObject(fn, 'emoji', e, "an emoji: '👍', '<:name:id>' or { id?, name?, animated? }")
    return { ...e }
  }
  const m = CUSTOM_EMOJI.exec(e)
  if (m === null) return { name: e }
  return m[1] === 'a' ? { id: m[3] as string, name: m[2] as string, animated: true } : { id: m[3] as string, name: m[2] as string }
}

/** `id`: a component's 32-bit identifier, unique within its message (public API v10). */
export interface WithId {
  readonly id?: number
}

/** The styles of a button that sends an interaction. */
export type ButtonStyleName = 'primary' | 'secondary' | 'success' | 'danger'

/** Options of `button`. */
export interface ButtonOptions extends WithId {
  /** Default `'primary'`. */
  readonly style?: ButtonStyleName
  readonly emoji?: EmojiInput
  readonly disabled?: boolean
}

/** Options of `linkButton`. */
export interface LinkButtonOptions extends WithId {
  readonly emoji?: EmojiInput
  readonly disabled?: boolean
}

/** The style of a name; any other value was silently primary, now it is named. */
function styleOf(name: ButtonStyleName | undefined): ButtonJSON['style'] {
  if (name === undefined || name === 'primary') return ButtonStyle.Primary
  if (name === 'secondary') return ButtonStyle.Secondary
  if (name === 'success') return ButtonStyle.Success
  if (name === 'danger') return ButtonStyle.Danger
  throw argumentError('button', 'options.style', "'primary', 'secondary', 'success' or 'danger' (linkButton and premiumButton make the link and premium styles)", name)
}

/** Copies the fields every component may carry and the optional flags. */
function common<T extends { id?: number; disabled?: boolean }>(out: T, o: { readonly id?: number; readonly disabled?: boolean } | undefined): T {
  if (o == null) return out
  if (o.id !== undefined) out.id = o.id
  if (o.disabled !== undefined) out.disabled = o.disabled
  return out
}

/**
 * A button that sends an interaction with its `custom_id` (styles primary,
 * secondary, success, danger). For a typed `custom_id`, make it from a route:
 * `vote.button({ choice: 'yes' }, 'Yes')`.
 *
 * @example
 * button('refresh', 'Refresh', { style: 'secondary', emoji: '🔄' })
 * // { type: 2, style: 2, custom_id: 'refresh', label: 'Refresh', emoji: { name: '🔄' } }
 */
export function button<const Id extends string, const L extends string>(customId: ButtonIdCheck<Id>, label?: TextCheck<L, 'a button label'>, options?: ButtonOptions): ButtonJSON {
  assertString('button', 'customId', customId)
  assertString('button', 'label', label, true)
  assertOptions('button', 'options', options)
  const out: ButtonJSON = { type: ComponentType.Button, style: styleOf(options?.style), custom_id: customId }
  if (label !== undefined) out.label = label
  if (options?.emoji !== undefined) out.emoji = emojiOf(options.emoji, 'button')
  return common(out, options)
}

/**
 * A link button (style 5): opens `url` (http, https or discord), sends no interaction.
 *
 * @example
 * linkButton('https://example.com/docs', 'Docs') // { type: 2, style: 5, url: 'https://example.com/docs', label: 'Docs' }
 */
export function linkButton<const L extends string>(url: string, label?: TextCheck<L, 'a button label'>, options?: LinkButtonOptions): LinkButtonJSON {
  assertString('linkButton', 'url', url)
  assertString('linkButton', 'label', label, true)
  assertOptions('linkButton', 'options', options)
  const out: LinkButtonJSON = { type: ComponentType.Button, style: ButtonStyle.Link, url }
  if (label !== undefined) out.label = label
  if (options?.emoji !== undefined) out.emoji = emojiOf(options.emoji, 'linkButton')
  return common(out, options)
}

/**
 * A premium button (style 6): buys the SKU `skuId`; it has no label, emoji or `custom_id`.
 *
 * @example
 * premiumButton('1180218955160375406') // { type: 2, style: 6, sku_id: '1180218955160375406' }
 */
export function premiumButton(skuId: Snowflake, options?: { readonly id?: number; readonly disabled?: boolean }): PremiumButtonJSON {
  assertString('premiumButton', 'skuId', skuId)
  assertOptions('premiumButton', 'options', options)
  return common({ type: ComponentType.Button, style: ButtonStyle.Premium, sku_id: skuId } as PremiumButtonJSON, options)
}

/**
 * Options every select menu takes; `P`, a literal placeholder, is held to 150
 * characters, and literal counts (`Lo`, `Hi`) to their ranges and to each other
 * (and, for a string select, `Lo` to the `Count` of its options).
 */
export interface SelectOptions<P extends string = string, Lo extends number = number, Hi extends number = number, Count extends number = number> extends WithId {
  /** Shown while nothing is chosen: at most 150 characters. */
  readonly placeholder?: TextCheck<P, 'a select placeholder'>
  /** How many values the user must pick (0 to 25, at most `maxValues`; default 1). */
  readonly minValues?: MinCheck<Lo, Hi, "a select's minValues", 'maxValues', Count>
  /** How many values the user may pick (1 to 25; default 1). */
  readonly maxValues?: BoundCheck<Hi, "a select's maxValues">
  readonly disabled?: boolean
  /** In a modal: whether an answer is required (default true). */
  readonly required?: boolean
}

/** A select's options as the run time reads them (the literal checks are the types'). */
type SelectBag = SelectOptions<string, number, number>

function selectBase<T extends { custom_id: string; placeholder?: string; min_values?: number; max_values?: number; required?: boolean }>(
  fn: string,
  out: T,
  bag: object | undefined,
): T {
  const o = bag as SelectBag | undefined
  assertString(fn, 'customId', out.custom_id)
  assertOptions(fn, 'props', o)
  if (o == null) return out
  if (o.placeholder !== undefined) out.placeholder = o.placeholder
  if (o.minValues !== undefined) out.min_values = o.minValues
  if (o.maxValues !== undefined) out.max_values = o.maxValues
  if (o.required !== undefined) out.required = o.required
  return common(out as T & { id?: number; disabled?: boolean }, o)
}

/** Options of `selectOption`; `D`, a literal description, is held to 100 characters. */
export interface SelectOptionOptions<D extends string = string> {
  readonly description?: TextCheck<D, 'a select option description'>
  readonly emoji?: EmojiInput
  /** Chosen when the menu is shown. */
  readonly default?: boolean
}

/**
 * One option of a string select: a label shown, a value sent (each 1-100 characters).
 *
 * @example
 * selectOption('Red', 'red', { emoji: '🟥' }) // { label: 'Red', value: 'red', emoji: { name: '🟥' } }
 */
export function selectOption<const L extends string, const V extends string, const D extends string = string>(
  label: TextCheck<L, 'a select option label'>,
  value: TextCheck<V, 'a select option value'>,
  options?: SelectOptionOptions<D>,
): SelectOptionJSON<V> {
  assertString('selectOption', 'label', label)
  assertString('selectOption', 'value', value)
  assertOptions('selectOption', 'options', options)
  const out: SelectOptionJSON<V> = { label, value: value as V }
  if (options?.description !== undefined) out.description = options.description
  if (options?.emoji !== undefined) out.emoji = emojiOf(options.emoji, 'selectOption')
  if (options?.default !== undefined) out.default = options.default
  return out
}

/**
 * A string select: 1 to 25 options (refused by the types for a literal list
 * outside that); its interaction carries the chosen values.
 *
 * @example
 * stringSelect('color', [selectOption('Red', 'red'), selectOption('Blue', 'blue')], { placeholder: 'Pick a colour' })
 */
export function stringSelect<
  const Id extends string,
  const O extends readonly SelectOptionJSON[],
  const P extends string = string,
  const Lo extends number = number,
  const Hi extends number = number,
>(customId: CustomIdCheck<Id>, options: OptionsCheck<O>, props?: SelectOptions<P, Lo, Hi, O['length']>): StringSelectJSON<O[number]['value']> & { custom_id: Id } {
  assertList('stringSelect', 'options', options, 'a list of selectOption(...)')
  assertItems('stringSelect', 'options', options as O, 'a selectOption(...)')
  return selectBase(
    'stringSelect',
    { type: ComponentType.StringSelect, custom_id: customId, options: (options as O).map((o) => ({ ...o })) } as StringSelectJSON<O[number]['value']> & { custom_id: Id },
    props,
  )
}

/** Options of the user, role and channel selects: the ids chosen when the menu is shown. */
export interface DefaultsOptions<P extends string = string, Lo extends number = number, Hi extends number = number> extends SelectOptions<P, Lo, Hi> {
  readonly defaults?: readonly Snowflake[]
}

function defaultsOf<T extends 'user' | 'role' | 'channel'>(fn: string, type: T, ids: readonly Snowflake[]): SelectDefaultValueJSON<T>[] {
  assertList(fn, 'props.defaults', ids, 'a list of ids')
  return ids.map((id) => ({ type, id }))
}

/**
 * A user select: the user picks members (their ids arrive, resolved).
 *
 * @example
 * userSelect('invite', { placeholder: 'Who?', maxValues: 5 })
 */
export function userSelect<const Id extends string, const P extends string = string, const Lo extends number = number, const Hi extends number = number>(
  customId: CustomIdCheck<Id>,
  props?: DefaultsOptions<P, Lo, Hi>,
): UserSelectJSON & { custom_id: Id } {
  const out = selectBase('userSelect', { type: ComponentType.UserSelect, custom_id: customId } as UserSelectJSON & { custom_id: Id }, props)
  if (props?.defaults !== undefined) out.default_values = defaultsOf('userSelect', 'user', props.defaults)
  return out
}

/**
 * A role select.
 *
 * @example
 * roleSelect('roles', { minValues: 0, maxValues: 3 })
 */
export function roleSelect<const Id extends string, const P extends string = string, const Lo extends number = number, const Hi extends number = number>(
  customId: CustomIdCheck<Id>,
  props?: DefaultsOptions<P, Lo, Hi>,
): RoleSelectJSON & { custom_id: Id } {
  const out = selectBase('roleSelect', { type: ComponentType.RoleSelect, custom_id: customId } as RoleSelectJSON & { custom_id: Id }, props)
  if (props?.defaults !== undefined) out.default_values = defaultsOf('roleSelect', 'role', props.defaults)
  return out
}

/**
 * A mentionable select: users and roles. Defaults name their kind.
 *
 * @example
 * mentionableSelect('notify', { defaults: [{ type: 'role', id: '41771983423143936' }] })
 */
export function mentionableSelect<const Id extends string, const P extends string = string, const Lo extends number = number, const Hi extends number = number>(
  customId: CustomIdCheck<Id>,
  props?: SelectOptions<P, Lo, Hi> & { readonly defaults?: readonly SelectDefaultValueJSON<'user' | 'role'>[] },
): MentionableSelectJSON & { custom_id: Id } {
  const out = selectBase('mentionableSelect', { type: ComponentType.MentionableSelect, custom_id: customId } as MentionableSelectJSON & { custom_id: Id }, props)
  const defaults = props?.defaults
  if (defaults !== undefined) {
    assertList('mentionableSelect', 'props.defaults', defaults, 'a list of { type, id }')
    assertItems('mentionableSelect', 'props.defaults', defaults, "{ type: 'user' | 'role', id }")
    out.default_values = defaults.map((d) => ({ type: d.type, id: d.id }))
  }
  return out
}

/**
 * A channel select, optionally of some channel types only: by name, as
 * `option.channel(...).channelTypes(...)` takes them, or by value.
 *
 * @example
 * channelSelect('log', { channelTypes: ['GuildText', 'PublicThread'] })
 * // { type: 8, custom_id: 'log', channel_types: [0, 11] }
 */
export function channelSelect<const Id extends string, const P extends string = string, const Lo extends number = number, const Hi extends number = number>(
  customId: CustomIdCheck<Id>,
  props?: DefaultsOptions<P, Lo, Hi> & { readonly channelTypes?: readonly ChannelTypeInput[] },
): ChannelSelectJSON & { custom_id: Id } {
  const out = selectBase('channelSelect', { type: ComponentType.ChannelSelect, custom_id: customId } as ChannelSelectJSON & { custom_id: Id }, props)
  if (props?.defaults !== undefined) out.default_values = defaultsOf('channelSelect', 'channel', props.defaults)
  if (props?.channelTypes !== undefined) {
    assertList('channelSelect', 'props.channelTypes', props.channelTypes, 'a list of channel types')
    // A name is its value; anything else is left for the rules to name (`enum.value` at channel_types).
    out.channel_types = props.channelTypes.map((t) => byName(ChannelType, t)) as ChannelType[]
  }
  return out
}

/**
 * An action row: 1 to 5 buttons, or one select menu alone. Refused by the types
 * for a literal list that breaks either rule.
 *
 * @example
 * actionRow(button('yes', 'Yes', { style: 'success' }), button('no', 'No', { style: 'danger' }))
 */
export function actionRow<const C extends readonly ActionRowChildJSON[]>(...components: RowCheck<C>): ActionRowJSON<C[number]> {
  assertItems('actionRow', 'components', components as unknown as readonly unknown[], 'a component: a button, a select or a text input')
  // A rest parameter is a fresh array: the row owns it.
  return { type: ComponentType.ActionRow, components: components as unknown as C[number][] }
}

/**
 * Markdown text (IS_COMPONENTS_V2 messages and modals): 1-4000 characters.
 *
 * @example
 * textDisplay('## Results\nYes: 3, No: 1')
 */
export function textDisplay<const T extends string>(content: TextCheck<T, 'a text display'>, options?: WithId): TextDisplayJSON {
  assertString('textDisplay', 'content', content)
  assertOptions('textDisplay', 'options', options)
  const out: TextDisplayJSON = { type: ComponentType.TextDisplay, content }
  if (options?.id !== undefined) out.id = options.id
  return out
}

/** Options of `thumbnail` and of a gallery item; `D`, a literal description, is held to 1024 characters (`thumbnail`). */
export interface MediaOptions<D extends string = string> extends WithId {
  /** Alt text, 1-1024 characters. */
  readonly description?: TextCheck<D, 'a thumbnail description'>
  readonly spoiler?: boolean
}

/**
 * A thumbnail, the accessory of a section: an http(s) URL or `attachment://name`.
 *
 * @example
 * thumbnail('https://cdn.example.com/avatar.png', { description: 'Avatar' })
 */
export function thumbnail<const D extends string = string>(url: string, options?: MediaOptions<D>): ThumbnailJSON {
  assertString('thumbnail', 'url', url)
  assertOptions('thumbnail', 'options', options)
  const out: ThumbnailJSON = { type: ComponentType.Thumbnail, media: { url } }
  if (options?.description !== undefined) out.description = options.description
  if (options?.spoiler !== undefined) out.spoiler = options.spoiler
  if (options?.id !== undefined) out.id = options.id
  return out
}

const textOf = (t: string | TextDisplayJSON): TextDisplayJSON => (typeof t === 'string' ? { type: ComponentType.TextDisplay, content: t } : { ...t })

/**
 * A section: 1 to 3 texts beside an accessory, a button or a thumbnail.
 *
 * @example
 * section(['**Alice** joined', 'Level 3'], thumbnail('https://cdn.example.com/alice.png'))
 */
export function section<const T extends readonly (string | TextDisplayJSON)[]>(texts: SectionTexts<T>, accessory: SectionJSON['accessory'], options?: WithId): SectionJSON {
  assertList('section', 'texts', texts, 'a list of texts')
  assertItems('section', 'texts', texts as readonly unknown[], 'a text or a textDisplay(...)', true)
  assertObject('section', 'accessory', accessory, 'a button or a thumbnail')
  assertOptions('section', 'options', options)
  const out: SectionJSON = { type: ComponentType.Section, components: (texts as readonly (string | TextDisplayJSON)[]).map(textOf), accessory: { ...accessory } }
  if (options?.id !== undefined) out.id = options.id
  return out
}

/** An item of a media gallery: its URL, or its URL and options. */
export type GalleryItem = string | (MediaOptions & { readonly url: string })

/**
 * A media gallery of 1 to 10 images or videos.
 *
 * @example
 * mediaGallery('https://cdn.example.com/a.png', { url: 'attachment://b.png', spoiler: true })
 */
export function mediaGallery<const I extends readonly GalleryItem[]>(...items: GalleryItems<I>): MediaGalleryJSON {
  return {
    type: ComponentType.MediaGallery,
    items: (items as readonly GalleryItem[]).map((i, n): MediaGalleryItemJSON => {
      if (typeof i === 'string') return { media: { url: i } }
      assertObject('mediaGallery', `items[${n}]`, i, 'a URL or { url, description?, spoiler? }')
      const out: MediaGalleryItemJSON = { media: { url: i.url } }
      if (i.description !== undefined) out.description = i.description
      if (i.spoiler !== undefined) out.spoiler = i.spoiler
      return out
    }),
  }
}

/**
 * A file sent with the message, shown as a file: its URL is `attachment://name`.
 *
 * @example
 * file('attachment://report.pdf')
 */
export function file<const U extends string>(url: AttachmentUrl<U>, options?: { readonly spoiler?: boolean; readonly id?: number }): FileJSON {
  assertString('file', 'url', url)
  assertOptions('file', 'options', options)
  const out: FileJSON = { type: ComponentType.File, file: { url } }
  if (options?.spoiler !== undefined) out.spoiler = options.spoiler
  if (options?.id !== undefined) out.id = options.id
  return out
}

/**
 * Space between components: `divider` draws a line (default true), `spacing` small or large.
 *
 * @example
 * separator({ spacing: 'large' }) // { type: 14, spacing: 2 }
 */
export function separator(options?: { readonly divider?: boolean; readonly spacing?: 'small' | 'large'; readonly id?: number }): SeparatorJSON {
  assertOptions('separator', 'options', options)
  const out: SeparatorJSON = { type: ComponentType.Separator }
  if (options?.divider !== undefined) out.divider = options.divider
  const spacing = options?.spacing
  if (spacing === 'large') out.spacing = SeparatorSpacing.Large
  else if (spacing === 'small') out.spacing = SeparatorSpacing.Small
  else if (spacing !== undefined) throw argumentError('separator', 'options.spacing', "'small' or 'large'", spacing)
  if (options?.id !== undefined) out.id = options.id
  return out
}

/** What a container holds: no container (the types refuse one). */
export type ContainerChild = ContainerChildJSON

/**
 * A container: 1 to 40 components (action rows, texts, sections, galleries,
 * separators, files) in a box with an optional accent colour.
 *
 * @example
 * container([textDisplay('# Poll'), separator(), actionRow(button('vote', 'Vote'))], { accentColor: 0x5865f2 })
 */
export function container<const C extends readonly MessageComponentJSON[]>(
  components: ContainerChildren<C>,
  options?: { readonly accentColor?: number | null; readonly spoiler?: boolean; readonly id?: number },
): ContainerJSON {
  assertList('container', 'components', components)
  assertItems('container', 'components', components, 'a component: a row, a text, a section, a gallery, a file or a separator')
  assertOptions('container', 'options', options)
  const out: ContainerJSON = { type: ComponentType.Container, components: (components as readonly ContainerChild[]).slice() }
  if (options?.accentColor !== undefined) out.accent_color = options.accentColor
  if (options?.spoiler !== undefined) out.spoiler = options.spoiler
  if (options?.id !== undefined) out.id = options.id
  return out
}
