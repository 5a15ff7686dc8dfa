/**
 * The HTTP rows of `npm run bench` (bench/http.mjs) compare the same work: each
 * side's answer to its signed request is the same body, a command's reply and a
 * route's button answered with UPDATE_MESSAGE (callback 7), or the row throws. A
 * change that breaks the path a row measures cannot pass as a speed-up.
 */
import { describe, expect, it } from 'vitest'
import { componentRow, httpRow } from '../bench/http-hand.mjs'
import { benchHttpAgainst, benchHttpComponent } from '../bench/http.mjs'
import * as root from '../dist/index.js'
import { createHandler } from '../dist/http.js'
import * as testing from '../dist/testing.js'

describe('bench/http.mjs', () => {
  it('the component row: both endpoints answer the button with the same UPDATE_MESSAGE, and a forged one with 401', async () => {
    const row = await componentRow({ ...root, ...testing })
    const handler = createHandler({ publicKey: row.keys.publicKey, app: row.app, handlers: row.handlers, routes: row.routes, components: row.components })
    const body = await (await handler(row.request())).json()
    expect(body).toEqual({ type: 7, data: { content: expect.stringMatching(/ voted sushi$/), components: [] } })
    expect(await (await row.hand(row.handRequest())).json()).toEqual(body)
    // The two requests differ in their custom_id alone: slashkit's packed, the hand-written one plain.
    const [ours, plain] = [JSON.parse(await row.request().text()), JSON.parse(await row.handRequest().text())]
    expect(ours.data.custom_id).toMatch(/^vote:/)
    expect(plain.data.custom_id).toBe('vote:1180218955160375406:sushi')
    expect({ ...ours, data: { ...ours.data, custom_id: '' } }).toEqual({ ...plain, data: { ...plain.data, custom_id: '' } })
    const forged = new Request('http://localhost/interactions', { method: 'POST', headers: { 'x-signature-ed25519': '00'.repeat(64), 'x-signature-timestamp': '1' }, body: '{}' })
    expect((await row.hand(forged)).status).toBe(401)
  })

  it('the rows run against the built package and give a ratio', async () => {
    const r = await benchHttpComponent({ rounds: 2, batchMs: 5, warmupMs: 10 })
    expect(r.ratio).toBeGreaterThan(0)
    const command = await httpRow({ ...root, ...testing })
    expect((await command.hand(command.request())).status).toBe(200)
  })

  it('--against times another build in the same rounds: here the repository against itself, both rows', async () => {
    const rows = await benchHttpAgainst(new URL('..', import.meta.url).pathname, { rounds: 2, batchMs: 5, warmupMs: 10 })
    expect(rows.map((r) => r.name)).toEqual([
      expect.stringMatching(/^createHandler request, this build vs /),
      expect.stringMatching(/^createHandler, a route's button, this build vs /),
    ])
    for (const r of rows) expect(r.ratio).toBeGreaterThan(0)
  })
})
