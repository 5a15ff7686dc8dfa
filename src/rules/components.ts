/**
 * The rules of components (public API v10), in a message and in a modal: which
 * component may hold which (OpenAPI `ActionRowComponentForMessageRequest`,
 * `SectionComponentForMessageRequest`, `ContainerComponentForMessageRequest`,
 * `ModalInteractionCallbackRequestData`, `LabelComponentForModalRequest`), the
 * fields and lengths of each (the `...ForMessageRequest` and `...ForModalRequest`
 * schema of its type), and what the docs add: an action row holds 1 to 5 buttons
 * or one select; `custom_id` and `id` are unique within a message or a modal; a
 * message holds 40 components in all, and without IS_COMPONENTS_V2 only action
 * rows, 5 at most; the text displays of a message hold 4000 characters in all.
 */
import type { ComponentType } from '../wire/components.js'
import {
  ACTION_ROWS_MAX,
  BUTTON_LABEL_MAX,
  BUTTON_URL_MAX,
  COLOR_MAX,
  COMPONENT_ID_MAX,
  COMPONENTS_MAX,
  CONTAINER_MAX,
  CUSTOM_ID_MAX,
  EMOJI_NAME_MAX,
  GALLERY_ITEMS_MAX,
  LABEL_DESCRIPTION_MAX,
  LABEL_MAX,
  MEDIA_DESCRIPTION_MAX,
  MODAL_VALUES_MAX,
  RADIO_OPTIONS_MIN,
  ROW_MAX,
  SECTION_TEXTS_MAX,
  SELECT_OPTION_TEXT_MAX,
  SELECT_PLACEHOLDER_MAX,
  SELECT_VALUES_MAX,
  TEXT_DISPLAY_MAX,
  TEXT_INPUT_LABEL_MAX,
  TEXT_INPUT_LENGTH_MAX,
  TEXT_INPUT_PLACEHOLDER_MAX,
  CONTENT_TYPE_MAX,
  URL_MAX,
} from './message-limits.js'
import {
  bool,
  boolValue,
  eachObject,
  elements,
  emoji,
  exactTotal,
  type FieldNames,
  fieldNames,
  integer,
  integerValue,
  isObject,
  type Json,
  knownKeys,
  list,
  type MessageWalk,
  snowflake,
  text,
  textValue,
  unknownKey,
  url,
  urlValue,
  within,
} from './message-fields.js'
import { CHANNEL_TYPES } from './option-types.js'
import { checkEnumArray, isSnowflake } from './values.js'

// The component types, by name (wire/components.ts `ComponentType`), as literals the bundler inlines.
const ROW: typeof ComponentType.ActionRow = 1
const BUTTON: typeof ComponentType.Button = 2
const STRING_SELECT: typeof ComponentType.StringSelect = 3
const TEXT_INPUT: typeof ComponentType.TextInput = 4
const USER_SELECT: typeof ComponentType.UserSelect = 5
const ROLE_SELECT: typeof ComponentType.RoleSelect = 6
const MENTIONABLE_SELECT: typeof ComponentType.MentionableSelect = 7
const CHANNEL_SELECT: typeof ComponentType.ChannelSelect = 8
const SECTION: typeof ComponentType.Section = 9
const TEXT_DISPLAY: typeof ComponentType.TextDisplay = 10
const THUMBNAIL: typeof ComponentType.Thumbnail = 11
const GALLERY: typeof ComponentType.MediaGallery = 12
const FILE: typeof ComponentType.File = 13
const SEPARATOR: typeof ComponentType.Separator = 14
const CONTAINER: typeof ComponentType.Container = 17
const LABEL: typeof ComponentType.Label = 18
const FILE_UPLOAD: typeof ComponentType.FileUpload = 19
const RADIO_GROUP: typeof ComponentType.RadioGroup = 21
const CHECKBOX_GROUP: typeof ComponentType.CheckboxGroup = 22
const CHECKBOX: typeof ComponentType.Checkbox = 23

