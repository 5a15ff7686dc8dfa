/**
 * Issue 27 item 6: tests of a bot without glue. `connect` joins a real
 * `createHandler` to the emulator as the service joins them: answers taken as the
 * service takes them (a follow-up right after a reply lands at once, no 404 10015,
 * no retry), and one await per step for everything the interaction started (the
 * deferral's edit, the follow-ups). And the fakes of component and modal-submit
 * payloads beside `fakeInteraction`, read by createHandler's routes as the
 * service's would be. Issue 30 item 4: a test presses a route's button, chooses in
 * its select and submits its modal by the component or modal as the app made it,
 * with no hand-written custom_id.
 */
import { describe, expect, it } from 'vitest'
import {
  actionRow,
  commands,
  embed,
  label,
  modalRoute,
  option,
  param,
  radioGroup,
  reply,
  route,
  selectOption,
  slash,
  stringSelect,
  textInput,
  checkbox,
  type HitOf,
} from '../../src/index.js'
import { createEmulator } from '../../src/emulator/index.js'
import { createHandler } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { connect, fakeComponentInteraction, fakeModalSubmit, generateTestKeys } from '../../src/testing/index.js'

const app = commands(
  slash('ping', 'Check'),
  slash('report', 'Make a report').options(option.integer('pages', 'Pages').min(1).max(3).required()),
  slash('poll', 'A poll'),
  slash('survey', 'Take the survey'),
  slash('later', 'Deferred, and answered by nobody'),
)
const user = { id: '600000000000000006', username: 'alice' }
const vote = route('vote', { choice: param.oneOf('yes', 'no') })
const colour = route('colour', { poll: param.integer({ min: 0, max: 99 }) })
const feedback = modalRoute('feedback', { poll: param.integer({ min: 0, max: 99 }) }, 'Feedback', [
  label('Why?', textInput('why', { style: 'paragraph', maxLength: 200 })),
  label('Colours', stringSelect('colours', [selectOption('Red', 'red'), selectOption('Blue', 'blue')], { maxValues: 2 })),
])
// Every kind of modal input but a file upload (file-upload.test.ts in test/emulator/invoke has that one).
const survey = modalRoute('survey', { poll: param.integer({ min: 0, max: 99 }) }, 'Survey', [
  label('Why?', textInput('why', { style: 'paragraph', maxLength: 200 })),
  label('Colours', stringSelect('colours', [selectOption('Red', 'red'), selectOption('Blue', 'blue')], { maxValues: 2 })),
  label(
    'How much?',
    radioGroup('much', [
      ['A little', 'little'],
      ['A lot', 'lot'],
    ]),
  ),
  label('Agreed', checkbox('agreed')),
])
const routes = [vote, colour, feedback, survey] as const
const colourSelect = colour.stringSelect({ poll: 7 }, [selectOption('Red', 'red'), selectOption('Blue', 'blue')], { maxValues: 2 })
const place = { guild: { id: '200000000000000002' } }

async function joined() {
  const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false, lobbies: false } })
  const bot = await connect(emulator, (publicKey, { applicationId, baseUrl, fetch }) => {
    const rest = createClient({ token: 'Bot test', applicationId, baseUrl, fetch })
    return createHandler({
      publicKey,
      app,
      rest,
      handlers: {
        ping: async (_, ctx) => {
          await ctx.reply('pong')
          await ctx.followUp('one more thing')
        },
        report: async ({ options }, ctx) => {
          await ctx.defer()
          await new Promise((r) => setTimeout(r, 300))
          await ctx.editReply(`report of ${options.pages} pages`)
          for (let p = 1; p <= options.pages; p++) await ctx.followUp(`page ${p}`)
        },
        poll: () => reply({ content: 'Lunch?', components: [actionRow(vote.button({ choice: 'yes' }, 'Yes')), actionRow(colourSelect)] }),
        survey: (_, ctx) => ctx.showModal(survey.modal({ poll: 42 })),
        // Defers and returns: the user sees "thinking..." until the token's 15 minutes end.
        later: (_, ctx) => ctx.defer(),
      },
      routes,
      components: {
        vote: async ({ params }, ctx) => {
          await ctx.update(`voted ${params.choice}`)
          await ctx.followUp('counted', { ephemeral: true })
        },
        colour: ({ params, values }, ctx) => ctx.showModal(feedback.modal({ poll: params.poll }, { title: `Why ${values.join(' and ')}?` })),
        feedback: ({ params, fields }) => reply(`poll ${params.poll}: ${fields.why} (${fields.colours.join(', ')})`, { ephemeral: true }),
        survey: ({ fields }) => `${fields.why}: ${fields.colours.join('+')}, ${fields.much ?? 'no answer'}, ${fields.agreed ? 'agreed' : 'not agreed'}`,
      },
    })
  })
  await createClient({ token: 'Bot test', applicationId: bot.applicationId, baseUrl: emulator.baseUrl, fetch: emulator.fetch }).deploy(app)
  return { emulator, bot }
}

