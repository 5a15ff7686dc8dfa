/**
 * The emulator's interactions (public API v10; the spec's "Events" 2 leaves the
 * transport and the response formats "not shown"): the callback endpoint answers
 * once within 3 s, the webhook works for 15 minutes, and the transcript records
 * each step on the emulator's clock.
 */
import { describe, expect, it } from 'vitest'
import { APP, OTHER_APP, setup, type Answer } from './helpers.js'

/** A request with no Authorization header: the token in the path authorizes. */
async function anon(s: ReturnType<typeof setup>, method: string, path: string, body?: unknown, raw?: string): Promise<Answer> {
  const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers: { 'content-type': 'application/json' } }
  if (raw !== undefined) init.body = raw
  else if (body !== undefined) init.body = JSON.stringify(body)
  const res = await s.emulator.fetch(`${s.emulator.baseUrl}${path}`, init)
  const text = await res.text()
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers }
}

const cb = (id: string, token: string, q = ''): string => `/interactions/${id}/${token}/callback${q}`
const hook = (token: string, rest = '', app = APP): string => `/webhooks/${app}/${token}${rest}`

describe('emulator: interaction callback (public API v10)', () => {
  it('answers a callback once with 204; a second is 400 code 40060', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    expect((await anon(s, 'POST', cb(id, token), { type: 4, data: { content: 'Hi' } })).status).toBe(204)
    const again = await anon(s, 'POST', cb(id, token), { type: 4, data: { content: 'Again' } })
    expect(again.status).toBe(400)
    expect(again.body.code).toBe(40060)
    const rec = s.emulator.interactions.get(id)
    expect(rec?.acknowledged).toBe(true)
    expect(rec?.original?.content).toBe('Hi')
    expect(rec?.transcript.map((e) => e.kind)).toEqual(['callback'])
  })

  it('refuses a callback after 3 seconds (404, code 10062) and an unknown id or wrong token alike', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    expect((await anon(s, 'POST', cb(id, 'wrong'), { type: 5 })).body.code).toBe(10062)
    expect((await anon(s, 'POST', cb('999', token), { type: 5 })).status).toBe(404)
    s.tick(3001)
    const late = await anon(s, 'POST', cb(id, token), { type: 5 })
    expect([late.status, late.body.code]).toEqual([404, 10062])
    expect(s.emulator.interactions.get(id)?.acknowledged).toBe(false)
  })

  it('with_response=true returns the InteractionCallbackResponse with the message', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    const a = await anon(s, 'POST', cb(id, token, '?with_response=true'), { type: 4, data: { content: 'Hi', flags: 64 } })
    expect(a.status).toBe(200)
    expect(a.body.interaction).toMatchObject({ id, type: 2, response_message_loading: false, response_message_ephemeral: true })
    expect(a.body.resource).toMatchObject({ type: 4, message: { content: 'Hi', flags: 64 } })
  })

  it('validates the body: unknown type, a callback type that does not answer this interaction, empty message, garbage JSON', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    const codes = async (body: unknown): Promise<[number, number, string[]]> => {
      const a = await anon(s, 'POST', cb(id, token), body)
      return [a.status, a.body.code, (a.body.issues ?? []).map((i: { code: string }) => i.code)]
    }
    expect(await codes({ type: 3 })).toEqual([400, 50035, ['enum.value']])
    expect(await codes({ type: 8, data: { choices: [] } })).toEqual([400, 50035, ['response.type']])
    expect(await codes({ type: 4, data: {} })).toEqual([400, 50006, []])
    expect(await codes({ type: 4, data: { content: 'x'.repeat(2001) } })).toEqual([400, 50035, ['string.length']])
    expect(await codes({ type: 4, data: { content: 'x', ephemeral: true } })).toEqual([400, 50035, ['field.unknown']])
    expect(await codes({ type: 4, data: { content: 'x', flags: 2 } })).toEqual([400, 50035, ['field.not_allowed']])
    expect(await codes({ type: 9, data: { custom_id: '', title: 't'.repeat(46), components: [] } })).toEqual([400, 50035, ['string.length', 'string.length', 'response.too_few']])
    expect((await anon(s, 'POST', cb(id, token), undefined, '{"type":')).body.code).toBe(50109)
    expect((await anon(s, 'POST', cb(id, token), undefined, '[]')).body.code).toBe(50035)
    expect((await anon(s, 'POST', cb(id, token), undefined, '{"__proto__":{"type":4},"type":1}')).body.issues.map((i: { code: string }) => i.code)).toEqual([
      'field.unknown',
      'response.type',
    ])
    // None of those acknowledged it.
    expect(s.emulator.interactions.get(id)?.acknowledged).toBe(false)
    expect((await anon(s, 'GET', cb(id, token))).status).toBe(405)
  })

  it('PING takes only PONG; autocomplete only its choices (kept on the record)', async () => {
    const s = setup()
    const ping = s.emulator.interactions.open(APP, { type: 1 })
    expect((await anon(s, 'POST', cb(ping.id, ping.token), { type: 4, data: { content: 'x' } })).status).toBe(400)
    expect((await anon(s, 'POST', cb(ping.id, ping.token), { type: 1 })).status).toBe(204)
    const auto = s.emulator.interactions.open(APP, { type: 4 })
    const choices = [{ name: 'Spam', value: 'spam' }]
    expect((await anon(s, 'POST', cb(auto.id, auto.token), { type: 8, data: { choices } })).status).toBe(204)
    expect(s.emulator.interactions.get(auto.id)?.choices).toEqual(choices)
    const many = s.emulator.interactions.open(APP, { type: 4 })
    const over = await anon(s, 'POST', cb(many.id, many.token), { type: 8, data: { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: i })) } })
    expect(over.body.issues.map((i: { code: string }) => i.code)).toEqual(['response.choices'])
  })

  it('respond() takes the callback as the HTTP answer would, with the same checks', () => {
    const s = setup()
    const { id } = s.emulator.interactions.open(APP)
    expect(s.emulator.interactions.respond('1', { type: 5 }).status).toBe(404)
    expect(s.emulator.interactions.respond(id, { type: 5 })).toEqual({ status: 204, body: undefined })
    expect(s.emulator.interactions.respond(id, { type: 5 }).body).toMatchObject({ code: 40060 })
    const t = s.emulator.interactions.get(id)?.transcript ?? []
    expect(t).toHaveLength(1)
    expect(t[0]).toMatchObject({ kind: 'callback', at: s.clock.now, via: 'response', type: 5, message: { content: '', flags: 128, type: 20 } })
  })
})

