/**
 * The command endpoints of the emulator (spec: "Command endpoints", "States and
 * transitions", "Naming rules" 3, "Limits", "Versioning" 2), through its
 * in-process `fetch`.
 */
import { describe, expect, it } from 'vitest'
import { APP, GUILD, OTHER_APP, OTHER_GUILD, global, guild, issuesOf, setup } from './helpers.js'

const ping = { name: 'ping', description: 'Pong' }

describe('create (spec: "Command endpoints", "Errors", "States and transitions")', () => {
  it('answers 201 with the command for a new name, with the fields the service adds ("Application command")', async () => {
    const { call } = setup()
    const r = await call('POST', global(), ping)
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ type: 1, name: 'ping', description: 'Pong', application_id: APP, default_member_permissions: null, nsfw: false })
    expect(r.body.id).toMatch(/^\d+$/)
    expect(r.body.version).toMatch(/^\d+$/)
    expect(r.body.guild_id).toBeUndefined()
  })

  it('is an upsert per application, type and scope: the same name again answers 200 and overwrites, keeping the id', async () => {
    const { call } = setup()
    const first = await call('POST', global(), { ...ping, nsfw: true })
    const again = await call('POST', global(), { name: 'ping', description: 'Pong again' })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect(again.body.description).toBe('Pong again')
    // Overwritten, not merged: nsfw is back to its default.
    expect(again.body.nsfw).toBe(false)
    expect(BigInt(again.body.version)).toBeGreaterThan(BigInt(first.body.version))
    expect((await call('GET', global())).body).toHaveLength(1)
  })

  it('keeps names apart by type, by scope and by application ("Naming rules" 3)', async () => {
    const { call } = setup()
    expect((await call('POST', global(), { name: 'ping', type: 2 })).status).toBe(201) // a USER command named ping
    expect((await call('POST', global(), ping)).status).toBe(201) // a CHAT_INPUT one
    expect((await call('POST', guild(), ping)).status).toBe(201) // a guild one
    expect((await call('POST', guild('', OTHER_GUILD), ping)).status).toBe(201) // another guild
    expect((await call('POST', `/applications/${OTHER_APP}/commands`, ping)).status).toBe(201) // another application
    expect((await call('GET', global())).body.map((c: { type: number }) => c.type)).toEqual([2, 1])
    const g = (await call('GET', guild())).body
    expect(g).toHaveLength(1)
    expect(g[0].guild_id).toBe(GUILD)
  })

  it('gives USER and MESSAGE commands an empty description ("Application command")', async () => {
    const { call } = setup()
    const r = await call('POST', global(), { type: 3, name: 'Report' })
    expect(r.body).toMatchObject({ type: 3, name: 'Report', description: '' })
  })

  it('refuses a body the rules refuse with 400, code 50035, the issues and the nested errors', async () => {
    const { call } = setup()
    const r = await call('POST', global(), { name: 'Ban', description: '' })
    expect(r.status).toBe(400)
    expect(r.body.code).toBe(50035)
    expect(issuesOf(r)).toEqual([
      ['name.lowercase', ['name']],
      ['description.length', ['description']],
    ])
    // The nested errors carry the public API's codes (public-codes.ts); the issues keep slashkit's.
    expect(r.body.errors.name._errors[0].code).toBe('APPLICATION_COMMAND_INVALID_NAME')
    expect(r.body.errors.description._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH')
    expect((await call('GET', global())).body).toEqual([])
  })

  it('refuses global-only fields and entry points in a guild ("Create body (guild)", "Naming rules" 3)', async () => {
    const { call } = setup()
    expect(issuesOf(await call('POST', guild(), { ...ping, contexts: [0] }))).toEqual([['scope.global_only', ['contexts']]])
    expect(issuesOf(await call('POST', guild(), { type: 4, name: 'launch' }))).toContainEqual(['scope.entry_point', ['type']])
  })

  it('counts commands per type in a scope: 100 CHAT_INPUT, 15 USER, 1 PRIMARY_ENTRY_POINT ("Limits")', async () => {
    const { call } = setup()
    for (let i = 0; i < 15; i++) expect((await call('POST', global(), { type: 2, name: `User ${i}` })).status).toBe(201)
    const over = await call('POST', global(), { type: 2, name: 'User 15' })
    expect(over.status).toBe(400)
    expect(over.body.code).toBe(30032)
    // An upsert of an existing name is not a new command.
    expect((await call('POST', global(), { type: 2, name: 'User 3' })).status).toBe(200)
    // Other types are counted apart.
    expect((await call('POST', global(), { type: 4, name: 'Launch' })).status).toBe(201)
    expect((await call('POST', global(), { type: 4, name: 'Launch 2' })).body.code).toBe(30032)
    for (let i = 0; i < 100; i++) await call('POST', guild(), { name: `c${i}`, description: 'd' })
    expect((await call('POST', guild(), { name: 'c100', description: 'd' })).body.code).toBe(30032)
  })

  it('limits creates to 200 a day per scope, answered 429 with code 30034 ("Limits")', async () => {
    const { call, tick } = setup({ rateLimits: { global: false, dailyCreates: 3 } })
    for (let i = 0; i < 3; i++) expect((await call('POST', guild(), { name: `c${i}`, description: 'd' })).status).toBe(201)
    const over = await call('POST', guild(), { name: 'c3', description: 'd' })
    expect(over.status).toBe(429)
    expect(over.body.code).toBe(30034)
    expect(over.body.retry_after).toBeGreaterThan(0)
    // Upserts are not creates; another scope has its own count; a day later the count starts again.
    expect((await call('POST', guild(), { name: 'c0', description: 'e' })).status).toBe(200)
    expect((await call('POST', guild('', OTHER_GUILD), { name: 'c3', description: 'd' })).status).toBe(201)
    tick(86_400_000)
    expect((await call('POST', guild(), { name: 'c3', description: 'd' })).status).toBe(201)
  })

  it('defaults to 200 creates a day ("Limits")', async () => {
    const { call } = setup({ rateLimits: { global: false } })
    for (let i = 0; i < 100; i++) await call('POST', guild(), { name: `c${i}`, description: 'd' })
    for (let i = 0; i < 100; i++) await call('POST', guild('', OTHER_GUILD), { name: `c${i}`, description: 'd' })
    // 200 in two scopes: each still has room.
    expect((await call('POST', guild(), { type: 2, name: 'U' })).status).toBe(201)
  })
})

