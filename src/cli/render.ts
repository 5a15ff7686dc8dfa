/**
 * What the components of a message or a modal are, as lines of text: `slashkit
 * invoke` prints them under each message of the transcript, and the dev page shows
 * the same description beside the controls it draws. Buttons with their style,
 * label, `custom_id` and whether disabled; selects with their options or the kind
 * of entity they offer and how many values; modal inputs; layout components (public
 * API v10 types 9 to 18) by what they hold, nested ones indented. A type it does not
 * know is named by its number. Plain TypeScript, no Node: the page bundles it.
 */
import type { SentComponent, SentMedia } from '../emulator/invoke/components.js'
import { ButtonStyle, ComponentType, SeparatorSpacing, TextInputStyle } from '../internal.js'

/** A component as sent (public API v10 fields; the emulator's reading of them). */
export type ShownComponent = SentComponent

/** Public API v10 button styles, by value. */
export const BUTTON_STYLES: Readonly<Record<number, string>> = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' }
/** What the entity selects offer (public API v10 component types 5 to 8). */
const ENTITIES: Readonly<Record<number, string>> = { 5: 'users', 6: 'roles', 7: 'users and roles', 8: 'channels' }
/** Layout components (public API v10), by type. */
const LAYOUT: Readonly<Record<number, string>> = {
  [ComponentType.ActionRow]: 'row',
  [ComponentType.Section]: 'section',
  [ComponentType.Thumbnail]: 'thumbnail',
  [ComponentType.MediaGallery]: 'media gallery',
  [ComponentType.File]: 'file',
  [ComponentType.Separator]: 'separator',
  [ComponentType.Container]: 'container',
  [ComponentType.Label]: 'label',
}

/** A text of the app's quoted as message content is (`"# Ticket 1\nopen"`): a line break or a terminal's control sequence in it is shown escaped, never printed. */
const quoted = (text: string | undefined): string => JSON.stringify(text ?? '')

/** A label shown unquoted (a button's, an option's) with its control characters escaped. */
const bare = (text: string): string => text.replace(/\p{Cc}/gu, (c) => JSON.stringify(c).slice(1, -1))

const count = (c: ShownComponent): string => {
  const min = c.min_values ?? 1
  const max = c.max_values ?? 1
  return min === max ? `${min}` : `${min}-${max}`
}

/** A select's, a radio group's or a checkbox group's options: `Label=value | ...`. */
const optionList = (c: ShownComponent): string => (c.options ?? []).map((o) => bare(o.label === undefined || o.label === o.value ? o.value : `${o.label}=${o.value}`)).join(' | ')

/** One component on one line (its children are not included). */
export function describeComponent(c: ShownComponent): string {
  const cid = bare(c.custom_id ?? '')
  const id = c.custom_id === undefined ? '' : ` · ${cid}`
  const off = c.disabled === true ? ' · disabled' : ''
  switch (c.type) {
    case ComponentType.Button: {
      const label = bare(c.label ?? c.emoji?.name ?? '')
      if (c.style === ButtonStyle.Link) return `[${label} → ${c.url ?? ''}${off}]`
      return `[${label} · ${BUTTON_STYLES[c.style ?? 0] ?? `style ${c.style}`}${id}${off}]`
    }
    case ComponentType.StringSelect:
      return `<${cid}: ${optionList(c)} · pick ${count(c)}${off}>`
    case ComponentType.TextInput:
      return `${cid} ${quoted(c.label)} ${c.style === TextInputStyle.Paragraph ? 'paragraph' : 'short'}${c.required === false ? '' : ', required'}${c.min_length === undefined && c.max_length === undefined ? '' : `, ${c.min_length ?? 0}-${c.max_length ?? 4000} characters`}${c.value === undefined ? '' : `, ${quoted(c.value)}`}`
    case ComponentType.UserSelect:
    case ComponentType.RoleSelect:
    case ComponentType.MentionableSelect:
    case ComponentType.ChannelSelect:
      return `<${cid}: ${ENTITIES[c.type]}${c.channel_types === undefined ? '' : ` of types ${c.channel_types.join(', ')}`} · pick ${count(c)}${off}>`
    case ComponentType.TextDisplay:
      return quoted(c.content)
    case ComponentType.RadioGroup:
      return `(${cid}: ${optionList(c)} · pick one${c.required === false ? '' : ', required'})`
    case ComponentType.CheckboxGroup:
      return `{${cid}: ${optionList(c)} · pick ${c.required === false ? 0 : (c.min_values ?? 1)}-${c.max_values ?? c.options?.length ?? 1}}`
    case ComponentType.Checkbox:
      return `[ ] ${cid}`
    case ComponentType.FileUpload:
      // A file upload: min_values and max_values default to 1, required to true (components reference, "File Upload").
      return `<${cid}: files · pick ${c.required === false ? 0 : (c.min_values ?? 1)}-${c.max_values ?? 1}>`
    case ComponentType.Thumbnail:
      return `thumbnail ${media(c.media, c.description, c.spoiler)}`
    case ComponentType.MediaGallery:
      return `media gallery: ${(c.items ?? []).map((i) => media(i.media, i.description, i.spoiler)).join(', ')}`
    case ComponentType.File:
      return `file ${media(c.file, undefined, c.spoiler)}`
    case ComponentType.Separator:
      return `${c.divider === false ? 'space' : 'separator'}${c.spacing === SeparatorSpacing.Large ? ' (large)' : ''}`
    case ComponentType.Container:
      return `container${typeof c.accent_color === 'number' ? ` ${hexColour(c.accent_color)}` : ''}${c.spoiler === true ? ' (spoiler)' : ''}`
    default:
      return LAYOUT[c.type] === undefined ? `(component type ${c.type})` : `${LAYOUT[c.type]}${c.type === ComponentType.Label ? ` ${quoted(c.label)}` : ''}`
  }
}

