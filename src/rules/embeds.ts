/**
 * The rules of embeds (public API v10, OpenAPI `RichEmbed`, `RichEmbedField`,
 * `RichEmbedFooter`, `RichEmbedAuthor`, `RichEmbedImage`, `RichEmbedProvider`),
 * and of their total size (docs, "Embed Limits": 6000 characters in the titles,
 * descriptions, field names and values, footer texts and author names of all the
 * embeds of a message).
 */
import {
  COLOR_MAX,
  EMBED_AUTHOR_MAX,
  EMBED_DESCRIPTION_MAX,
  EMBED_FIELD_NAME_MAX,
  EMBED_FIELD_VALUE_MAX,
  EMBED_FIELDS_MAX,
  EMBED_FOOTER_MAX,
  EMBED_MEDIA_DESCRIPTION_MAX,
  EMBED_TITLE_MAX,
  EMBEDS_TOTAL_MAX,
  URL_MAX,
} from './message-limits.js'
import { bool, eachObject, elements, exactTotal, integer, isObject, knownKeys, list, text, url, within, type Json, type MessageWalk } from './message-fields.js'

const EMBED: Readonly<Record<string, 1>> = {
  type: 1,
  title: 1,
  description: 1,
  url: 1,
  timestamp: 1,
  color: 1,
  footer: 1,
  image: 1,
  thumbnail: 1,
  video: 1,
  provider: 1,
  author: 1,
  fields: 1,
}
const FIELD: Readonly<Record<string, 1>> = { name: 1, value: 1, inline: 1 }
const FOOTER: Readonly<Record<string, 1>> = { text: 1, icon_url: 1 }
const AUTHOR: Readonly<Record<string, 1>> = { name: 1, url: 1, icon_url: 1 }
const PROVIDER: Readonly<Record<string, 1>> = { name: 1, url: 1 }
const MEDIA: Readonly<Record<string, 1>> = { url: 1, width: 1, height: 1, description: 1, placeholder: 1, placeholder_version: 1, is_animated: 1 }

/** An ISO 8601 date and time, as `Date.prototype.toISOString` writes it or with an offset (OpenAPI `format: date-time`). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i

/** Checks the `embeds` of a message (the list itself is checked by the caller). */
export function checkEmbeds(c: MessageWalk, embeds: readonly unknown[]): void {
  let total = 0
  c.path.push('embeds')
  for (let i = 0; i < embeds.length; i++) total += checkEmbed(c, embeds[i], i)
  c.path.pop()
  if (total > EMBEDS_TOTAL_MAX) {
    // The sum above counts UTF-16 units where they decided a bound: count again in characters.
    const exact = exactTotal(embeds.flatMap(texts))
    if (exact > EMBEDS_TOTAL_MAX) c.add('embed.total', 'embeds', { count: exact, limit: EMBEDS_TOTAL_MAX })
  }
}

/** The strings of one embed that count towards the 6000. */
function texts(e: unknown): unknown[] {
  if (!isObject(e)) return []
  const out: unknown[] = [e.title, e.description]
  if (isObject(e.footer)) out.push(e.footer.text)
  if (isObject(e.author)) out.push(e.author.name)
  const fields: unknown = e.fields
  if (Array.isArray(fields)) for (const f of elements(fields, Math.min(fields.length, EMBED_FIELDS_MAX))) if (isObject(f)) out.push(f.name, f.value)
  return out
}

const size = (n: number): number => (n < 0 ? 0 : n)

/** One embed; returns what it adds to the total. */
function checkEmbed(c: MessageWalk, e: unknown, i: number): number {
  if (!isObject(e)) {
    c.add('value.type', i, { expected: 'an embed object' }, e)
    return 0
  }
  c.path.push(i)
  knownKeys(c, e, EMBED, 'an embed')
  const type = e.type ?? undefined
  if (type !== undefined && type !== 'rich') c.add('enum.value', 'type', { expected: '"rich" (what an application sends)' }, type)
  let n = size(text(c, e, 'title', 0, EMBED_TITLE_MAX)) + size(text(c, e, 'description', 0, EMBED_DESCRIPTION_MAX))
  url(c, e, 'url', URL_MAX, 'web')
  const stamp = e.timestamp ?? undefined
  if (stamp !== undefined && (typeof stamp !== 'string' || !TIMESTAMP.test(stamp) || Number.isNaN(Date.parse(stamp))))
    c.add('value.type', 'timestamp', { expected: 'an ISO 8601 timestamp such as "2025-01-31T12:00:00.000Z"' }, stamp)
  integer(c, e, 'color', 0, COLOR_MAX)
  within(c, e, 'footer', 'a footer: { text, icon_url }', FOOTER, 'an embed footer', (footer) => {
    n += size(text(c, footer, 'text', 0, EMBED_FOOTER_MAX, true))
    url(c, footer, 'icon_url', URL_MAX, 'media')
  })
  within(c, e, 'author', 'an author: { name, url, icon_url }', AUTHOR, 'an embed author', (author) => {
    n += size(text(c, author, 'name', 0, EMBED_AUTHOR_MAX, true))
    url(c, author, 'url', URL_MAX, 'web')
    url(c, author, 'icon_url', URL_MAX, 'media')
  })
  within(c, e, 'provider', 'a provider: { name, url }', PROVIDER, 'an embed provider', (provider) => {
    text(c, provider, 'name', 0, EMBED_AUTHOR_MAX)
    url(c, provider, 'url', URL_MAX, 'web')
  })
  media(c, e, 'image')
  media(c, e, 'thumbnail')
  media(c, e, 'video')
  const fields = list(c, e, 'fields', 0, EMBED_FIELDS_MAX, 'fields')
  if (fields !== undefined)
    eachObject(c, 'fields', fields, 'a field: { name, value, inline }', (f) => {
      knownKeys(c, f, FIELD, 'an embed field')
      n += size(text(c, f, 'name', 0, EMBED_FIELD_NAME_MAX, true)) + size(text(c, f, 'value', 0, EMBED_FIELD_VALUE_MAX, true))
      bool(c, f, 'inline')
    })
  c.path.pop()
  return n
}

/** An image, thumbnail or video: its URL (the web, or a file sent with the message) and sizes. */
function media(c: MessageWalk, e: Json, key: string): void {
  within(c, e, key, `an ${key === 'image' ? 'image' : key}: { url }`, MEDIA, `an embed ${key}`, (m) => {
    url(c, m, 'url', URL_MAX, 'media', true)
    integer(c, m, 'width', 0, Number.MAX_SAFE_INTEGER)
    integer(c, m, 'height', 0, Number.MAX_SAFE_INTEGER)
    text(c, m, 'description', 0, EMBED_MEDIA_DESCRIPTION_MAX)
    bool(c, m, 'is_animated')
  })
}
