/**
 * The emulator's `invoke`, `press`, `choose`, `submit` and `picker` inputs, and
 * `slashkit/testing`'s `TestBot` steps, take `undefined` on each optional key, as
 * every other public option bag does (DESIGN.md: "a key whose value is `undefined`
 * is absent"; test-d/option-bags.test-d.ts). A script fills them from optional
 * values (`locale: process.env.LOCALE`). Compiled with exactOptionalPropertyTypes
 * off and on (test-d/tsconfig.exact.json), where a key typed `?: string` alone
 * refuses `undefined`. The run time gives each its default
 * (test/emulator/invoke/undefined-inputs.test.ts).
 */
import { expectAssignable } from 'tsd'
import { label, modal, textInput } from '../dist/index.js'
import type {
  ChooseInput,
  Declared,
  Emulator,
  InvokeAttachment,
  InvokeChannel,
  InvokeInput,
  InvokeMessage,
  InvokePlace,
  InvokeRole,
  InvokeUser,
  PickerInput,
  PressInput,
  SubmitInput,
} from '../dist/emulator.js'
import type { TestBot } from '../dist/testing.js'

declare const env: Readonly<Record<string, string | undefined>>
declare const maybeNumber: number | undefined
declare const maybeFlag: boolean | undefined
declare const emulator: Emulator
declare const bot: TestBot
declare const endpoint: InvokeInput['endpoint']

// Who and where: every optional key of a declared user, role, channel, file and message, and of the place.
const user = {
  id: '10',
  username: env.NAME,
  globalName: undefined,
  roles: undefined,
  permissions: undefined,
  administrator: maybeFlag,
  adult: maybeFlag,
  nick: env.NICK,
  member: maybeFlag,
} satisfies InvokeUser
expectAssignable<InvokeRole>({ id: '20', name: 'mod', permissions: undefined, position: maybeNumber })
expectAssignable<InvokeChannel>({ id: '30', type: undefined, name: env.CHANNEL, nsfw: maybeFlag, parentId: undefined })
expectAssignable<InvokeAttachment>({ id: '40', filename: 'a.png', size: maybeNumber, contentType: env.TYPE })
expectAssignable<InvokeMessage>({ id: '50', content: 'hi', authorId: '10', channelId: undefined })
const place = { guild: { id: '60', locale: env.GUILD_LOCALE }, channel: undefined, context: undefined } satisfies InvokePlace
expectAssignable<Declared>({ users: undefined, roles: undefined, channels: undefined, attachments: undefined, messages: undefined })

// The steps: invoke, picker, press, choose, submit, each optional key undefined.
const delivery = { endpoint, deliver: maybeFlag, appPermissions: env.PERMISSIONS, timeoutMs: maybeNumber }
expectAssignable<PickerInput>({ applicationId: '1', user, place: undefined, locale: env.LOCALE })
const invoke = { ...delivery, applicationId: '1', user, place, locale: env.LOCALE, command: '/ping', focused: undefined, otherGuilds: undefined } satisfies InvokeInput
void emulator.invoke(invoke)
const press = { ...delivery, user, applicationId: env.APP_ID, locale: undefined, customId: 'vote', message: undefined } satisfies PressInput
void emulator.press(press)
void emulator.choose({ ...press, values: ['a'] } satisfies ChooseInput)
void emulator.submit({ ...delivery, user, applicationId: undefined, locale: undefined, fields: {}, interaction: env.INTERACTION, customId: undefined } satisfies SubmitInput)

// TestBot's steps, and a submit of the modal as made: a field left undefined is left out.
void bot.invoke({ user, command: '/ping', place: undefined, locale: undefined, deliver: undefined, focused: undefined })
void bot.press({ user, customId: 'vote', message: undefined, timeoutMs: maybeNumber })
void bot.choose({ user, customId: 'pick', values: ['a'], locale: env.LOCALE })
void bot.submit({ user, modal: modal('m', 'Title', label('Why', textInput('why'))), fields: { why: env.WHY }, interaction: undefined })
