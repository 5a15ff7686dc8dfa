/**
 * Message and modal components as an application sends them (public API v10; the
 * spec shows none). Each shape is the operator's OpenAPI request schema of the same
 * name (`specs/openapi.json`): `ButtonComponentForMessageRequest`,
 * `StringSelectComponentForMessageRequest`, `ContainerComponentForMessageRequest`,
 * `LabelComponentForModalRequest`, ... The limits of each field are checked at run
 * time by src/rules/components.ts.
 */
import type { Snowflake } from './commands.js'
import type { ChannelType } from './enums.js'

type ValueOf<T> = T[keyof T]

/** Component types (public API v10, OpenAPI `MessageComponentTypes`). 15, 16 and 20 are not public. */
export const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  /** Layout (IS_COMPONENTS_V2 messages): text displays beside an accessory. */
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
  /** Modals: a label and one input. */
  Label: 18,
  FileUpload: 19,
  RadioGroup: 21,
  CheckboxGroup: 22,
  Checkbox: 23,
} as const
export type ComponentType = ValueOf<typeof ComponentType>

/** Button styles (public API v10, OpenAPI `ButtonStyleTypes`). */
export const ButtonStyle = {
  Primary: 1,
  Secondary: 2,
  Success: 3,
  Danger: 4,
  /** Opens `url`; sends no interaction. */
  Link: 5,
  /** Buys the SKU `sku_id`; sends no interaction. */
  Premium: 6,
} as const
export type ButtonStyle = ValueOf<typeof ButtonStyle>

/** Text input styles (public API v10, OpenAPI `TextInputStyleTypes`). */
export const TextInputStyle = {
  Short: 1,
  Paragraph: 2,
} as const
export type TextInputStyle = ValueOf<typeof TextInputStyle>

/** Separator spacing (public API v10, OpenAPI `MessageComponentSeparatorSpacingSize`). */
export const SeparatorSpacing = {
  Small: 1,
  Large: 2,
} as const
export type SeparatorSpacing = ValueOf<typeof SeparatorSpacing>

/** Fields every component may carry: `id`, a 32-bit integer unique within the message (0 is "none"). */
export interface ComponentBase<T extends ComponentType> {
  type: T
  id?: number
}

/** An emoji on a button or a select option (OpenAPI `ComponentEmojiForRequest`). */
export interface ComponentEmojiJSON {
  id?: Snowflake | null
  name?: string
  animated?: boolean
}

/** A button that sends an interaction: styles 1 to 4 (OpenAPI `ButtonComponentForMessageRequest`). */
export interface ButtonJSON extends ComponentBase<2> {
  style: 1 | 2 | 3 | 4
  custom_id: string
  label?: string
  emoji?: ComponentEmojiJSON
  disabled?: boolean
}

/** A link button, style 5: opens `url`, sends nothing. */
export interface LinkButtonJSON extends ComponentBase<2> {
  style: 5
  url: string
  label?: string
  emoji?: ComponentEmojiJSON
  disabled?: boolean
}

/** A premium button, style 6: buys `sku_id`; no label, emoji, url or custom_id. */
export interface PremiumButtonJSON extends ComponentBase<2> {
  style: 6
  sku_id: Snowflake
  disabled?: boolean
}

/** Any button. */
export type AnyButtonJSON = ButtonJSON | LinkButtonJSON | PremiumButtonJSON

/** An option of a string select (OpenAPI `StringSelectOptionForRequest`). */
export interface SelectOptionJSON<V extends string = string> {
  label: string
  value: V
  description?: string
  emoji?: ComponentEmojiJSON
  default?: boolean
}

/** A default value of a user, role, mentionable or channel select (OpenAPI `UserSelectDefaultValue`, ...). */
export interface SelectDefaultValueJSON<T extends 'user' | 'role' | 'channel' = 'user' | 'role' | 'channel'> {
  type: T
  id: Snowflake
}

interface SelectBase<T extends ComponentType> extends ComponentBase<T> {
  custom_id: string
  placeholder?: string
  min_values?: number
  max_values?: number
  disabled?: boolean
  /** Modals only: whether an answer is required (default true). */
  required?: boolean
}

/** A string select (OpenAPI `StringSelectComponentForMessageRequest`). */
export interface StringSelectJSON<V extends string = string> extends SelectBase<3> {
  options: SelectOptionJSON<V>[]
}

/** A user select (type 5). */
export interface UserSelectJSON extends SelectBase<5> {
  default_values?: SelectDefaultValueJSON<'user'>[]
}

/** A role select (type 6). */
export interface RoleSelectJSON extends SelectBase<6> {
  default_values?: SelectDefaultValueJSON<'role'>[]
}

/** A mentionable select (type 7): users and roles. */
export interface MentionableSelectJSON extends SelectBase<7> {
  default_values?: SelectDefaultValueJSON<'user' | 'role'>[]
}

/** A channel select (type 8), optionally limited to some channel types. */
export interface ChannelSelectJSON extends SelectBase<8> {
  default_values?: SelectDefaultValueJSON<'channel'>[]
  channel_types?: ChannelType[]
}

/** Any select menu. */
export type AnySelectJSON = StringSelectJSON | UserSelectJSON | RoleSelectJSON | MentionableSelectJSON | ChannelSelectJSON

