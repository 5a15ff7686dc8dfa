/**
 * The rules of embeds (public API v10, OpenAPI `RichEmbed`, `RichEmbedField`,
 * `RichEmbedFooter`, `RichEmbedAuthor`, `RichEmbedImage`, `RichEmbedProvider`),
 * and of their total size (docs, "Embed Limits": 6000 characters in the titles,
 * descriptions, field names and values, footer texts and author names of all the
 * embeds of a message).
 */
import {
  COLOR_MAX,
  CONTENT_TYPE_MAX,
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
import {
  bool,
  boolValue,
  elements,
  exactTotal,
  fieldNames,
  integer,
  integerValue,
  isObject,
  list,
  type MessageWalk,
  text,
  textValue,
  unknownKey,
  url,
  urlValue,
  withinValue,
} from './message-fields.js'

// With the fields an embed comes back with (OpenAPI `MessageEmbedResponse`: an icon's
// `proxy_icon_url`, the media's `proxy_url`, `content_type` and `flags`): an app that
// keeps an embed while it changes the message sends back what it received, and the
// service takes it (docs/spec-notes.md, "Unknown fields").
const FOOTER = /* @__PURE__ */ fieldNames('text icon_url proxy_icon_url')
const AUTHOR = /* @__PURE__ */ fieldNames('name url icon_url proxy_icon_url')
const PROVIDER = /* @__PURE__ */ fieldNames('name url')
const MEDIA = /* @__PURE__ */ fieldNames('url width height description placeholder placeholder_version is_animated proxy_url content_type flags')
/** `flags` of a received embed and of its media (OpenAPI `UInt32Type`). */
const FLAGS_MAX = 0xffffffff

/**
 * An ISO 8601 date and time, as `Date.prototype.toISOString` writes it or with an
 * offset (OpenAPI `format: date-time`): months 01-12, days 01-31, hours 00-23,
 * minutes and seconds 00-59.
 */
const TIMESTAMP = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i

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

/** One embed; returns what it adds to the total. Its fields are read by one `for...in` (a keyed read of a field it lacks costs more than the check). */
function checkEmbed(c: MessageWalk, e: unknown, i: number): number {
  if (!isObject(e)) {
    c.add('value.type', i, { expected: 'an embed object' }, e)
    return 0
  }
  c.path.push(i)
  let n = 0
  for (const key in e) {
    const v = e[key] ?? undefined
    switch (key) {
      case 'type':
        if (v !== undefined && v !== 'rich') c.add('enum.value', 'type', { expected: '"rich" (what an application sends)' }, v)
        break
      case 'title':
        n += size(textValue(c, key, v, 0, EMBED_TITLE_MAX))
        break
      case 'description':
        n += size(textValue(c, key, v, 0, EMBED_DESCRIPTION_MAX))
        break
      case 'url':
        urlValue(c, key, v, URL_MAX, 'web')
        break
      case 'timestamp':
        if (v !== undefined && (typeof v !== 'string' || !TIMESTAMP.test(v))) c.add('value.type', key, { expected: 'an ISO 8601 timestamp such as "2025-01-31T12:00:00.000Z"' }, v)
        break
      case 'color':
        integerValue(c, key, v, 0, COLOR_MAX)
        break
      case 'flags':
        integerValue(c, key, v, 0, FLAGS_MAX)
        break
      case 'footer':
        withinValue(c, key, v, 'a footer: { text, icon_url }', FOOTER, 'an embed footer', (footer) => {
          n += size(text(c, footer, 'text', 0, EMBED_FOOTER_MAX, true))
          url(c, footer, 'icon_url', URL_MAX, 'media')
          url(c, footer, 'proxy_icon_url', URL_MAX, 'web')
        })
        break
      case 'author':
        withinValue(c, key, v, 'an author: { name, url, icon_url }', AUTHOR, 'an embed author', (author) => {
          n += size(text(c, author, 'name', 0, EMBED_AUTHOR_MAX, true))
          url(c, author, 'url', URL_MAX, 'web')
          url(c, author, 'icon_url', URL_MAX, 'media')
          url(c, author, 'proxy_icon_url', URL_MAX, 'web')
        })
        break
      case 'provider':
        withinValue(c, key, v, 'a provider: { name, url }', PROVIDER, 'an embed provider', (provider) => {
          text(c, provider, 'name', 0, EMBED_AUTHOR_MAX)
          url(c, provider, 'url', URL_MAX, 'web')
        })
        break
      case 'image':
      case 'thumbnail':
      case 'video':
        media(c, key, v)
        break
      case 'fields':
        n += fields(c, list(c, e, key, 0, EMBED_FIELDS_MAX, 'fields'))
        break
      default:
        unknownKey(c, e, key, 'an embed')
    }
  }
  c.path.pop()
  return n
}

/** The fields of an embed: each a name, a value and whether it is inline; returns their characters. */
function fields(c: MessageWalk, list: readonly unknown[] | undefined): number {
  if (list === undefined) return 0
  let n = 0
  c.path.push('fields')
  for (let k = 0; k < list.length; k++) {
    const f = list[k]
    if (!isObject(f)) {
      c.add('value.type', k, { expected: 'a field: { name, value, inline }' }, f)
      continue
    }
    c.path.push(k)
    let named = false
    let valued = false
    for (const key in f) {
      const v = f[key]
      if (key === 'name') {
        named = true
        n += size(textValue(c, key, v, 0, EMBED_FIELD_NAME_MAX, true))
      } else if (key === 'value') {
        valued = true
        n += size(textValue(c, key, v, 0, EMBED_FIELD_VALUE_MAX, true))
      } else if (key === 'inline') boolValue(c, key, v ?? undefined)
      else unknownKey(c, f, key, 'an embed field')
    }
    if (!named) c.add('field.required', 'name', { expected: 'a string' })
    if (!valued) c.add('field.required', 'value', { expected: 'a string' })
    c.path.pop()
  }
  c.path.pop()
  return n
}

/** An image, thumbnail or video: its URL (the web, or a file sent with the message) and sizes. */
function media(c: MessageWalk, key: string, v: unknown): void {
  withinValue(c, key, v, `an ${key === 'image' ? 'image' : key}: { url }`, MEDIA, `an embed ${key}`, (m) => {
    url(c, m, 'url', URL_MAX, 'media', true)
    integer(c, m, 'width', 0, Number.MAX_SAFE_INTEGER)
    integer(c, m, 'height', 0, Number.MAX_SAFE_INTEGER)
    text(c, m, 'description', 0, EMBED_MEDIA_DESCRIPTION_MAX)
    bool(c, m, 'is_animated')
    url(c, m, 'proxy_url', URL_MAX, 'web')
    text(c, m, 'content_type', 1, CONTENT_TYPE_MAX)
    integer(c, m, 'flags', 0, FLAGS_MAX)
  })
}