/** The OpenAPI names of the types (`MessageComponentTypes`), by value. */
const NAMES: readonly string[] = [
  '',
  'ACTION_ROW',
  'BUTTON',
  'STRING_SELECT',
  'TEXT_INPUT',
  'USER_SELECT',
  'ROLE_SELECT',
  'MENTIONABLE_SELECT',
  'CHANNEL_SELECT',
  'SECTION',
  'TEXT_DISPLAY',
  'THUMBNAIL',
  'MEDIA_GALLERY',
  'FILE',
  'SEPARATOR',
  '',
  '',
  'CONTAINER',
  'LABEL',
  'FILE_UPLOAD',
  '',
  'RADIO_GROUP',
  'CHECKBOX_GROUP',
  'CHECKBOX',
]
const nameOf = (t: number): string => `${NAMES[t]} (${t})`
const names = (types: readonly number[]): string => types.map(nameOf).join(', ')

/** What each place holds. */
const MESSAGE_TOP: readonly number[] = [ROW, SECTION, TEXT_DISPLAY, GALLERY, FILE, SEPARATOR, CONTAINER]
const MESSAGE_ROW: readonly number[] = [BUTTON, STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT]
const IN_CONTAINER: readonly number[] = [ROW, TEXT_DISPLAY, SECTION, GALLERY, SEPARATOR, FILE]
const IN_SECTION: readonly number[] = [TEXT_DISPLAY]
const ACCESSORY: readonly number[] = [BUTTON, THUMBNAIL]
const MODAL_TOP: readonly number[] = [ROW, LABEL, TEXT_DISPLAY]
const MODAL_ROW: readonly number[] = [TEXT_INPUT]
const IN_LABEL: readonly number[] = [TEXT_INPUT, STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT, FILE_UPLOAD, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX]

const STRING_SELECT_KEYS = /* @__PURE__ */ fieldNames('type id custom_id placeholder min_values max_values disabled required options')
const DEFAULT_SELECT_KEYS = /* @__PURE__ */ fieldNames('type id custom_id placeholder min_values max_values disabled required default_values')
const CHANNEL_SELECT_KEYS = /* @__PURE__ */ fieldNames('type id custom_id placeholder min_values max_values disabled required default_values channel_types')
const OPTION_KEYS = /* @__PURE__ */ fieldNames('label value description emoji default')
const CHOICE_KEYS = /* @__PURE__ */ fieldNames('label value description default')
const DEFAULT_KEYS = /* @__PURE__ */ fieldNames('type id')
// A media reference and a FILE with the fields they come back with (OpenAPI `UnfurledMediaResponse`,
// `FileComponentResponse`): a layout message sent back as received keeps them (docs/spec-notes.md, "Unknown fields").
const MEDIA_KEYS = /* @__PURE__ */ fieldNames('url id proxy_url width height content_type attachment_id')
const ITEM_KEYS = /* @__PURE__ */ fieldNames('media description spoiler')
const SECTION_KEYS = /* @__PURE__ */ fieldNames('type id components accessory')
const TEXT_KEYS = /* @__PURE__ */ fieldNames('type id content')
const THUMBNAIL_KEYS = /* @__PURE__ */ fieldNames('type id media description spoiler')
const GALLERY_KEYS = /* @__PURE__ */ fieldNames('type id items')
const FILE_KEYS = /* @__PURE__ */ fieldNames('type id file spoiler name size')
const SEPARATOR_KEYS = /* @__PURE__ */ fieldNames('type id divider spacing')
const CONTAINER_KEYS = /* @__PURE__ */ fieldNames('type id components accent_color spoiler')
const LABEL_KEYS = /* @__PURE__ */ fieldNames('type id label description component')
const UPLOAD_KEYS = /* @__PURE__ */ fieldNames('type id custom_id min_values max_values required')
const CHECKBOX_KEYS = /* @__PURE__ */ fieldNames('type id custom_id default')
const ROW_KEYS = /* @__PURE__ */ fieldNames('type id components')
const RADIO_KEYS = /* @__PURE__ */ fieldNames('type id custom_id options required')
const CHECKBOXES_KEYS = /* @__PURE__ */ fieldNames('type id custom_id options min_values max_values required')
const TEXT_INPUT_KEYS = /* @__PURE__ */ fieldNames('type id custom_id style label min_length max_length required value placeholder')

/** Which kinds of default values each select takes (OpenAPI `SnowflakeSelectDefaultValueTypes`). */
const DEFAULT_TYPES: Readonly<Record<number, readonly string[]>> = { 5: ['user'], 6: ['role'], 7: ['user', 'role'], 8: ['channel'] }