describe('get, edit, delete (spec: "Command endpoints", "States and transitions")', () => {
  it('GET one answers the command; an unknown id is 404 with code 10063', async () => {
    const { call } = setup()
    const made = (await call('POST', guild(), ping)).body
    expect((await call('GET', guild(`/${made.id}`))).body).toEqual(made)
    const missing = await call('GET', guild('/123'))
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe(10063)
    // A guild command is not a global one, nor another guild's.
    expect((await call('GET', global(`/${made.id}`))).status).toBe(404)
    expect((await call('GET', guild(`/${made.id}`, OTHER_GUILD))).status).toBe(404)
  })

  it('PATCH overwrites each given field entirely and keeps the others; the version grows', async () => {
    const { call } = setup()
    const made = (
      await call('POST', global(), {
        ...ping,
        options: [
          { type: 3, name: 'a', description: 'A' },
          { type: 3, name: 'b', description: 'B' },
        ],
        nsfw: true,
      })
    ).body
    const r = await call('PATCH', global(`/${made.id}`), { description: 'New', options: [{ type: 5, name: 'c', description: 'C' }] })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ id: made.id, name: 'ping', description: 'New', nsfw: true, options: [{ type: 5, name: 'c', description: 'C' }] })
    expect(BigInt(r.body.version)).toBeGreaterThan(BigInt(made.version))
    expect((await call('GET', global(`/${made.id}`))).body).toEqual(r.body)
  })

  it('PATCH with the same values keeps the version ("Versioning" 2: it changes on substantial changes)', async () => {
    const { call } = setup()
    const made = (await call('POST', global(), ping)).body
    expect((await call('PATCH', global(`/${made.id}`), { description: 'Pong' })).body.version).toBe(made.version)
  })

  it('PATCH checks the edited command with the rules, and refuses a type change and a name taken by its type', async () => {
    const { call } = setup()
    const a = (await call('POST', global(), ping)).body
    await call('POST', global(), { name: 'pong', description: 'Ping' })
    const user = (await call('POST', global(), { type: 2, name: 'Profile' })).body
    expect(issuesOf(await call('PATCH', global(`/${a.id}`), { name: 'Bad Name' }))).toEqual([
      ['name.pattern', ['name']],
      ['name.lowercase', ['name']],
    ])
    expect(issuesOf(await call('PATCH', global(`/${a.id}`), { type: 2 }))).toEqual([['field.unknown', ['type']]])
    expect(issuesOf(await call('PATCH', global(`/${a.id}`), { name: 'pong' }))).toEqual([['set.duplicate_name', ['name']]])
    // A USER command may take a mixed-case name with spaces; a description is not allowed on it.
    expect((await call('PATCH', global(`/${user.id}`), { name: 'Show Profile' })).status).toBe(200)
    expect(issuesOf(await call('PATCH', global(`/${user.id}`), { description: 'x' }))).toEqual([['field.not_allowed', ['description']]])
    expect(issuesOf(await call('PATCH', guild(`/${a.id}`), {}))).toEqual([])
    expect((await call('PATCH', guild(`/${a.id}`), {})).status).toBe(404)
  })

  it('DELETE answers 204 with no body; the command is gone (404 after)', async () => {
    const { call } = setup()
    const made = (await call('POST', guild(), ping)).body
    const r = await call('DELETE', guild(`/${made.id}`))
    expect(r.status).toBe(204)
    expect(r.body).toBeUndefined()
    expect((await call('GET', guild())).body).toEqual([])
    expect((await call('DELETE', guild(`/${made.id}`))).status).toBe(404)
  })
})

