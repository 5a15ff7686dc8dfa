/**
 * An embed, and a layout message's media (OpenAPI `UnfurledMediaResponse`,
 * `FileComponentResponse`), as a message holds them when they come back (OpenAPI `MessageEmbedResponse`,
 * `MessageEmbedImageResponse`, `MessageEmbedAuthorResponse`,
 * `MessageEmbedFooterResponse`) is taken when it is sent back: an app that keeps an
 * embed while it changes the message (a poll's Close button, discord.js's
 * `EmbedBuilder.from(message.embeds[0])`) sends the fields the service added, and the
 * service takes them (docs/spec-notes.md, "Unknown fields"). Each of them is still
 * checked for its type, and a key neither schema lists stays `field.unknown`.
 */
import { describe, expect, it } from 'vitest'
import { validateInteractionResponse, validateWebhookMessage, type EmbedResponse } from '../../src/index.js'

const media = { url: 'https://cdn.example.com/a/chart.png', proxy_url: 'https://media.example.com/a/chart.png', width: 640, height: 480, content_type: 'image/png', flags: 0 }
const received: EmbedResponse = {
  type: 'rich',
  title: 'Lunch?',
  fields: [{ name: 'Closes', value: 'at noon', inline: false }],
  image: media,
  thumbnail: media,
  author: { name: 'Poll bot', icon_url: media.url, proxy_icon_url: media.proxy_url },
  footer: { text: 'today', icon_url: media.url, proxy_icon_url: media.proxy_url },
  flags: 0,
}

const issuesOf = (embed: unknown) => {
  const r = validateWebhookMessage({ embeds: [embed] })
  return r.ok ? [] : r.issues.map((i) => [i.code, i.path.join('.')])
}

describe('an embed as received, sent back', () => {
  it('is taken whole: in a webhook message, and in an UPDATE_MESSAGE callback (OpenAPI MessageEmbedResponse)', () => {
    expect(validateWebhookMessage({ embeds: [received] })).toMatchObject({ ok: true })
    expect(validateInteractionResponse({ type: 7, data: { content: 'Closed', embeds: [received], components: [] } })).toMatchObject({ ok: true })
    // The embed's flags are nullable in the response (MessageEmbedResponse.flags).
    expect(issuesOf({ ...received, flags: null })).toEqual([])
  })

  it('checks each field the service adds for its type: a URL, a media type, a 32-bit unsigned integer', () => {
    expect(issuesOf({ image: { ...media, proxy_url: 42 } })[0]).toEqual(['value.type', 'embeds.0.image.proxy_url'])
    expect(issuesOf({ thumbnail: { ...media, proxy_url: 'media.example.com/a.png' } })[0]?.[1]).toBe('embeds.0.thumbnail.proxy_url')
    expect(issuesOf({ image: { ...media, content_type: 7 } })[0]).toEqual(['value.type', 'embeds.0.image.content_type'])
    expect(issuesOf({ image: { ...media, content_type: '' } })[0]).toEqual(['string.length', 'embeds.0.image.content_type'])
    expect(issuesOf({ image: { ...media, flags: -1 } })[0]).toEqual(['number.range', 'embeds.0.image.flags'])
    expect(issuesOf({ flags: 2 ** 32 })[0]).toEqual(['number.range', 'embeds.0.flags'])
    expect(issuesOf({ author: { name: 'x', proxy_icon_url: 'attachment://a.png' } })[0]?.[1]).toBe('embeds.0.author.proxy_icon_url')
    expect(issuesOf({ footer: { text: 'x', proxy_icon_url: false } })[0]).toEqual(['value.type', 'embeds.0.footer.proxy_icon_url'])
  })

  it('still refuses a key neither the request nor the response lists (a typo)', () => {
    expect(issuesOf({ image: { ...media, proxy_urll: 'https://x.example/a.png' } })).toEqual([['field.unknown', 'embeds.0.image.proxy_urll']])
    expect(issuesOf({ footer: { text: 'x', proxy_url: 'https://x.example/a.png' } })).toEqual([['field.unknown', 'embeds.0.footer.proxy_url']])
    expect(issuesOf({ ...received, proxy_url: 'https://x.example/a.png' })).toEqual([['field.unknown', 'embeds.0.proxy_url']])
  })
})

describe("a layout message's media as received, sent back", () => {
  const unfurled = {
    url: 'https://example.com/a.png',
    id: '1180218955160375406',
    proxy_url: 'https://media.example.com/a.png',
    width: 64,
    height: 64,
    content_type: 'image/png',
    attachment_id: '1180218955160375407',
  }
  const received = {
    flags: 1 << 15,
    components: [
      {
        type: 17,
        id: 1,
        components: [
          { type: 9, id: 2, components: [{ type: 10, id: 3, content: '# Votes' }], accessory: { type: 11, id: 4, media: unfurled } },
          { type: 12, id: 5, items: [{ media: { ...unfurled, width: null, height: null, content_type: null } }] },
          { type: 13, id: 6, file: { url: 'attachment://votes.csv', id: '1180218955160375408', proxy_url: 'https://media.example.com/votes.csv' }, name: 'votes.csv', size: 120 },
        ],
      },
    ],
  }
  const issuesOfLayout = (message: unknown) => {
    const r = validateWebhookMessage(message)
    return r.ok ? [] : r.issues.map((i) => [i.code, i.path.join('.')])
  }

  it('is taken whole: the media with their id, proxy_url, sizes, media type and attachment id; a FILE with its name and size', () => {
    expect(issuesOfLayout(received)).toEqual([])
    expect(validateInteractionResponse({ type: 7, data: received })).toMatchObject({ ok: true })
  })

  it('checks each for its type, and refuses a key neither lists', () => {
    const thumb = (media: Record<string, unknown>) => ({ flags: 1 << 15, components: [{ type: 9, components: [{ type: 10, content: 'x' }], accessory: { type: 11, media } }] })
    const at = 'components.0.accessory.media'
    expect(issuesOfLayout(thumb({ ...unfurled, id: 'not a snowflake' }))[0]).toEqual(['snowflake.format', `${at}.id`])
    expect(issuesOfLayout(thumb({ ...unfurled, attachment_id: 7 }))[0]?.[1]).toBe(`${at}.attachment_id`)
    expect(issuesOfLayout(thumb({ ...unfurled, width: -1 }))[0]).toEqual(['number.range', `${at}.width`])
    expect(issuesOfLayout(thumb({ ...unfurled, proxy_url: 42 }))[0]).toEqual(['value.type', `${at}.proxy_url`])
    expect(issuesOfLayout(thumb({ ...unfurled, content_type: 1 }))[0]).toEqual(['value.type', `${at}.content_type`])
    expect(issuesOfLayout(thumb({ ...unfurled, proxy: 'https://x.example/a.png' }))).toEqual([['field.unknown', `${at}.proxy`]])
    const file = (f: Record<string, unknown>) => ({ flags: 1 << 15, components: [{ type: 13, file: { url: 'attachment://a.csv' }, ...f }] })
    expect(issuesOfLayout(file({ size: -1 }))[0]).toEqual(['number.range', 'components.0.size'])
    expect(issuesOfLayout(file({ name: 3 }))[0]).toEqual(['value.type', 'components.0.name'])
  })
})