/** Where a component is met: its allowed types, and the place as a message names it. */
interface Place {
  readonly types: readonly number[]
  readonly on: string
}

/** The places of an action row's children, made once (a message has up to 5 rows). */
const IN_MESSAGE_ROW: Place = { types: MESSAGE_ROW, on: 'an action row' }
const IN_MODAL_ROW: Place = { types: MODAL_ROW, on: 'an action row of a modal' }

/**
 * Checks the top-level `components` of a message (the list itself is checked by
 * the caller). `v2`: the message has the IS_COMPONENTS_V2 flag (or, in an edit,
 * uses layout components, which only such a message holds).
 */
export function checkMessageComponents(c: MessageWalk, components: readonly unknown[], v2: boolean): void {
  const top: Place = v2 ? { types: MESSAGE_TOP, on: 'a message' } : { types: [ROW], on: 'the top of a message without the IS_COMPONENTS_V2 flag (32768)' }
  c.path.push('components')
  for (let i = 0; i < components.length; i++) component(c, components[i], i, top)
  c.path.pop()
  if (!v2 && components.length > ACTION_ROWS_MAX) c.add('response.too_many', 'components', { count: components.length, expected: 'action rows', limit: ACTION_ROWS_MAX })
  if (c.components > COMPONENTS_MAX) c.add('response.too_many', 'components', { count: c.components, expected: 'components in all, nested ones included', limit: COMPONENTS_MAX })
  if (c.text > TEXT_DISPLAY_MAX) {
    const exact = exactTotal(textsOf(components))
    if (exact > TEXT_DISPLAY_MAX) c.add('component.text_total', 'components', { count: exact, limit: TEXT_DISPLAY_MAX })
  }
}

/** Checks the `components` of a modal (the list is checked by the caller). */
export function checkModalComponents(c: MessageWalk, components: readonly unknown[]): void {
  const top: Place = { types: MODAL_TOP, on: 'a modal' }
  c.path.push('components')
  for (let i = 0; i < components.length; i++) component(c, components[i], i, top)
  c.path.pop()
}

/** Whether a top-level component of a message is a layout one (anything but an action row). */
export const isLayout = (v: unknown): boolean => isObject(v) && v.type !== ROW