describe('emulator: interaction webhook (public API v10)', () => {
  it('a deferral, then an edit of the original, then two follow-ups: each in the transcript with its time', async () => {
    const s = setup()
    const t0 = s.clock.now
    const { id, token } = s.emulator.interactions.open(APP)
    s.emulator.interactions.respond(id, { type: 5, data: { flags: 64 } })
    let rec = s.emulator.interactions.get(id)
    expect(rec?.deferred).toBe(true)
    expect(rec?.original?.flags).toBe(64 | 128)
    s.tick(5000)
    const edit = await anon(s, 'PATCH', hook(token, '/messages/@original'), { content: 'Done' })
    expect(edit.status).toBe(200)
    expect(edit.body).toMatchObject({ content: 'Done', flags: 64, edited_timestamp: null })
    s.tick(100)
    const f1 = await anon(s, 'POST', hook(token), { content: 'one' })
    s.tick(100)
    const f2 = await anon(s, 'POST', hook(token, '?wait=true'), { content: 'two', flags: 64 })
    expect([f1.status, f2.status]).toEqual([200, 200])
    expect(f1.body.id).not.toBe(edit.body.id)
    rec = s.emulator.interactions.get(id)
    expect(rec?.deferred).toBe(false)
    expect(rec?.followUps.map((m) => [m.content, m.flags])).toEqual([
      ['one', 0],
      ['two', 64],
    ])
    expect(rec?.transcript.map((e) => [e.kind, e.at - t0])).toEqual([
      ['callback', 0],
      ['original.edit', 5000],
      ['followup', 5100],
      ['followup', 5200],
    ])
    expect((await anon(s, 'GET', hook(token, '/messages/@original'))).body.content).toBe('Done')
    expect((await anon(s, 'GET', hook(token, `/messages/${f1.body.id}`))).body.content).toBe('one')
  })

  it('after a deferral, the first follow-up replaces the "thinking" message', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    s.emulator.interactions.respond(id, { type: 5 })
    const f = await anon(s, 'POST', hook(token), { content: 'late answer' })
    const rec = s.emulator.interactions.get(id)
    expect(f.body.id).toBe(rec?.original?.id)
    expect(rec?.original).toMatchObject({ content: 'late answer', flags: 0 })
    expect(rec?.followUps).toEqual([])
    expect(rec?.transcript.at(-1)).toMatchObject({ kind: 'followup', replacedLoading: true })
  })

  it('edits and deletes follow-ups and the original; an unknown message is 404 code 10008', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    s.emulator.interactions.respond(id, { type: 4, data: { content: 'Hi' } })
    const f = await anon(s, 'POST', hook(token), { content: 'one' })
    s.tick(10)
    const e = await anon(s, 'PATCH', hook(token, `/messages/${f.body.id}`), { content: 'uno' })
    expect(e.body).toMatchObject({ content: 'uno', edited_timestamp: new Date(s.clock.now).toISOString() })
    expect((await anon(s, 'DELETE', hook(token, `/messages/${f.body.id}`))).status).toBe(204)
    expect((await anon(s, 'GET', hook(token, `/messages/${f.body.id}`))).body.code).toBe(10008)
    expect((await anon(s, 'DELETE', hook(token, '/messages/@original'))).status).toBe(204)
    expect((await anon(s, 'PATCH', hook(token, '/messages/@original'), { content: 'x' })).body.code).toBe(10008)
    const rec = s.emulator.interactions.get(id)
    expect(rec?.original).toBeUndefined()
    expect(rec?.transcript.map((x) => x.kind)).toEqual(['callback', 'followup', 'followup.edit', 'followup.delete', 'original.delete'])
  })

  it('no webhook before the callback (404 code 10015); a token over 15 minutes old or of another app is 401 code 50027', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    expect((await anon(s, 'POST', hook(token), { content: 'x' })).body.code).toBe(10015)
    s.emulator.interactions.respond(id, { type: 4, data: { content: 'Hi' } })
    expect((await anon(s, 'POST', hook(token, '', OTHER_APP), { content: 'x' })).body.code).toBe(50027)
    expect((await anon(s, 'POST', hook('nope'), { content: 'x' })).status).toBe(401)
    s.tick(15 * 60_000)
    expect((await anon(s, 'POST', hook(token), { content: 'still' })).status).toBe(200)
    s.tick(1)
    const late = await anon(s, 'POST', hook(token), { content: 'late' })
    expect([late.status, late.body.code]).toEqual([401, 50027])
    expect(JSON.stringify(late.body)).not.toContain(token)
  })

  it('validates follow-up and edit bodies: empty, too long, too many embeds, ephemeral on an edit', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    s.emulator.interactions.respond(id, { type: 4, data: { content: 'Hi' } })
    expect((await anon(s, 'POST', hook(token), {})).body.code).toBe(50006)
    const many = await anon(s, 'POST', hook(token), { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) })
    expect(many.body.issues.map((i: { code: string; path: unknown[] }) => [i.code, i.path])).toEqual([['response.too_many', ['embeds']]])
    const eph = await anon(s, 'PATCH', hook(token, '/messages/@original'), { flags: 64 })
    expect(eph.body.issues.map((i: { code: string }) => i.code)).toEqual(['field.not_allowed'])
    expect((await anon(s, 'POST', hook(token), undefined, 'garbage')).body.code).toBe(50109)
    expect((await anon(s, 'PUT', hook(token))).status).toBe(405)
    expect((await anon(s, 'POST', hook(token, '/other'))).status).toBe(404)
    expect(s.emulator.interactions.get(id)?.transcript).toHaveLength(1)
  })

  it('a component interaction: callback 7 updates the message that holds the component', async () => {
    const s = setup()
    const message = { id: '500000000000000005', content: 'Pick one', components: [{ type: 1, components: [{ type: 2, custom_id: 'pick:a', label: 'A', style: 1 }] }] }
    const { id } = s.emulator.interactions.open(APP, { type: 3, message })
    expect(s.emulator.interactions.respond(id, { type: 7, data: { content: 'Picked A', components: [] } }).status).toBe(204)
    expect(s.emulator.interactions.get(id)?.transcript[0]).toMatchObject({ kind: 'callback', type: 7, message: { id: message.id, content: 'Picked A', components: [] } })
  })

  it('is outside authentication and the global rate limit; reset forgets interactions; subscribers see each entry', async () => {
    const s = setup({ rateLimits: { global: 1 } })
    const seen: string[] = []
    const stop = s.emulator.interactions.subscribe((_, e) => seen.push(e.kind))
    const { id, token } = s.emulator.interactions.open(APP)
    s.emulator.interactions.respond(id, { type: 4, data: { content: 'Hi' } })
    for (let i = 0; i < 3; i++) expect((await anon(s, 'POST', hook(token), { content: `f${i}` })).status).toBe(200)
    stop()
    await anon(s, 'POST', hook(token), { content: 'unseen' })
    expect(seen).toEqual(['callback', 'followup', 'followup', 'followup'])
    s.emulator.reset()
    expect(s.emulator.interactions.get(id)).toBeUndefined()
    expect(s.emulator.interactions.list()).toEqual([])
  })
})