describe('bulk overwrite (spec: "Command endpoints" rule 3)', () => {
  it('replaces the whole list of the scope, all types, and answers it', async () => {
    const { call } = setup()
    await call('POST', global(), ping)
    await call('POST', global(), { type: 2, name: 'Profile' })
    await call('POST', global(), { type: 3, name: 'Report' })
    const r = await call('PUT', global(), [
      { name: 'ban', description: 'Ban' },
      { type: 3, name: 'Report' },
    ])
    expect(r.status).toBe(200)
    expect(r.body.map((c: { name: string }) => c.name)).toEqual(['ban', 'Report'])
    expect((await call('GET', global())).body.map((c: { name: string }) => c.name)).toEqual(['ban', 'Report'])
    // Only that scope.
    expect((await call('GET', guild())).body).toEqual([])
  })

  it('keeps the id of a command of the same type and name, and of one named by its id', async () => {
    const { call } = setup()
    const a = (await call('PUT', guild(), [ping, { type: 2, name: 'Profile' }])).body
    const b = (
      await call('PUT', guild(), [
        { type: 2, name: 'Profile' },
        { ...ping, description: 'Changed' },
      ])
    ).body
    expect(b[1].id).toBe(a[0].id)
    expect(b[0].id).toBe(a[1].id)
    expect(b[0].version).toBe(a[1].version)
    expect(BigInt(b[1].version)).toBeGreaterThan(BigInt(a[0].version))
    const c = (await call('PUT', guild(), [{ id: a[0].id, name: 'renamed', description: 'R' }])).body
    expect(c[0].id).toBe(a[0].id)
  })

  it('refuses what validateCommands refuses (set rules included), and changes nothing', async () => {
    const { call } = setup()
    await call('PUT', global(), [ping])
    const r = await call('PUT', global(), [ping, { name: 'ping', description: 'Twice' }])
    expect(r.status).toBe(400)
    expect(issuesOf(r)).toEqual([['set.duplicate_name', [1, 'name']]])
    expect(issuesOf(await call('PUT', global(), { name: 'x' }))).toEqual([['value.type', []]])
    expect((await call('GET', global())).body.map((c: { name: string }) => c.name)).toEqual(['ping'])
  })

  it('an empty list deletes every command of the scope', async () => {
    const { call } = setup()
    await call('PUT', global(), [ping, { type: 2, name: 'Profile' }])
    expect((await call('PUT', global(), [])).body).toEqual([])
    expect((await call('GET', global())).body).toEqual([])
  })
})