/** One component at `key` of the current path, in `place`. */
function component(c: MessageWalk, v: unknown, key: number | string, place: Place): void {
  // A bare list where a row goes (`components: [[button]]`) is a row's components without their row.
  if (!isObject(v))
    return c.add(
      'value.type',
      key,
      { expected: `a component: ${names(place.types)}${Array.isArray(v) && place.types.includes(ROW) ? "; a row's components go in actionRow(...)" : ''}` },
      v,
    )
  const type = v.type
  const here = typeof type === 'number' && place.types.includes(type)
  if (!here && typeof type === 'number' && NAMES[type] !== undefined && NAMES[type] !== '')
    return c.add('component.placement', key, { kind: `a ${nameOf(type)}`, on: place.on, expected: names(place.types) })
  c.path.push(key)
  if (!here) {
    c.add(type === undefined ? 'field.required' : 'enum.value', 'type', { expected: `a component type: ${names(place.types)}` }, type)
    c.path.pop()
    return
  }
  c.components++
  if (type === BUTTON) {
    // The button reads its own id with its other fields.
    button(c, v)
    c.path.pop()
    return
  }
  componentId(c, v, v.id ?? undefined)
  switch (type) {
    case ROW:
      row(c, v, place.types === MODAL_TOP)
      break
    case STRING_SELECT:
    case USER_SELECT:
    case ROLE_SELECT:
    case MENTIONABLE_SELECT:
    case CHANNEL_SELECT:
      c.selects++
      select(c, v, type)
      break
    case TEXT_INPUT:
      textInput(c, v, place.types === IN_LABEL)
      break
    case SECTION:
      knownKeys(c, v, SECTION_KEYS, 'a SECTION (9)')
      children(c, v, 1, SECTION_TEXTS_MAX, { types: IN_SECTION, on: 'a section, which holds text displays' })
      if ((v.accessory ?? undefined) === undefined) c.add('field.required', 'accessory', { expected: 'a button or a thumbnail' })
      else component(c, v.accessory, 'accessory', { types: ACCESSORY, on: "a section's accessory" })
      break
    case TEXT_DISPLAY:
      knownKeys(c, v, TEXT_KEYS, 'a TEXT_DISPLAY (10)')
      c.text += Math.max(0, text(c, v, 'content', 1, TEXT_DISPLAY_MAX, true))
      break
    case THUMBNAIL:
      knownKeys(c, v, THUMBNAIL_KEYS, 'a THUMBNAIL (11)')
      media(c, v, 'media', 'media')
      text(c, v, 'description', 1, MEDIA_DESCRIPTION_MAX)
      bool(c, v, 'spoiler')
      break
    case GALLERY:
      knownKeys(c, v, GALLERY_KEYS, 'a MEDIA_GALLERY (12)')
      gallery(c, v)
      break
    case FILE:
      knownKeys(c, v, FILE_KEYS, 'a FILE (13)')
      media(c, v, 'file', 'attachment')
      bool(c, v, 'spoiler')
      text(c, v, 'name', 1, Number.MAX_SAFE_INTEGER)
      integer(c, v, 'size', 0, Number.MAX_SAFE_INTEGER)
      break
    case SEPARATOR: {
      knownKeys(c, v, SEPARATOR_KEYS, 'a SEPARATOR (14)')
      bool(c, v, 'divider')
      const spacing = v.spacing ?? undefined
      if (spacing !== undefined && spacing !== 1 && spacing !== 2) c.add('enum.value', 'spacing', { expected: '1 (SMALL), 2 (LARGE)' }, spacing)
      break
    }
    case CONTAINER:
      knownKeys(c, v, CONTAINER_KEYS, 'a CONTAINER (17)')
      children(c, v, 1, CONTAINER_MAX, { types: IN_CONTAINER, on: 'a container' })
      integer(c, v, 'accent_color', 0, COLOR_MAX)
      bool(c, v, 'spoiler')
      break
    case LABEL:
      knownKeys(c, v, LABEL_KEYS, 'a LABEL (18)')
      text(c, v, 'label', 1, LABEL_MAX, true)
      text(c, v, 'description', 1, LABEL_DESCRIPTION_MAX)
      if ((v.component ?? undefined) === undefined) c.add('field.required', 'component', { expected: `one input: ${names(IN_LABEL)}` })
      else component(c, v.component, 'component', { types: IN_LABEL, on: 'a label' })
      break
    case FILE_UPLOAD:
      knownKeys(c, v, UPLOAD_KEYS, 'a FILE_UPLOAD (19)')
      customId(c, v)
      values(c, v, MODAL_VALUES_MAX, -1, 0, '', 1)
      bool(c, v, 'required')
      break
    case RADIO_GROUP:
    case CHECKBOX_GROUP:
      group(c, v, type)
      break
    default:
      knownKeys(c, v, CHECKBOX_KEYS, 'a CHECKBOX (23)')
      customId(c, v)
      bool(c, v, 'default')
  }
  c.path.pop()
}

/** The `components` of a section or a container: `min` to `max` of the place's types. */
function children(c: MessageWalk, v: Json, min: number, max: number, place: Place): readonly unknown[] | undefined {
  const kids = list(c, v, 'components', min, max, 'components', true)
  if (kids === undefined) return undefined
  c.path.push('components')
  for (let i = 0; i < kids.length; i++) component(c, kids[i], i, place)
  c.path.pop()
  return kids
}

/** An action row: 1 to 5 buttons or one select (a message), or text inputs (a modal). */
function row(c: MessageWalk, v: Json, modal: boolean): void {
  knownKeys(c, v, ROW_KEYS, 'an ACTION_ROW (1)')
  // The select menus among the children, counted as `component` meets them: no second pass over the row.
  const before = c.selects
  const kids = children(c, v, 1, ROW_MAX, modal ? IN_MODAL_ROW : IN_MESSAGE_ROW)
  if (modal || kids === undefined || kids.length < 2) return
  const selects = c.selects - before
  const others = kids.length - selects
  if (selects > 0)
    c.add('component.row', 'components', { detail: `${selects === 1 ? 'a select menu' : `${selects} select menus`} and ${others} other component${others === 1 ? '' : 's'}` })
}

/**
 * A button: what each style requires and refuses (OpenAPI
 * `ButtonComponentForMessageRequest`; docs, "Button"). The most numerous
 * component: its fields are read by one `for...in` (a keyed read of a field it
 * lacks costs more than the check).
 */