describe('emulator: what real clients send to the webhook endpoints', () => {
  it('reads a percent-encoded path segment as the service does (RFC 3986 2.1: discord.js sends %40original); a malformed escape matches nothing', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    s.emulator.interactions.respond(id, { type: 5 })
    const edit = await anon(s, 'PATCH', hook(token, '/messages/%40original'), { content: 'Done' })
    expect(edit.status).toBe(200)
    expect(s.emulator.interactions.get(id)?.original?.content).toBe('Done')
    expect((await anon(s, 'GET', hook(token, '/messages/%zzoriginal'))).status).toBe(404)
  })

  it('takes nonce, enforce_nonce and tts on a reply, a follow-up and an edit, as discord.js 14 sends them (OpenAPI MessageCreateRequest), and checks their types', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    const reply = s.emulator.interactions.respond(id, { type: 4, data: { content: 'Hi', tts: false, enforce_nonce: false } })
    expect(reply.status).toBe(204)
    expect((await anon(s, 'PATCH', hook(token, '/messages/@original'), { content: 'Edited', tts: false, enforce_nonce: false })).status).toBe(200)
    expect((await anon(s, 'POST', hook(token), { content: 'More', nonce: '1180218955160375406', enforce_nonce: true })).status).toBe(200)
    const bad = await anon(s, 'POST', hook(token), { content: 'More', nonce: 'x'.repeat(26), enforce_nonce: 'yes' })
    expect(bad.status).toBe(400)
    expect(bad.body.issues.map((i: { code: string; path: unknown[] }) => `${i.code} ${i.path.join('.')}`)).toEqual(['value.type enforce_nonce', 'value.type nonce'])
    // Other fields of a channel message stay refused on these bodies: a typo is never dropped in silence.
    expect((await anon(s, 'POST', hook(token), { content: 'More', sticker_ids: [] })).body.issues[0].code).toBe('field.unknown')
  })
})