/** What a message's action row holds: 1 to 5 buttons, or one select. */
export type ActionRowChildJSON = AnyButtonJSON | AnySelectJSON

/** An action row (OpenAPI `ActionRowComponentForMessageRequest`, `ActionRowComponentForModalRequest`). */
export interface ActionRowJSON<C = ActionRowChildJSON> extends ComponentBase<1> {
  components: C[]
}

/** A text input (OpenAPI `TextInputComponentForModalRequest`). */
export interface TextInputJSON extends ComponentBase<4> {
  custom_id: string
  style: 1 | 2
  /** In an action row (the classic layout); not inside a label, which carries its own. */
  label?: string
  min_length?: number
  max_length?: number
  required?: boolean
  value?: string
  placeholder?: string
}

/** Markdown text (OpenAPI `TextDisplayComponentForMessageRequest`). */
export interface TextDisplayJSON extends ComponentBase<10> {
  content: string
}

/** A media reference: an http(s) URL, or `attachment://name` for a file sent with the message. */
export interface UnfurledMediaJSON {
  url: string
}

/** A thumbnail, the accessory of a section (OpenAPI `ThumbnailComponentForMessageRequest`). */
export interface ThumbnailJSON extends ComponentBase<11> {
  media: UnfurledMediaJSON
  description?: string
  spoiler?: boolean
}

/** Text displays beside a button or a thumbnail (OpenAPI `SectionComponentForMessageRequest`). */
export interface SectionJSON extends ComponentBase<9> {
  components: TextDisplayJSON[]
  accessory: AnyButtonJSON | ThumbnailJSON
}

/** One image or video of a gallery (OpenAPI `MediaGalleryItemRequest`). */
export interface MediaGalleryItemJSON {
  media: UnfurledMediaJSON
  description?: string
  spoiler?: boolean
}

/** 1 to 10 images or videos (OpenAPI `MediaGalleryComponentForMessageRequest`). */
export interface MediaGalleryJSON extends ComponentBase<12> {
  items: MediaGalleryItemJSON[]
}

/** A file sent with the message, by `attachment://name` (OpenAPI `FileComponentForMessageRequest`). */
export interface FileJSON extends ComponentBase<13> {
  file: UnfurledMediaJSON
  spoiler?: boolean
}

/** Space between components, with or without a line (OpenAPI `SeparatorComponentForMessageRequest`). */
export interface SeparatorJSON extends ComponentBase<14> {
  divider?: boolean
  spacing?: SeparatorSpacing
}

/** What a container holds. */
export type ContainerChildJSON = ActionRowJSON | TextDisplayJSON | SectionJSON | MediaGalleryJSON | SeparatorJSON | FileJSON

/** A box around components, with an accent colour (OpenAPI `ContainerComponentForMessageRequest`). */
export interface ContainerJSON extends ComponentBase<17> {
  components: ContainerChildJSON[]
  accent_color?: number | null
  spoiler?: boolean
}

/** A component at the top of a message: action rows, and the layout components of an IS_COMPONENTS_V2 message. */
export type MessageComponentJSON = ActionRowJSON | SectionJSON | TextDisplayJSON | MediaGalleryJSON | FileJSON | SeparatorJSON | ContainerJSON

/** A file upload in a modal (OpenAPI `FileUploadComponentForModalRequest`). */
export interface FileUploadJSON extends ComponentBase<19> {
  custom_id: string
  min_values?: number
  max_values?: number
  required?: boolean
}

/** An option of a radio group or a checkbox group (OpenAPI `RadioGroupOptionForRequest`). */
export interface ChoiceOptionJSON<V extends string = string> {
  label: string
  value: V
  description?: string
  default?: boolean
}

/** One of 2 to 10 options (OpenAPI `RadioGroupComponentForModalRequest`). */
export interface RadioGroupJSON<V extends string = string> extends ComponentBase<21> {
  custom_id: string
  options: ChoiceOptionJSON<V>[]
  required?: boolean
}

/** Any of 1 to 10 options (OpenAPI `CheckboxGroupComponentForModalRequest`). */
export interface CheckboxGroupJSON<V extends string = string> extends ComponentBase<22> {
  custom_id: string
  options: ChoiceOptionJSON<V>[]
  min_values?: number
  max_values?: number
  required?: boolean
}

/** A single checkbox (OpenAPI `CheckboxComponentForModalRequest`). */
export interface CheckboxJSON extends ComponentBase<23> {
  custom_id: string
  default?: boolean
}

/** What a label of a modal holds: one input. */
export type LabelChildJSON =
  | TextInputJSON
  | StringSelectJSON
  | UserSelectJSON
  | RoleSelectJSON
  | MentionableSelectJSON
  | ChannelSelectJSON
  | FileUploadJSON
  | RadioGroupJSON
  | CheckboxGroupJSON
  | CheckboxJSON

/** A label and a description around one input (OpenAPI `LabelComponentForModalRequest`). */
export interface LabelJSON<C extends LabelChildJSON = LabelChildJSON> extends ComponentBase<18> {
  label: string
  description?: string
  component: C
}

/** A component at the top of a modal (OpenAPI `ModalInteractionCallbackRequestData`). */
export type ModalComponentJSON = ActionRowJSON<TextInputJSON> | LabelJSON | TextDisplayJSON