function button(c: MessageWalk, v: Json): void {
  let id: unknown
  let style: unknown
  let custom: unknown
  let label: unknown
  let emojiSet = false
  let link: unknown
  let sku: unknown
  for (const key in v) {
    const x = v[key] ?? undefined
    switch (key) {
      case 'type':
        break
      case 'id':
        id = x
        break
      case 'style':
        style = x
        break
      case 'custom_id':
        custom = x
        break
      case 'label':
        label = x
        break
      case 'emoji':
        emojiSet = x !== undefined
        break
      case 'disabled':
        boolValue(c, key, x)
        break
      case 'url':
        link = x
        break
      case 'sku_id':
        sku = x
        break
      default:
        unknownKey(c, v, key, 'a BUTTON (2)')
    }
  }
  componentId(c, v, id)
  if (style === undefined) c.add('field.required', 'style', { expected: 'a button style: 1 PRIMARY, 2 SECONDARY, 3 SUCCESS, 4 DANGER, 5 LINK, 6 PREMIUM' })
  else if (typeof style !== 'number' || !Number.isInteger(style) || style < 1 || style > 6)
    c.add('enum.value', 'style', { expected: '1 PRIMARY, 2 SECONDARY, 3 SUCCESS, 4 DANGER, 5 LINK, 6 PREMIUM (button styles)' }, style)
  textValue(c, 'label', label, 0, BUTTON_LABEL_MAX)
  if (emojiSet) emoji(c, v, 'emoji', EMOJI_NAME_MAX, true)
  const on = style === 5 ? 'a LINK button (style 5)' : style === 6 ? 'a PREMIUM button (style 6)' : 'a button of style 1 to 4'
  if (style === 5) {
    urlValue(c, 'url', link, BUTTON_URL_MAX, 'link', true)
    refuse(c, custom, 'custom_id', on, 'buttons of style 1 to 4')
    refuse(c, sku, 'sku_id', on, 'PREMIUM buttons (style 6)')
  } else if (style === 6) {
    if (sku === undefined) c.add('field.required', 'sku_id', { expected: 'a snowflake' })
    else if (!isSnowflake(sku)) c.add('snowflake.format', 'sku_id', {}, sku)
    refuse(c, custom, 'custom_id', on, 'buttons of style 1 to 4')
    refuse(c, link, 'url', on, 'LINK buttons (style 5)')
    refuse(c, label, 'label', on, 'buttons of style 1 to 5')
    refuse(c, emojiSet ? true : undefined, 'emoji', on, 'buttons of style 1 to 5')
  } else {
    customIdValue(c, v, custom)
    refuse(c, link, 'url', on, 'LINK buttons (style 5)')
    refuse(c, sku, 'sku_id', on, 'PREMIUM buttons (style 6)')
  }
  // The service refuses a button that shows nothing (the OpenAPI cannot say "one of the two").
  if (style !== 6 && (label ?? '') === '' && !emojiSet) c.add('field.required', 'label', { on, expected: 'a label or an emoji; a button shows one or both' })
}

/** A component's `id`: an int32 of at least 0, unique within the body when not 0. */
function componentId(c: MessageWalk, holder: Json, value: unknown): void {
  const id = integerValue(c, 'id', value, 0, COMPONENT_ID_MAX)
  if (id !== undefined && id !== 0) c.unique('id', id, holder)
}

/** A field that `on` does not take, when present (`value` read already). */
function refuse(c: MessageWalk, value: unknown, key: string, on: string, expected: string): void {
  if (value !== undefined) c.add('field.not_allowed', key, { on, expected })
}

