/**
 * One reading of the interaction or webhook token in a path (src/rest/token.ts,
 * `pathToken`): the limiter's route (`routeOf`: what hooks, errors and bucket keys
 * show) and the hiding of the token in an error's texts (`tokenHider`) hide the
 * same segment. The shapes are the OpenAPI's paths (discord-api-spec
 * `specs/openapi.json`): `/interactions/{interaction_id}/{interaction_token}/callback`,
 * `/webhooks/{webhook_id}/{webhook_token}`, its `/messages/@original` and
 * `/messages/{message_id}`; a token holds letters, digits, `-`, `_` and `.`.
 */
import { describe, expect, it } from 'vitest'
import { tokenHider } from '../../src/rest/fetch.js'
import { routeOf } from '../../src/rest/limiter.js'
import { pathToken } from '../../src/rest/token.js'

const BASE = 'https://discord.com/api/v10'
const ID = '123456789012345678'
const TOKEN = 'aW50ZXJhY3Rpb246MTIz.Zm9sbG93-dXA_x'

describe('pathToken, routeOf and tokenHider: one token pattern', () => {
  it.each([
    ['interaction callback', 'POST', `/interactions/${ID}/${TOKEN}/callback`, `/interactions/${ID}/:token/callback`, 'POST /interactions/:id/:token/callback'],
    ['callback with a query', 'POST', `/interactions/${ID}/${TOKEN}/callback?x=1`, `/interactions/${ID}/:token/callback?x=1`, 'POST /interactions/:id/:token/callback'],
    ['webhook with its token (a follow-up)', 'POST', `/webhooks/${ID}/${TOKEN}`, `/webhooks/${ID}/:token`, 'POST /webhooks/:id/:token'],
    ['its original message', 'PATCH', `/webhooks/${ID}/${TOKEN}/messages/@original`, `/webhooks/${ID}/:token/messages/@original`, 'PATCH /webhooks/:id/:token/messages/@original'],
    ['a follow-up message', 'DELETE', `/webhooks/${ID}/${TOKEN}/messages/${ID}`, `/webhooks/${ID}/:token/messages/${ID}`, 'DELETE /webhooks/:id/:token/messages/:id'],
    ['a token of one character', 'GET', `/webhooks/${ID}/x/messages/@original`, `/webhooks/${ID}/:token/messages/@original`, 'GET /webhooks/:id/:token/messages/@original'],
  ])('%s: both show :token where the token was', (_, method, path, hidden, route) => {
    const token = path.split('/')[3]?.split('?')[0] as string
    expect(pathToken(path)).toEqual({ token, at: path.indexOf(token) })
    const key = routeOf(method, path, true)
    expect(key.path).toBe(hidden)
    expect(key.route).toBe(route)
    // The hider reads the whole URL (the client's base before the path), as the transport passes it.
    const hide = tokenHider(`${BASE}${path}`)
    expect(hide(`request to ${BASE}${path} failed`)).toBe(`request to ${BASE}${hidden} failed`)
    expect(hide(path)).toBe(key.path)
    expect(`${key.route} ${key.path} ${key.queue} ${key.major}`).not.toContain(token)
  })

  it.each([
    ['a command route', 'PUT', `/applications/${ID}/commands`, `PUT /applications/:id/commands`],
    ['a webhook by id alone', 'GET', `/webhooks/${ID}`, 'GET /webhooks/:id'],
    ["a channel's webhooks", 'GET', `/channels/${ID}/webhooks`, 'GET /channels/:id/webhooks'],
    ['a guild command', 'GET', `/applications/${ID}/guilds/${ID}/commands/${ID}`, 'GET /applications/:id/guilds/:id/commands/:id'],
  ])('%s holds no token: both leave it as it is', (_, method, path, route) => {
    expect(pathToken(path)).toBeUndefined()
    expect(routeOf(method, path, true)).toMatchObject({ path, route })
    expect(tokenHider(`${BASE}${path}`)(`${BASE}${path}`)).toBe(`${BASE}${path}`)
  })

  it('the major id of a webhook path is its id and a fingerprint of its token, never the token', () => {
    // Public API v10: a webhook's major parameters are its id and token, so each
    // interaction's follow-ups get their own queue.
    const major = routeOf('POST', `/webhooks/${ID}/${TOKEN}`, false).major
    expect(major).toMatch(new RegExp(`^webhooks/${ID}/[0-9a-f]+$`))
    expect(major).not.toContain(TOKEN)
    expect(routeOf('PATCH', `/webhooks/${ID}/${TOKEN}/messages/@original`, false).major).toBe(major)
    expect(routeOf('POST', `/webhooks/${ID}/other-token`, false).major).not.toBe(major)
    expect(routeOf('POST', `/interactions/${ID}/${TOKEN}/callback`, false).major).toBe(`interactions/${ID}`)
  })
})