describe('ids and versions (spec: "Application command" id, "Versioning" 2)', () => {
  it('are snowflakes that grow, even within one millisecond', async () => {
    const { call } = setup()
    const ids: bigint[] = []
    for (let i = 0; i < 5; i++) {
      const c = (await call('POST', global(), { name: `c${i}`, description: 'd' })).body
      ids.push(BigInt(c.id), BigInt(c.version))
    }
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('entry points (spec: "Application command" handler, "Other command rules" 3)', () => {
  const apps = [
    { id: APP, botToken: 'game', embedded: true },
    { id: OTHER_APP, botToken: 'plain' },
  ]

  it('an application with an Activity starts with the entry point named Launch, handler 2', async () => {
    const { call } = setup({ applications: apps })
    const list = (await call('GET', global(), undefined, { authorization: 'Bot game' })).body
    expect(list).toMatchObject([{ type: 4, name: 'Launch', handler: 2 }])
  })

  it('handler is settable only for an application with an Activity', async () => {
    const { call } = setup({ applications: apps })
    const body = { type: 4, name: 'Play', handler: 1 }
    // The one entry point exists: replace it with the bulk overwrite.
    expect((await call('PUT', global(), [body], { authorization: 'Bot game' })).status).toBe(200)
    const refused = await call('POST', `/applications/${OTHER_APP}/commands`, body, { authorization: 'Bot plain' })
    expect(refused.status).toBe(400)
    expect(issuesOf(refused)).toEqual([['field.not_allowed', ['handler']]])
    const bulk = await call('PUT', `/applications/${OTHER_APP}/commands`, [ping, body], { authorization: 'Bot plain' })
    expect(issuesOf(bulk)).toEqual([['field.not_allowed', [1, 'handler']]])
  })

  // "Command endpoints" rule 3 names chat-input, user and message; the public API v10
  // refuses a bulk overwrite that leaves the entry point out (400, JSON code 50240).
  it('a bulk overwrite that leaves out the entry point is refused, 50240, and changes nothing', async () => {
    const { call } = setup({ applications: apps })
    const bot = { authorization: 'Bot game' }
    const before = (await call('GET', global(), undefined, bot)).body as { id: string }[]
    const refused = await call('PUT', global(), [ping], bot)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 50240, message: expect.stringContaining('include the Entry Point command') })
    expect((await call('GET', global(), undefined, bot)).body).toEqual(before)
    // With it (as registered), the same list is taken, and the entry point keeps its id.
    const launch = { type: 4, name: 'Launch', handler: 2 }
    const ok = await call('PUT', global(), [ping, launch], bot)
    expect(ok.status).toBe(200)
    expect((ok.body as { id: string; type?: number }[]).find((c) => c.type === 4)?.id).toBe(before[0]?.id)
    // Deleted on its own, it is gone, and a list without one is taken again.
    expect((await call('DELETE', `${global()}/${before[0]?.id}`, undefined, bot)).status).toBe(204)
    expect((await call('PUT', global(), [ping], bot)).status).toBe(200)
  })
})

describe('GET-all with localization (spec: "Command endpoints" rule 5, "Other command rules" 7)', () => {
  const localized = {
    name: 'ban',
    name_localizations: { de: 'bannen', fr: 'bannir' },
    description: 'Ban a member',
    description_localizations: { de: 'Mitglied bannen' },
    options: [{ type: 3, name: 'reason', name_localizations: { de: 'grund' }, description: 'Why' }],
  }

  it('gives name_localized and description_localized for the X-Service-Locale locale, without dictionaries', async () => {
    const { call } = setup()
    await call('POST', global(), localized)
    const [c] = (await call('GET', global(), undefined, { 'x-service-locale': 'de' })).body
    expect(c).toMatchObject({ name: 'ban', name_localized: 'bannen', description_localized: 'Mitglied bannen' })
    expect(c.name_localizations).toBeUndefined()
    expect(c.description_localizations).toBeUndefined()
    expect(c.options[0]).toMatchObject({ name: 'reason', name_localized: 'grund' })
  })

  it('omits a localized field whose dictionary lacks the locale', async () => {
    const { call } = setup()
    await call('POST', global(), localized)
    const [c] = (await call('GET', global(), undefined, { 'x-service-locale': 'fr' })).body
    expect(c.name_localized).toBe('bannir')
    expect('description_localized' in c).toBe(false)
  })

  it('takes the locale from Accept-Language when there is no X-Service-Locale, and X-Service-Locale first', async () => {
    const { call } = setup()
    await call('POST', global(), localized)
    expect((await call('GET', global(), undefined, { 'accept-language': 'fr-CH, de;q=0.5' })).body[0].name_localized).toBe('bannir')
    expect((await call('GET', global(), undefined, { 'accept-language': 'fr', 'x-service-locale': 'de' })).body[0].name_localized).toBe('bannen')
  })

  it('with_localizations=true returns the full dictionaries instead', async () => {
    const { call } = setup()
    await call('POST', guild(), localized)
    const [c] = (await call('GET', guild('?with_localizations=true'), undefined, { 'x-service-locale': 'de' })).body
    expect(c.name_localizations).toEqual(localized.name_localizations)
    expect(c.description_localizations).toEqual(localized.description_localizations)
    expect(c.name_localized).toBeUndefined()
    expect(c.options[0].name_localizations).toEqual({ de: 'grund' })
  })

  it('GET one returns the dictionaries as stored', async () => {
    const { call } = setup()
    const made = (await call('POST', global(), localized)).body
    expect((await call('GET', global(`/${made.id}`), undefined, { 'x-service-locale': 'de' })).body.name_localizations).toEqual(localized.name_localizations)
  })
})
