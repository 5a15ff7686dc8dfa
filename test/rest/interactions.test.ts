/**
 * `rest.interactions` against the emulator: the interaction callback and webhook
 * endpoints of the public API v10 (the spec leaves response formats "not shown",
 * "Events" 2), sent without an Authorization header, bodies checked before sending,
 * and errors that never show the token.
 */
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../src/index.js'
import { RestError } from '../../src/rest/index.js'
import { APP, connect } from './helpers.js'

describe('rest.interactions (public API v10)', () => {
  it('defers, edits the original, follows up, edits and deletes a follow-up: all at the emulator, none with Authorization', async () => {
    const { rest, emulator, sent, clock } = connect()
    const { id, token } = emulator.interactions.open(APP)
    expect(await rest.interactions.callback(id, token, { type: 5 })).toBeUndefined()
    clock.now += 4000
    expect(await rest.interactions.editOriginal(token, 'Done')).toMatchObject({ content: 'Done', flags: 0 })
    const f = await rest.interactions.followUp(token, { content: 'psst', flags: 64 })
    expect(f).toMatchObject({ content: 'psst', flags: 64 })
    expect(await rest.interactions.getFollowUp(token, f.id)).toMatchObject({ id: f.id })
    expect(await rest.interactions.editFollowUp(token, f.id, 'edited')).toMatchObject({ content: 'edited', flags: 64 })
    await rest.interactions.deleteFollowUp(token, f.id)
    expect((await rest.interactions.getOriginal(token)).content).toBe('Done')
    await rest.interactions.deleteOriginal(token)
    expect(emulator.interactions.get(id)?.transcript.map((e) => e.kind)).toEqual(['callback', 'original.edit', 'followup', 'followup.edit', 'followup.delete', 'original.delete'])
    expect(sent.map((s) => [s.method, s.path.replace(token, ':token')])).toEqual([
      ['POST', `/interactions/${id}/:token/callback`],
      ['PATCH', `/webhooks/${APP}/:token/messages/@original`],
      ['POST', `/webhooks/${APP}/:token`],
      ['GET', `/webhooks/${APP}/:token/messages/${f.id}`],
      ['PATCH', `/webhooks/${APP}/:token/messages/${f.id}`],
      ['DELETE', `/webhooks/${APP}/:token/messages/${f.id}`],
      ['GET', `/webhooks/${APP}/:token/messages/@original`],
      ['DELETE', `/webhooks/${APP}/:token/messages/@original`],
    ])
    for (const s of sent) expect(s.headers.authorization).toBeUndefined()
  })

  it('with_response: the InteractionCallbackResponse', async () => {
    const { rest, emulator } = connect()
    const { id, token } = emulator.interactions.open(APP)
    const r = await rest.interactions.callback(id, token, { type: 4, data: { content: 'Hi' } }, { withResponse: true })
    expect(r?.resource?.message?.content).toBe('Hi')
  })

  it('checks bodies before sending: an empty follow-up, ephemeral: true, a callback of an unknown type', async () => {
    const { rest, emulator, sent } = connect()
    const { id, token } = emulator.interactions.open(APP)
    const issues = async (p: Promise<unknown>) => ((await p.catch((e: unknown) => e)) as ValidationError).issues.map((i) => i.code)
    expect(await issues(rest.interactions.followUp(token, ''))).toEqual(['response.empty'])
    expect(await issues(rest.interactions.followUp(token, { content: 'x', ephemeral: true } as never))).toEqual(['field.unknown'])
    expect(await issues(rest.interactions.callback(id, token, { type: 3 } as never))).toEqual(['enum.value'])
    expect(await issues(rest.interactions.editOriginal(token, { content: 'x'.repeat(2001) }))).toEqual(['string.length'])
    expect(sent).toEqual([])
  })

  it('refuses a token that would change the URL and a message id that is not a snowflake, without echoing them', async () => {
    const { rest, sent } = connect()
    const bad = 'abc/../../applications?x=1'
    const e = (await rest.interactions.followUp(bad, 'x').catch((x: unknown) => x)) as ValidationError
    expect(e).toBeInstanceOf(ValidationError)
    expect(e.message).not.toContain(bad)
    await expect(rest.interactions.getFollowUp('tok', '../x')).rejects.toBeInstanceOf(ValidationError)
    await expect(rest.interactions.callback('1/2', 'tok', { type: 1 })).rejects.toBeInstanceOf(ValidationError)
    expect(sent).toEqual([])
  })

  it('a refused request is a RestError whose message and path show :token, not the token', async () => {
    const { rest, emulator, clock } = connect()
    const { id, token } = emulator.interactions.open(APP)
    await rest.interactions.callback(id, token, { type: 4, data: { content: 'Hi' } })
    const twice = (await rest.interactions.callback(id, token, { type: 5 }).catch((e: unknown) => e)) as RestError
    expect([twice.status, twice.code]).toEqual([400, 40060])
    expect(twice.message).not.toContain(token)
    expect(twice.path).toBe(`/interactions/${id}/:token/callback`)
    clock.now += 15 * 60_000 + 1
    const expired = (await rest.interactions.followUp(token, 'late').catch((e: unknown) => e)) as RestError
    expect([expired.status, expired.code]).toEqual([401, 50027])
    expect(`${expired.message} ${expired.path}`).not.toContain(token)
  })
})
