/**
 * Types of slashkit/http against the built declarations: handlers have the shape
 * `router` takes, each `(values, context)`, with the values typed from the
 * definitions and a typed context; a missing or extra handler is an error.
 */
import { expectError, expectType } from 'tsd'
import { choice, commands, option, slash, user, type User } from '../dist/index.js'
import { createHandler, modal, type Context } from '../dist/http.js'

const ban = slash('ban', 'Ban').options(option.user('target', 'Who').required(), option.string('reason', 'Why').autocomplete())
const config = slash('config', 'Settings')
  .subcommand('show', 'Show')
  .subcommand('set', 'Set', (s) => s.options(option.string('key', 'Key').required().choices(choice('Prefix', 'prefix'), choice('Lang', 'lang'))))
const app = commands(ban, config, user('Profile'))
declare const publicKey: string

createHandler({
  publicKey,
  app,
  handlers: {
    ban: ({ options }, ctx) => {
      expectType<string>(options.target.user.username)
      expectType<string | undefined>(options.reason)
      expectType<User>(ctx.user)
      expectType<string | undefined>(ctx.guildId)
      expectType<string | undefined>(ctx.memberPermissions)
      return { type: 4, data: { content: 'ok' } }
    },
    config: {
      show: (_, ctx) => ctx.showModal(modal('m', 'Title').text('a', 'A')),
      set: ({ options }) => {
        expectType<'prefix' | 'lang'>(options.key)
        return `${options.key}`
      },
    },
    Profile: ({ target }, ctx: Context) => `${target.user.username} ${ctx.id}`,
  },
  autocomplete: {
    ban: ({ focused }) => {
      expectType<'reason'>(focused.name)
      return [{ name: focused.value, value: focused.value }]
    },
  },
})

// A missing handler, and an extra one.
expectError(createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' } } }))
expectError(createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' }, Profile: () => 'x', kick: () => 'x' } }))
// A handler returns what an interaction can be answered with.
expectError(createHandler({ publicKey, app, handlers: { ban: () => 42, config: { show: () => 'x', set: () => 'x' }, Profile: () => 'x' } }))