/** A select menu of any kind (OpenAPI `StringSelectComponentForMessageRequest`, `UserSelectComponentForMessageRequest`, ...). */
function select(c: MessageWalk, v: Json, type: number): void {
  knownKeys(c, v, type === STRING_SELECT ? STRING_SELECT_KEYS : type === CHANNEL_SELECT ? CHANNEL_SELECT_KEYS : DEFAULT_SELECT_KEYS, `a ${nameOf(type)}`)
  customId(c, v)
  text(c, v, 'placeholder', 0, SELECT_PLACEHOLDER_MAX)
  bool(c, v, 'disabled')
  bool(c, v, 'required')
  if (type === STRING_SELECT) {
    const options = list(c, v, 'options', 1, SELECT_VALUES_MAX, 'options', true)
    const defaults = options === undefined ? 0 : choices(c, options, OPTION_KEYS, true)
    values(c, v, SELECT_VALUES_MAX, options === undefined ? -1 : options.length, defaults, 'options marked default', 1)
    return
  }
  let defaults = 0
  const given = list(c, v, 'default_values', 0, SELECT_VALUES_MAX, 'default values')
  if (given !== undefined) {
    const kinds = DEFAULT_TYPES[type] as readonly string[]
    eachObject(c, 'default_values', given, 'a default value: { type, id }', (d) => {
      knownKeys(c, d, DEFAULT_KEYS, 'a default value (type, id)')
      if (!kinds.includes(d.type as string))
        c.add(d.type === undefined ? 'field.required' : 'enum.value', 'type', { expected: kinds.map((k) => JSON.stringify(k)).join(', ') }, d.type)
      snowflake(c, d, 'id', true)
    })
    defaults = given.length
  }
  values(c, v, SELECT_VALUES_MAX, -1, defaults, 'default values', 1)
  if (type === CHANNEL_SELECT && (v.channel_types ?? undefined) !== undefined) checkEnumArray(c, 'channel_types', v.channel_types, CHANNEL_TYPES, 'channel types', false)
}

/**
 * `min_values` (0 to `max`) and `max_values` (1 to `max`), in order; at least
 * `min_values` among `count` options (-1: not a fixed list); at most `max_values`
 * (`implied` when absent) of `defaults` chosen in advance.
 */
function values(c: MessageWalk, v: Json, max: number, count: number, defaults: number, what: string, implied: number): void {
  const lo = integer(c, v, 'min_values', 0, max)
  const hi = integer(c, v, 'max_values', 1, max)
  if (lo !== undefined && hi !== undefined && lo > hi) c.add('component.bounds', 'min_values', { other: 'max_values', limit: hi }, lo)
  else if (lo !== undefined && count >= 0 && lo > count) c.add('component.bounds', 'min_values', { other: 'the number of options', limit: count }, lo)
  const most = hi ?? ((v.max_values ?? undefined) === undefined ? implied : max)
  if (defaults > most) c.add('component.bounds', what.startsWith('options') ? 'options' : 'default_values', { count: defaults, expected: what, other: 'max_values', limit: most })
}

/** The options of a string select, radio group or checkbox group: labels and values, values unique; returns how many are default. */
function choices(c: MessageWalk, options: readonly unknown[], allowed: FieldNames, withEmoji: boolean): number {
  let defaults = 0
  const seen = new Set<unknown>()
  eachObject(c, 'options', options, 'an option: { label, value }', (o) => {
    knownKeys(c, o, allowed, 'an option')
    text(c, o, 'label', 1, SELECT_OPTION_TEXT_MAX, true)
    if (text(c, o, 'value', 1, SELECT_OPTION_TEXT_MAX, true) >= 0) {
      if (seen.has(o.value)) c.add('array.duplicate', 'value', {}, o.value)
      seen.add(o.value)
    }
    text(c, o, 'description', 0, SELECT_OPTION_TEXT_MAX)
    if (withEmoji) emoji(c, o, 'emoji', EMOJI_NAME_MAX, true)
    bool(c, o, 'default')
    if (o.default === true) defaults++
  })
  return defaults
}

/** A radio group (one answer of 2 to 10) or a checkbox group (any of 1 to 10). */
function group(c: MessageWalk, v: Json, type: number): void {
  const radio = type === RADIO_GROUP
  knownKeys(c, v, radio ? RADIO_KEYS : CHECKBOXES_KEYS, `a ${nameOf(type)}`)
  customId(c, v)
  bool(c, v, 'required')
  const options = list(c, v, 'options', radio ? RADIO_OPTIONS_MIN : 1, MODAL_VALUES_MAX, 'options', true)
  const defaults = options === undefined ? 0 : choices(c, options, CHOICE_KEYS, false)
  if (radio) {
    if (defaults > 1) c.add('component.bounds', 'options', { count: defaults, expected: 'options marked default', other: 'the one answer of a radio group', limit: 1 })
  } else values(c, v, MODAL_VALUES_MAX, options === undefined ? -1 : options.length, defaults, 'options marked default', options === undefined ? MODAL_VALUES_MAX : options.length)
}

