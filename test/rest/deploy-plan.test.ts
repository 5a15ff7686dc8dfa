/**
 * What a deploy tells an operator before it writes: each difference at its path
 * (`details`), and the Activity's entry point, which a global bulk overwrite may not
 * drop (public API v10: 400, JSON code 50240; "Command endpoints" rule 3 names
 * chat-input, user and message), kept when the set leaves it out.
 */
import { describe, expect, it } from 'vitest'
import { choice, commands, option, slash, user } from '../../src/index.js'
import { type DefinitionLike, diffCommands } from '../../src/rest/index.js'
import { APP, GUILD, connect } from './helpers.js'

const color = (...names: string[]) => option.string('color', 'Pick a color').choices(...names.map((n) => choice(n, n)))
const base = slash('paint', 'Paint it').localize('fr', { name: 'peindre', description: 'Peindre' })
const paint = base.options(color('red', 'blue'))

describe('deploy details: each difference at its path', () => {
  it('a reordered choices list, a description localization removed, an option added, a field changed', async () => {
    const { rest } = connect()
    await rest.deploy(commands(paint))
    const details = (def: DefinitionLike) => rest.deploy([def], { dryRun: true }).then((r) => r.changes[0]?.details)
    expect(await details(base.options(color('blue', 'red')))).toEqual(['options[0].choices reordered'])
    expect(await details(slash('paint', 'Paint it').localize('fr', { name: 'peindre' }).options(color('red', 'blue')))).toEqual(['description_localizations removed'])
    expect(await details(base.options(color('red', 'blue'), option.integer('coats', 'How many')))).toEqual(['options[1] added ("coats")'])
    expect(await details(base.options(color('red', 'green')))).toEqual(['options[0].choices[1] removed ("blue")', 'options[0].choices[1] added ("green")'])
    const de = slash('paint', 'Paint it').localize('fr', { name: 'peindre', description: 'Peindre' }).localize('de', { name: 'malen' }).options(color('red', 'blue'))
    expect(await details(de)).toEqual(['name_localizations.de added ("malen")'])
    expect(await details(slash('paint', 'Paint it all').localize('fr', { name: 'peindre', description: 'Peindre' }).options(color('red', 'blue')))).toEqual([
      'description changed ("Paint it" -> "Paint it all")',
    ])
  })

  it('diffCommands gives the same details without a client; an unchanged command has none', () => {
    const registered = [
      {
        id: '1',
        type: 1,
        name: 'paint',
        description: 'Paint it',
        options: [{ type: 3, name: 'color', description: 'c', description_localizations: { fr: 'couleur', de: 'Farbe' } }],
      },
    ]
    const d = diffCommands(registered, [
      { name: 'paint', description: 'Paint it', options: [{ type: 3, name: 'color', description: 'c', description_localizations: { fr: 'couleur' } }] },
    ])
    expect(d.changes).toEqual([{ action: 'update', type: 1, name: 'paint', id: '1', fields: ['options'], details: ['options[0].description_localizations.de removed'] }])
    expect(diffCommands(registered, registered).changes[0]).not.toHaveProperty('details')
  })
})

describe('deploy keeps the entry point the set leaves out', () => {
  const activity = () => connect({ token: 'Bot game' }, { applications: [{ id: APP, botToken: 'game', embedded: true }] })

  it('a dry run shows it unchanged and kept; the deploy sends it back, and it keeps its id', async () => {
    const { rest, sent, emulator } = activity()
    const launch = emulator.state.commands(APP)[0]!
    const plan = await rest.deploy(commands(paint, user('Show profile')), { dryRun: true })
    expect(plan.changes.map((c) => `${c.action} ${c.name}`)).toEqual(['create paint', 'create Show profile', 'unchanged Launch'])
    expect(plan.kept).toEqual([{ action: 'unchanged', type: 4, name: 'Launch', id: launch.id }])
    const done = await rest.deploy(commands(paint, user('Show profile')))
    expect(done.applied).toBe(true)
    const body = sent.at(-1)?.body as { type?: number; id?: string }[]
    expect(sent.at(-1)?.method).toBe('PUT')
    expect(body.find((c) => c.type === 4)).toMatchObject({ name: 'Launch', handler: 2 })
    expect(body.find((c) => c.type === 4)).not.toHaveProperty('version')
    expect(emulator.state.commands(APP).find((c) => c.type === 4)).toMatchObject({ id: launch.id, name: 'Launch', handler: 2 })
    // Without deploy's care, the service refuses the same list: what an operator would have met.
    await expect(rest.bulkOverwrite(commands(paint))).rejects.toMatchObject({ status: 400, code: 50240 })
  })

  it('a set that lists its own entry point replaces it; a guild deploy keeps nothing', async () => {
    const { rest } = activity()
    const r = await rest.deploy([{ type: 4, name: 'Play', handler: 1 }], { dryRun: true })
    expect(r.kept).toEqual([])
    expect(r.changes.map((c) => `${c.action} ${c.name}`)).toEqual(['create Play', 'delete Launch'])
    expect((await rest.deploy(commands(paint), { guildId: GUILD })).kept).toEqual([])
  })
})