/** A colour as `#rrggbb`. */
export const hexColour = (n: number): string => `#${(n & 0xffffff).toString(16).padStart(6, '0')}`

/** An image or file a component or embed points at: its URL, its alt text, whether hidden. */
const media = (m: SentMedia | undefined, alt: string | undefined, spoiler: boolean | undefined): string =>
  `${bare(attached(m) ?? m?.url ?? '(no url)')}${alt === undefined ? '' : ` ${quoted(alt)}`}${spoiler === true ? ' (spoiler)' : ''}`

/** A file of the message a component shows, as the app named it (`attachment://chart.png`): the service returns its URL and `attachment_id`. */
const attached = (m: SentMedia | undefined): string | undefined =>
  m?.attachment_id === undefined || m.url === undefined || m.url.startsWith('attachment://')
    ? undefined
    : `attachment://${
        m.url
          .replace(/[?#].*$/u, '')
          .split('/')
          .pop() ?? ''
      }`

/** The lines of a list of components: an action row's children on its line; other children indented under their parent. */
export function describeComponents(list: unknown, indent = ''): string[] {
  const lines: string[] = []
  for (const c of Array.isArray(list) ? (list as ShownComponent[]) : []) {
    if (typeof c !== 'object' || c === null) continue
    if (c.type === ComponentType.ActionRow) {
      lines.push(`${indent}${(c.components ?? []).map(describeComponent).join('  ')}`)
      continue
    }
    lines.push(`${indent}${describeComponent(c)}`)
    const children = [...(c.components ?? []), ...(c.component === undefined ? [] : [c.component]), ...(c.accessory === undefined ? [] : [c.accessory])]
    if (children.length > 0 && lines.length < 200) lines.push(...describeComponents(children, `${indent}  `))
  }
  return lines
}

/** An embed (public API v10 embed object: the fields shown). */
export interface ShownEmbed {
  readonly title?: string
  readonly description?: string
  readonly url?: string
  readonly color?: number
  readonly timestamp?: string
  readonly fields?: readonly { readonly name: string; readonly value: string; readonly inline?: boolean }[]
  readonly author?: { readonly name?: string; readonly url?: string; readonly icon_url?: string }
  readonly footer?: { readonly text?: string; readonly icon_url?: string }
  readonly image?: { readonly url?: string }
  readonly thumbnail?: { readonly url?: string }
}

/**
 * The embeds of a message as lines: `embed "Title" #5865f2`, then indented its
 * author, description, fields (`"name": "value"`, inline marked), image,
 * thumbnail and footer, each when it has one.
 */
export function describeEmbeds(list: unknown): string[] {
  const embeds = Array.isArray(list) ? (list as ShownEmbed[]).filter((e) => typeof e === 'object' && e !== null) : []
  return embeds.flatMap((e) => {
    const head = `embed${e.title === undefined ? '' : ` ${JSON.stringify(e.title)}`}${typeof e.color === 'number' ? ` ${hexColour(e.color)}` : ''}${e.url === undefined ? '' : ` → ${e.url}`}`
    const body = [
      e.author?.name === undefined ? '' : `author ${JSON.stringify(e.author.name)}`,
      e.description === undefined ? '' : JSON.stringify(e.description),
      ...(Array.isArray(e.fields) ? e.fields : []).map((f) => `${JSON.stringify(f?.name ?? '')}: ${JSON.stringify(f?.value ?? '')}${f?.inline === true ? ' (inline)' : ''}`),
      e.image?.url === undefined ? '' : `image ${e.image.url}`,
      e.thumbnail?.url === undefined ? '' : `thumbnail ${e.thumbnail.url}`,
      e.footer?.text === undefined ? '' : `footer ${JSON.stringify(e.footer.text)}${e.timestamp === undefined ? '' : ` · ${e.timestamp}`}`,
    ]
    return [head, ...body.filter((l) => l !== '').map((l) => `  ${l}`)]
  })
}

/** A file attached to a message (public API v10 attachment object: the fields shown). */
export interface ShownAttachment {
  readonly id: string
  readonly filename: string
  readonly size: number
  readonly content_type?: string
}

/** A size as people read it: bytes below 1 KiB, else KiB or MiB with one decimal. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const kib = bytes / 1024
  return kib < 1024 ? `${kib.toFixed(1)} KiB` : `${(kib / 1024).toFixed(1)} MiB`
}

/** The files of a message, one line each: `file "chart.png" 2.1 KiB image/png` (no media type: `unknown type`). */
export function describeAttachments(list: unknown): string[] {
  const files = Array.isArray(list) ? (list as ShownAttachment[]).filter((a) => typeof a === 'object' && a !== null && typeof a.filename === 'string') : []
  return files.map((a) => `file ${JSON.stringify(a.filename)} ${formatSize(typeof a.size === 'number' ? a.size : 0)} ${a.content_type ?? 'unknown type'}`)
}

/** A modal (callback 9) as lines: its title and `custom_id`, then its inputs. */
export function describeModal(modal: unknown): string[] {
  const m = (typeof modal === 'object' && modal !== null ? modal : {}) as { title?: string; custom_id?: string; components?: unknown }
  return [`modal ${quoted(m.title)} (${bare(m.custom_id ?? '')})`, ...describeComponents(m.components, '  ')]
}
