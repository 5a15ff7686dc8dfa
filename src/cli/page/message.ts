/**
 * What a message holds, drawn on the `slashkit dev` page (public API v10 shapes):
 * its embeds (colour bar, author, title, description, fields, image, thumbnail,
 * footer), its components as controls (buttons in their style, link buttons as
 * links, premium buttons shown; selects with their options or the world's users,
 * roles and channels) and the layout components (container with its colour bar,
 * section with its accessory, text display, thumbnail, media gallery, file,
 * separator), and its files as chips with images previewed.
 *
 * The page loads nothing from the network: an image is drawn only when it is a
 * file of the message (`attachment://NAME`, a PNG, JPEG, GIF or WebP, served by
 * the dev server at `/api/file`); any other URL is a link, never fetched. What a
 * click or a choice does is the caller's (`Controls`: main.ts sends it through
 * the emulator).
 */
import { ButtonStyle, ComponentType, SeparatorSpacing } from '../../internal.js'
import { describeAttachments, describeComponent, formatSize, hexColour, type ShownAttachment, type ShownComponent, type ShownEmbed } from '../render.js'
import type { SentMedia } from '../../emulator/invoke/components.js'

/** What the controls of a message do, and the entities an entity select offers. */
export interface Controls {
  press(messageId: string, c: ShownComponent): void
  choose(messageId: string, c: ShownComponent, values: string[]): void
  /** What an entity select offers: the world's users, roles or channels (of its `channel_types`). */
  entities(c: ShownComponent): { value: string; label: string }[]
}

/** An element with its attributes and children. */
export function el(tag: string, attrs: Record<string, string>, ...children: (Node | string)[]): HTMLElement {
  const e = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v)
  e.append(...children)
  return e
}

/** Media types the page previews: raster images a browser draws without running anything (no SVG). */
const PREVIEWED = /^image\/(?:png|jpeg|gif|webp)$/

const fileUrl = (a: ShownAttachment): string => `/api/file?id=${encodeURIComponent(a.id)}`