describe('connect: a handler joined to the emulator', () => {
  it('a follow-up right after the reply lands at once: no 404 (10015), no retry', async () => {
    const { emulator, bot } = await joined()
    const r = await bot.invoke({ user, place, command: '/ping' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.transcript().map((e) => [e.kind, 'message' in e ? e.message?.content : undefined])).toEqual([
      ['callback', 'pong'],
      ['followup', 'one more thing'],
    ])
    expect(emulator.requests.filter((q) => q.path.startsWith('/webhooks')).map((q) => q.status)).toEqual([200])
  })

  it('one await for everything the interaction started: the deferral, its edit 300 ms later, each follow-up', async () => {
    const { bot } = await joined()
    const r = await bot.invoke({ user, place, command: '/report pages:2' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.transcript().map((e) => e.kind)).toEqual(['callback', 'original.edit', 'followup', 'followup'])
    await bot.settled()
  })

  it("a wait ends once the handler's work has settled: a deferral nothing answers ends 'settled', thinking, not after the token's 15 minutes", async () => {
    const { bot } = await joined()
    const later = await bot.invoke({ user, place, command: '/later' })
    const report = await bot.invoke({ user, place, command: '/report pages:1' })
    if (later.outcome !== 'answered' || report.outcome !== 'answered') throw new Error(JSON.stringify(later))
    // The emulator's own wait, on the interaction's 15 minutes, would pass the test's 5 s here.
    const s = await later.wait()
    expect([s.ended, s.thinking, s.transcript.map((e) => e.kind)]).toEqual(['settled', true, ['callback']])
    expect((await later.settle(50)).map((e) => e.kind)).toEqual(['callback'])
    // A cap of the caller's own, under the quiet time, is still the caller's.
    expect((await later.wait({ maxMs: 20 })).ended).toBe('cap')
    // until(done) that nothing more will make true: the transcript as it is after the quiet time, not after
    // its timeout (a minute here: the test's own 5 s would fail first).
    expect((await later.until((t) => t.length > 1, 60_000)).map((e) => e.kind)).toEqual(['callback'])
    expect((await report.until((t) => t.some((e) => e.kind === 'followup'), 60_000)).map((e) => e.kind)).toEqual(['callback', 'original.edit', 'followup'])
    // A deferral the handler answered: quiet, nothing pending.
    const done = await report.wait({ quietMs: 50 })
    expect([done.ended, done.thinking]).toEqual(['quiet', false])
  })

  it('press through the bot: the update and the ephemeral follow-up, done when it resolves', async () => {
    const { emulator, bot } = await joined()
    const poll = await bot.invoke({ user, place, command: '/poll' })
    const pressed = await bot.press({ user, component: vote.button({ choice: 'yes' }, 'Yes') })
    if (pressed.outcome !== 'answered' || poll.outcome !== 'answered') throw new Error(JSON.stringify(pressed))
    expect(pressed.transcript().map((e) => [e.kind, 'type' in e ? e.type : undefined])).toEqual([
      ['callback', 7],
      ['followup', undefined],
    ])
    expect(emulator.interactions.get(poll.interaction.id)?.original?.content).toBe('voted yes')
  })

  it("choose in a route's select and submit its modal, each named as the app made it: the handler gets the params, the values, the fields", async () => {
    const { bot } = await joined()
    await bot.invoke({ user, place, command: '/poll' })
    const chosen = await bot.choose({ user, component: colourSelect, values: ['red', 'blue'] })
    if (chosen.outcome !== 'answered') throw new Error(JSON.stringify(chosen))
    expect(chosen.callback).toMatchObject({ type: 9, data: { custom_id: feedback.id({ poll: 7 }), title: 'Why red and blue?' } })
    const submitted = await bot.submit({ user, modal: feedback.modal({ poll: 7 }), fields: { why: 'tasty', colours: ['blue'] } })
    if (submitted.outcome !== 'answered') throw new Error(JSON.stringify(submitted))
    expect(submitted.callback).toEqual({ type: 4, data: { content: 'poll 7: tasty (blue)', flags: 64 } })
    // Another modal of the same route (other params) is not open: refused by the client, nothing delivered.
    expect(await bot.submit({ user, modal: feedback.modal({ poll: 8 }), fields: { why: 'x' } })).toMatchObject({ outcome: 'refused', code: 'modal.unknown' })
  })

  it('submit takes each field as its handler reads it: a radio group its value, a checkbox a boolean (components reference, "Checkbox Interaction Response Structure")', async () => {
    const { bot } = await joined()
    const shown = await bot.invoke({ user, place, command: '/survey' })
    expect(shown).toMatchObject({ outcome: 'answered', callback: { type: 9 } })
    const submitted = await bot.submit({ user, modal: survey.modal({ poll: 42 }), fields: { why: 'fun', colours: ['red'], much: 'lot', agreed: true } })
    expect(submitted).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'fun: red, lot, agreed' } } })
    await bot.invoke({ user, place, command: '/survey' })
    const unticked = await bot.submit({ user, modal: survey.modal({ poll: 42 }), fields: { why: 'meh', colours: ['blue'], much: 'little', agreed: false } })
    expect(unticked).toMatchObject({ outcome: 'answered', callback: { data: { content: 'meh: blue, little, not agreed' } } })
    // A value of the wrong kind is the client's refusal, never a crash: a boolean for a text input, null for a select.
    await bot.invoke({ user, place, command: '/survey' })
    const loose = (fields: Record<string, unknown>) => bot.submit({ user, fields } as never)
    expect(await loose({ why: true, colours: ['red'], much: 'lot' })).toMatchObject({ outcome: 'refused', code: 'modal.field', path: ['fields', 'why'] })
    expect(await loose({ why: 'x', colours: null, much: 'lot' })).toMatchObject({ outcome: 'refused', code: 'select.values', path: ['fields', 'colours'] })
    expect(await loose({ why: 'x', colours: ['red'], much: null })).toMatchObject({ outcome: 'refused', code: 'modal.required', path: ['fields', 'much'] })
  })
})