/** A text input: in an action row it carries its label; in a label, not (docs, "Text Input"). */
function textInput(c: MessageWalk, v: Json, inLabel: boolean): void {
  knownKeys(c, v, TEXT_INPUT_KEYS, 'a TEXT_INPUT (4)')
  customId(c, v)
  const style = v.style ?? undefined
  if (style === undefined) c.add('field.required', 'style', { expected: 'a text input style: 1 SHORT, 2 PARAGRAPH' })
  else if (style !== 1 && style !== 2) c.add('enum.value', 'style', { expected: '1 SHORT, 2 PARAGRAPH (text input styles)' }, style)
  if (inLabel) {
    if ((v.label ?? undefined) !== undefined)
      c.add('field.not_allowed', 'label', { on: 'a text input inside a label', expected: 'text inputs in an action row; the label names the input' })
  } else text(c, v, 'label', 1, TEXT_INPUT_LABEL_MAX, true)
  const lo = integer(c, v, 'min_length', 0, TEXT_INPUT_LENGTH_MAX)
  const hi = integer(c, v, 'max_length', 1, TEXT_INPUT_LENGTH_MAX)
  if (lo !== undefined && hi !== undefined && lo > hi) c.add('component.bounds', 'min_length', { other: 'max_length', limit: hi }, lo)
  text(c, v, 'value', 0, TEXT_INPUT_LENGTH_MAX)
  text(c, v, 'placeholder', 0, TEXT_INPUT_PLACEHOLDER_MAX)
  bool(c, v, 'required')
}

/** A media gallery's 1 to 10 items. */
function gallery(c: MessageWalk, v: Json): void {
  const items = list(c, v, 'items', 1, GALLERY_ITEMS_MAX, 'items', true)
  if (items === undefined) return
  eachObject(c, 'items', items, 'an item: { media, description, spoiler }', (item) => {
    knownKeys(c, item, ITEM_KEYS, 'a media gallery item')
    media(c, item, 'media', 'media')
    text(c, item, 'description', 1, MEDIA_DESCRIPTION_MAX)
    bool(c, item, 'spoiler')
  })
}

/** An unfurled media reference `{ url }`: the web or a file sent with the message, or (a FILE component) a file only; what the service added to one received, checked for its type. */
function media(c: MessageWalk, v: Json, key: string, kind: 'media' | 'attachment'): void {
  within(
    c,
    v,
    key,
    'a media reference: { url }',
    MEDIA_KEYS,
    'a media reference (url)',
    (m) => {
      url(c, m, 'url', URL_MAX, kind, true)
      snowflake(c, m, 'id')
      snowflake(c, m, 'attachment_id')
      url(c, m, 'proxy_url', URL_MAX, 'web')
      integer(c, m, 'width', 0, Number.MAX_SAFE_INTEGER)
      integer(c, m, 'height', 0, Number.MAX_SAFE_INTEGER)
      text(c, m, 'content_type', 1, CONTENT_TYPE_MAX)
    },
    true,
  )
}

/** A `custom_id`: 1-100 characters, unique within the message or the modal. */
function customId(c: MessageWalk, v: Json): void {
  customIdValue(c, v, v.custom_id ?? undefined)
}

/** `customId` on a value already read, of `holder`. */
function customIdValue(c: MessageWalk, holder: Json, value: unknown): void {
  const n = textValue(c, 'custom_id', value, 1, CUSTOM_ID_MAX, true)
  if (n >= 1 && n <= CUSTOM_ID_MAX) c.unique('custom_id', value as string, holder)
}

/** The strings of every text display of a message, for the exact total. */
function textsOf(list: readonly unknown[]): unknown[] {
  const out: unknown[] = []
  const stack = elements(list, Math.min(list.length, COMPONENTS_MAX))
  for (let steps = 0; stack.length > 0 && steps < 4 * COMPONENTS_MAX; steps++) {
    const v = stack.pop()
    if (!isObject(v)) continue
    if (v.type === TEXT_DISPLAY) out.push(v.content)
    const kids: unknown = v.components
    if (Array.isArray(kids)) stack.push(...elements(kids, Math.min(kids.length, CONTAINER_MAX)))
  }
  return out
}
