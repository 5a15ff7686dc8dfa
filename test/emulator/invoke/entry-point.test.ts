/**
 * An Activity's entry point (PRIMARY_ENTRY_POINT, command type 4; spec "Other command
 * rules" 3): started from the App Launcher by its name. With APP_HANDLER (1) the app
 * gets the interaction and answers LAUNCH_ACTIVITY (callback 12, `launchActivity`);
 * with DISCORD_LAUNCH_ACTIVITY (2) the service launches the Activity itself and the app
 * gets nothing (`entry_point.service`). A real `createHandler` answers.
 */
import { describe, expect, it } from 'vitest'
import { commands, entryPoint, launchActivity, slash, type EntryPoint } from '../../../src/index.js'
import { createHandler } from '../../../src/http/index.js'
import { joined } from './helpers.js'

const APP = '100000000000000001'
const LEE = { id: '400000000000000004', username: 'lee' }
const place = { guild: { id: '200000000000000002' } }

async function bot(handler: 'AppHandler' | 'DiscordLaunchActivity') {
  const launch = entryPoint('launch', 'Play the game').handler(handler)
  const app = commands(slash('score', 'Scores'), launch)
  const seen: number[] = []
  const { bot: b } = await joined(
    app,
    ({ publicKey, rest }) =>
      createHandler({
        publicKey,
        app,
        rest,
        handlers: {
          score: () => 'no scores yet',
          launch: (_, ctx) => {
            seen.push(ctx.interaction.data.type)
            return launchActivity(launch as typeof launch & EntryPoint<string, 1>)
          },
        },
      }),
    { applications: [{ id: APP, botToken: 'bot', embedded: true }] },
  )
  return { b, seen }
}

describe('an entry point started by its name', () => {
  it('APP_HANDLER: the app gets a command of type 4 and answers LAUNCH_ACTIVITY (12)', async () => {
    const { b, seen } = await bot('AppHandler')
    const r = await b.invoke({ user: LEE, place, command: '/launch' })
    expect(r.outcome === 'answered' && [r.interaction.type, r.interaction.data.type, r.interaction.data.name, r.callback]).toEqual([2, 4, 'launch', { type: 12 }])
    expect(r.outcome === 'answered' && r.transcript().map((e) => [e.kind, 'type' in e ? e.type : undefined])).toEqual([['callback', 12]])
    expect(seen).toEqual([4])
  })

  it('DISCORD_LAUNCH_ACTIVITY: refused before delivery, the service launches it; nothing reaches the app', async () => {
    const { b, seen } = await bot('DiscordLaunchActivity')
    const r = await b.invoke({ user: LEE, place, command: '/launch' })
    expect(r.outcome === 'refused' && [r.code, r.path]).toEqual(['entry_point.service', []])
    expect(seen).toEqual([])
  })

  it('DISCORD_LAUNCH_ACTIVITY: the handler map may leave the entry point out, and the rest answers', async () => {
    const app = commands(slash('score', 'Scores'), entryPoint('launch', 'Play the game').handler('DiscordLaunchActivity'))
    const { bot: b } = await joined(app, ({ publicKey, rest }) => createHandler({ publicKey, app, rest, handlers: { score: () => 'no scores yet' } }), {
      applications: [{ id: APP, botToken: 'bot', embedded: true }],
    })
    const launched = await b.invoke({ user: LEE, place, command: '/launch' })
    expect(launched.outcome === 'refused' && launched.code).toBe('entry_point.service')
    const score = await b.invoke({ user: LEE, place, command: '/score' })
    expect(score.outcome === 'answered' && score.callback).toEqual({ type: 4, data: { content: 'no scores yet' } })
  })
})