describe('a handler made without rest: its webhook calls go to the emulator that called it, not to discord.com', () => {
  // Public API v10, "Receiving and Responding": the follow-ups and the deferral's edit go to the service that
  // sent the interaction. On a context of the emulator's (connect's, or the emulator's own call of an endpoint
  // function), a handler without `rest` reaches the emulator; before, its deferral's edit went to discord.com.
  const slowApp = commands(slash('slow', 'Answers late'), slash('many', 'Answers and follows up'))
  const make = (publicKey: string, onError: (e: unknown) => void, rest?: ReturnType<typeof createClient>) =>
    createHandler({
      publicKey,
      app: slowApp,
      deferAfter: 20,
      onError,
      ...(rest === undefined ? {} : { rest }),
      handlers: {
        slow: async () => {
          await new Promise((r) => setTimeout(r, 80))
          return 'done late'
        },
        many: async (_, ctx) => {
          await ctx.reply('first')
          await ctx.followUp('second')
        },
      },
    })
  const deploy = (emulator: ReturnType<typeof createEmulator>, applicationId: string) =>
    createClient({ token: 'Bot test', applicationId, baseUrl: emulator.baseUrl, fetch: emulator.fetch }).deploy(slowApp)
  const contents = (r: Awaited<ReturnType<ReturnType<typeof createEmulator>['invoke']>>) => {
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    return r.transcript().map((e) => [e.kind, 'message' in e ? e.message?.content : undefined])
  }

  it('connect: the automatic deferral answered by its edit, a follow-up after a reply; no onError', async () => {
    const emulator = createEmulator()
    const errors: unknown[] = []
    const bot = await connect(emulator, (publicKey) => make(publicKey, (e) => errors.push(e)))
    await deploy(emulator, bot.applicationId)
    expect(contents(await bot.invoke({ user, command: '/slow' }))).toEqual([
      ['callback', ''],
      ['original.edit', 'done late'],
    ])
    expect(contents(await bot.invoke({ user, command: '/many' }))).toEqual([
      ['callback', 'first'],
      ['followup', 'second'],
    ])
    expect(errors).toEqual([])
  })

  it("the emulator's own call of an endpoint function (what `slashkit invoke` does with a module's `handler`)", async () => {
    const emulator = createEmulator()
    const applicationId = '100000000000000001'
    const errors: unknown[] = []
    const endpoint = make(await emulator.publicKey(applicationId), (e) => errors.push(e))
    await deploy(emulator, applicationId)
    const r = await emulator.invoke({ applicationId, endpoint, user, command: '/slow' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect((await r.until((t) => t.length > 1)).map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    expect(errors).toEqual([])
  })

  it('a rest given wins: every webhook call goes through it', async () => {
    const emulator = createEmulator()
    const through: string[] = []
    const bot = await connect(emulator, (publicKey, { applicationId, baseUrl, fetch }) =>
      make(publicKey, () => {}, createClient({ token: 'Bot test', applicationId, baseUrl, fetch: (url, init) => (through.push(String(init?.method)), fetch(url, init)) })),
    )
    await deploy(emulator, bot.applicationId)
    expect(contents(await bot.invoke({ user, command: '/many' }))).toEqual([
      ['callback', 'first'],
      ['followup', 'second'],
    ])
    expect(through).toEqual(['POST'])
  })
})

describe('fakes of component and modal-submit payloads', () => {
  it('fakeComponentInteraction: a route button and a route select as made, read by createHandler as the service sends them', async () => {
    const keys = await generateTestKeys()
    const seen: unknown[] = []
    const handler = createHandler({
      publicKey: keys.publicKey,
      app,
      handlers: { ping: () => 'x', report: () => 'x', poll: () => 'x', survey: () => 'x', later: () => 'x' },
      routes,
      components: { vote: (v) => (seen.push(v), { type: 6 }), colour: (v) => (seen.push(v), { type: 6 }), feedback: () => 'x', survey: () => 'x' },
    })
    const yes = vote.button({ choice: 'yes' }, 'Yes')
    const button = fakeComponentInteraction({ component: yes, message: { content: 'Lunch?' } })
    expect(button).toMatchObject({
      type: 3,
      data: { custom_id: yes.custom_id, component_type: 2 },
      // The message holds the button pressed, as the service's does (before: no components).
      message: { content: 'Lunch?', components: [{ type: 1, id: 1, components: [{ ...yes, id: 2 }] }] },
      member: { user: { id: expect.any(String) } },
    })
    expect(await (await handler(await keys.request(button))).json()).toEqual({ type: 6 })
    const select = fakeComponentInteraction({ component: colourSelect, values: ['red', 'blue'], guildId: null })
    expect(select.data).toEqual({ custom_id: colourSelect.custom_id, component_type: 3, values: ['red', 'blue'] })
    expect(select.user).toBeDefined()
    await handler(await keys.request(select))
    expect(seen).toEqual([
      { route: 'vote', params: { choice: 'yes' }, customId: yes.custom_id, componentType: 2, values: [] },
      { route: 'colour', params: { poll: 7 }, customId: colourSelect.custom_id, componentType: 3, values: ['red', 'blue'] },
    ])
    // A message that says what it holds keeps it (a layout message, a row the test builds).
    expect(fakeComponentInteraction({ component: yes, message: { components: [] } }).message.components).toEqual([])
    // Its embeds as the app sent them (embed(...)) come as the service returns them (OpenAPI MessageEmbedResponse: type, each field's inline).
    const sent = embed({ title: 'Lunch?', fields: [['Closes', 'at noon']] })
    expect(fakeComponentInteraction({ component: yes, message: { embeds: [sent] } }).message.embeds).toEqual([
      { type: 'rich', title: 'Lunch?', fields: [{ name: 'Closes', value: 'at noon', inline: false }] },
    ])
    // The loose form still builds a payload from a custom_id and a type.
    expect(fakeComponentInteraction({ customId: 'legacy', values: ['a'] }).data).toEqual({ custom_id: 'legacy', component_type: 3, values: ['a'] })
    expect(() => fakeComponentInteraction({ component: { type: 2 } as never })).toThrow(/as made \(with custom_id and type\)/)
    // A key the fake does not take is refused with its path, not dropped (`value` for `values` made a button press).
    expect(() => fakeComponentInteraction({ customId: 'legacy', value: ['a'] } as never)).toThrow(
      new TypeError(
        'fakeComponentInteraction: input.value is not a field of input (its fields: component, customId, componentType, values, resolved, message, guildId, channelId, locale, user)',
      ),
    )
    expect(() => fakeModalSubmit({ customId: 'm', field: { a: 'x' } } as never)).toThrow(
      /^fakeModalSubmit: input\.field is not a field of input \(its fields: modal, customId, fields, /,
    )
    // Without its fields, a clear error, not the engine's "Cannot convert undefined or null to object".
    expect(() => fakeModalSubmit({ customId: 'm' } as never)).toThrow(
      new TypeError('fakeModalSubmit: input.fields must be an object of the submitted values by input custom_id (was undefined)'),
    )
  })

  it('fakeModalSubmit of a route modal: each input where the modal has it, with its type and its typed value; read back typed', async () => {
    const keys = await generateTestKeys()
    const seen: HitOf<typeof survey>[] = []
    const handler = createHandler({
      publicKey: keys.publicKey,
      app,
      handlers: { ping: () => 'x', report: () => 'x', poll: () => 'x', survey: () => 'x', later: () => 'x' },
      routes,
      components: { vote: () => 'x', colour: () => 'x', feedback: () => 'x', survey: (v) => (seen.push(v), 'thanks') },
    })
    const shown = survey.modal({ poll: 42 })
    const body = fakeModalSubmit({ modal: shown, fields: { why: 'spam', colours: ['red'], much: 'lot', agreed: true } })
    expect(body.data).toEqual({
      custom_id: shown.custom_id,
      components: [
        { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'why', value: 'spam' } },
        { type: 18, id: 3, component: { type: 3, id: 4, custom_id: 'colours', values: ['red'] } },
        { type: 18, id: 5, component: { type: 21, id: 6, custom_id: 'much', value: 'lot' } },
        { type: 18, id: 7, component: { type: 23, id: 8, custom_id: 'agreed', value: true } },
      ],
    })
    expect(await (await handler(await keys.request(body))).json()).toMatchObject({ type: 4, data: { content: 'thanks' } })
    expect(seen).toEqual([{ route: 'survey', params: { poll: 42 }, customId: shown.custom_id, fields: { why: 'spam', colours: ['red'], much: 'lot', agreed: true } }])
    // The loose form: text inputs in rows, selects in labels, numbered.
    const loose = fakeModalSubmit({ customId: 'report:42', fields: { reason: 'spam', severity: ['high'] } })
    expect(loose.data.components).toEqual([
      { type: 1, id: 1, components: [{ type: 4, id: 2, custom_id: 'reason', value: 'spam' }] },
      { type: 18, id: 3, component: { type: 3, id: 4, custom_id: 'severity', values: ['high'] } },
    ])
    expect(loose.message).toBeUndefined()
  })
})