/** A link the user may follow in a new tab (http and https only); anything else as text. */
function link(url: string, text: string = url): HTMLElement {
  if (!/^https?:\/\//i.test(url)) return el('span', { class: 'url' }, text)
  return el('a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, text)
}

/** An image a component or embed points at: previewed when it is an image file of the message, else a link. */
function media(given: SentMedia | undefined, attachments: readonly ShownAttachment[], cls: string, alt = ''): HTMLElement {
  const url = given?.url
  if (url === undefined) return el('span', { class: `${cls} missing` }, '(no image)')
  // A file of the message: by the id the service returns with it, or by the name the app gave.
  const name = url.startsWith('attachment://') ? url.slice('attachment://'.length) : undefined
  const file = attachments.find((a) => a.id === given?.attachment_id) ?? (name === undefined ? undefined : attachments.find((a) => a.filename === name))
  if (file !== undefined && PREVIEWED.test(file.content_type ?? '')) return el('img', { class: cls, src: fileUrl(file), alt: alt || file.filename, 'data-url': url })
  if (file !== undefined) return el('div', { class: cls }, ...files([file]))
  // Named by the last part of its path; the whole URL is the link's and its tooltip.
  const shown = link(
    url,
    `🖼 ${
      url
        .replace(/[?#].*$/, '')
        .split('/')
        .pop() || url
    }`,
  )
  shown.setAttribute('title', url)
  return el('span', { class: `${cls} external`, 'data-url': url }, shown)
}

/** A message's files: a chip each (name, size, media type), an image previewed from the dev server (`/api/file`). */
export function files(list: readonly ShownAttachment[]): HTMLElement[] {
  const lines = describeAttachments(list)
  return list.map((a, n) => {
    const chip = el(
      'span',
      { class: 'file-chip', 'data-filename': a.filename, title: lines[n] ?? a.filename },
      el('span', { class: 'file-name' }, a.filename),
      el('span', { class: 'file-meta' }, `${formatSize(a.size)} · ${a.content_type ?? 'unknown type'}`),
    )
    if (!PREVIEWED.test(a.content_type ?? '')) return el('div', { class: 'file' }, chip)
    return el('div', { class: 'file' }, chip, el('img', { class: 'preview', src: fileUrl(a), alt: a.filename, loading: 'lazy' }))
  })
}

/** A message's embeds, each as the client draws it: a card with its colour bar. */
export function embeds(list: readonly ShownEmbed[], attachments: readonly ShownAttachment[]): HTMLElement[] {
  return list
    .filter((e) => typeof e === 'object' && e !== null)
    .map((e) => {
      const card = el('div', { class: 'embed' })
      if (typeof e.color === 'number') card.style.borderLeftColor = hexColour(e.color)
      const main = el('div', { class: 'embed-main' })
      if (e.author?.name !== undefined) main.append(el('div', { class: 'embed-author' }, e.author.url === undefined ? e.author.name : link(e.author.url, e.author.name)))
      if (e.title !== undefined) main.append(el('div', { class: 'embed-title' }, e.url === undefined ? e.title : link(e.url, e.title)))
      if (e.description !== undefined) main.append(el('div', { class: 'embed-description' }, e.description))
      const fields = Array.isArray(e.fields) ? e.fields : []
      if (fields.length > 0)
        main.append(
          el(
            'div',
            { class: 'embed-fields' },
            ...fields.map((f) =>
              el(
                'div',
                { class: `embed-field${f?.inline === true ? ' inline' : ''}` },
                el('div', { class: 'embed-field-name' }, f?.name ?? ''),
                el('div', { class: 'embed-field-value' }, f?.value ?? ''),
              ),
            ),
          ),
        )
      if (e.image?.url !== undefined) main.append(media(e.image, attachments, 'embed-image'))
      const footer = [e.footer?.text, e.timestamp].filter((t): t is string => typeof t === 'string')
      if (footer.length > 0) main.append(el('div', { class: 'embed-footer' }, footer.join(' • ')))
      card.append(main)
      if (e.thumbnail?.url !== undefined) card.append(media(e.thumbnail, attachments, 'embed-thumbnail'))
      return card
    })
}

/** The controls of a message's components: buttons to press, selects to choose in; layouts hold theirs. */
export function components(list: readonly ShownComponent[], messageId: string, attachments: readonly ShownAttachment[], controls: Controls): HTMLElement[] {
  return list
    .filter((c) => typeof c === 'object' && c !== null)
    .map((c) => {
      const title = describeComponent(c)
      switch (c.type) {
        case ComponentType.Button:
          return button(c, messageId, title, controls)
        case ComponentType.StringSelect:
        case ComponentType.UserSelect:
        case ComponentType.RoleSelect:
        case ComponentType.MentionableSelect:
        case ComponentType.ChannelSelect: {
          const select = selectFor(c, controls)
          const choose = el('button', { class: 'choose', type: 'button' }, 'Choose')
          if (c.disabled === true) for (const e of [select, choose]) e.setAttribute('disabled', '')
          choose.addEventListener('click', () =>
            controls.choose(
              messageId,
              c,
              Array.from(select.selectedOptions, (o) => o.value),
            ),
          )
          return el('span', { class: 'component select', 'data-custom-id': c.custom_id ?? '', title }, select, choose)
        }
        case ComponentType.TextDisplay:
          return el('div', { class: 'component text-display' }, c.content ?? '')
        case ComponentType.Thumbnail:
          return el('div', { class: 'component thumbnail', title }, media(c.media, attachments, 'media', c.description))
        case ComponentType.MediaGallery:
          return el('div', { class: 'component gallery', title }, ...(c.items ?? []).map((i) => media(i?.media, attachments, 'media', i?.description)))
        case ComponentType.File:
          return el('div', { class: 'component file-component', title }, media(c.file, attachments, 'media'))
        case ComponentType.Separator:
          return el('hr', { class: `component separator${c.divider === false ? ' space' : ''}${c.spacing === SeparatorSpacing.Large ? ' large' : ''}`, title })
        default: {
          // Rows, sections, containers: their components inside (a section's accessory on its right).
          const box = el('div', { class: `component layout type-${c.type}`, title })
          if (c.type === ComponentType.Container && typeof c.accent_color === 'number') box.style.borderLeftColor = hexColour(c.accent_color)
          const inner = components(c.components ?? [], messageId, attachments, controls)
          if (c.type === ComponentType.Section)
            box.append(el('div', { class: 'section-texts' }, ...inner), ...components(c.accessory === undefined ? [] : [c.accessory], messageId, attachments, controls))
          else box.append(...(inner.length > 0 ? inner : [title]))
          return box
        }
      }
    })
}

/** A button in its style: a link button opens its URL in a new tab; a premium one shows its SKU; the others are pressed through the emulator. */
function button(c: ShownComponent, messageId: string, title: string, controls: Controls): HTMLElement {
  const label = c.label ?? c.emoji?.name ?? ''
  if (c.style === ButtonStyle.Link) {
    const a = link(c.url ?? '', `${label} ↗`)
    a.setAttribute('class', `component link${c.disabled === true ? ' disabled' : ''}`)
    a.setAttribute('title', title)
    if (c.disabled === true) a.removeAttribute('href')
    return a
  }
  // A premium button opens the SKU's store page in the client: no interaction, nothing to deliver.
  const premium = c.style === ButtonStyle.Premium
  const b = el(
    'button',
    { class: `component button style-${c.style ?? 1}`, 'data-custom-id': c.custom_id ?? '', title, type: 'button' },
    premium ? `${label || 'Premium'} (SKU ${c.sku_id ?? ''})` : label,
  )
  if (c.disabled === true || premium) b.setAttribute('disabled', '')
  if (!premium) b.addEventListener('click', () => controls.press(messageId, c))
  return b
}

/**
 * A select element for a select menu: its options, or the world's users, roles or
 * channels (entity selects); several values only when `max_values` allows them,
 * and the defaults (`default: true` options, `default_values`) chosen.
 */
export function selectFor(c: ShownComponent, controls: Controls): HTMLSelectElement {
  const attrs: Record<string, string> = { 'data-custom-id': c.custom_id ?? '', size: '3' }
  if ((c.max_values ?? 1) > 1) attrs.multiple = ''
  if (c.placeholder !== undefined) attrs.title = c.placeholder
  const select = el('select', attrs) as HTMLSelectElement
  const entries = c.type === ComponentType.StringSelect ? (c.options ?? []).map((o) => ({ value: o.value ?? '', label: o.label ?? o.value ?? '' })) : controls.entities(c)
  const chosen = new Set([...(c.options ?? []).filter((o) => o.default === true).map((o) => o.value), ...(c.default_values ?? []).map((d) => d.id)])
  for (const o of entries) select.append(el('option', chosen.has(o.value) ? { value: o.value, selected: '' } : { value: o.value }, o.label))
  return select
}
