/**
 * The options of an emulator checked whole, with a path to each thing wrong: the
 * config file of `slashkit emulator --config` (src/cli/emulator-config.ts reads it)
 * and `createEmulator`'s options from JavaScript, where a list that is not one or an
 * application id that is no snowflake was taken and failed later, far from the cause.
 */
import type { EmulatorApplication } from './auth.js'
import type { RateLimitOptions } from './rate-limits.js'
import { isPrivilegedIntent, PRIVILEGED_INTENT_NAMES } from './gateway/intents.js'
import { isLoopback } from './invoke/deliver.js'
import { isSeed } from './invoke/signing.js'
import { argumentError, isRecord as isObject, isSnowflake, type Json } from '../internal.js'

/** Options of `createEmulator`. */
export interface EmulatorOptions {
  /**
   * The applications and their tokens. Without it the emulator accepts any
   * `Bot` or `Bearer` token for any application, a Bearer token holding every
   * scope, and any application may set an entry point's handler.
   */
  readonly applications?: readonly EmulatorApplication[] | undefined
  /** The clock, in epoch milliseconds: rate limits, lobby idle time, snowflakes. Default `Date.now`. */
  readonly now?: (() => number) | undefined
  /** Rate limits; the defaults are those of "Limits". */
  readonly rateLimits?: RateLimitOptions | undefined
  /**
   * The Ed25519 private key the emulator signs every application's interactions
   * with, as 64 hex digits (its 32-byte seed): a key a bot in another process can be
   * told beforehand (`publicKey(app)` is its public half). Default: a new key pair per
   * application, made on first use. A value that is not 64 hex digits throws a `TypeError`.
   */
  readonly signingKey?: string | undefined
}

/** One thing wrong: where (`['applications', 0, 'id']`), a code, a sentence. */
export interface ConfigIssue {
  readonly path: readonly (string | number)[]
  readonly code: string
  readonly message: string
}

type Check = (value: unknown, path: readonly (string | number)[]) => unknown

const where = (path: readonly (string | number)[]): string =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .slice(1) || 'the file'

/** The issues, one a line, for the terminal. */
export const formatConfigIssues = (file: string, issues: readonly ConfigIssue[]): string =>
  `${file}: ${issues.length === 1 ? '1 issue' : `${issues.length} issues`}:\n${issues.map((i) => `  - ${where(i.path)}: ${i.message} [${i.code}]`).join('\n')}`

/** Checks a config file's `{ applications?, rateLimits? }`: the options, or every issue with its path. */
export const emulatorConfig = (json: unknown): { readonly options: EmulatorOptions } | { readonly issues: readonly ConfigIssue[] } => checked(json, {})

/** `emulatorConfig` with the checks of more fields (`createEmulator`'s `now` and `signingKey`). */
function checked(
  json: unknown,
  extra: Readonly<Record<string, readonly [test: (value: unknown) => boolean, what: string]>>,
): { readonly options: EmulatorOptions } | { readonly issues: readonly ConfigIssue[] } {
  const issues: ConfigIssue[] = []
  const issue = (path: readonly (string | number)[], code: string, message: string): undefined => void issues.push({ path, code, message })
  /** An object with only `fields` (those of `required` present), each checked; `undefined` (with issues) when it is not one. */
  const object = (value: unknown, path: readonly (string | number)[], fields: Readonly<Record<string, Check>>, required: readonly string[] = []): Json | undefined => {
    if (!isObject(value)) return issue(path, 'config.type', 'must be an object')
    const out: Json = {}
    for (const [key, v] of Object.entries(value)) {
      // An option given as undefined is its default (a config file, JSON, has none).
      if (v === undefined) continue
      if (!Object.hasOwn(fields, key)) issue([...path, key], 'config.unknown', `is not a field here (the fields are ${Object.keys(fields).join(', ')})`)
      else Object.defineProperty(out, key, { value: (fields[key] as Check)(v, [...path, key]), enumerable: true, writable: true, configurable: true })
    }
    for (const key of required) if (!Object.hasOwn(value, key)) issue([...path, key], 'config.missing', 'is required')
    return out
  }
  const is =
    (test: (v: unknown) => boolean, what: string, code = 'config.type'): Check =>
    (v, path) =>
      test(v) ? v : issue(path, code, `must be ${what}`)
  const string = is((v) => typeof v === 'string' && v !== '', 'a string')
  const boolean = is((v) => typeof v === 'boolean', 'true or false')
  const count = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0
  const numberOrFalse = is((v) => v === false || count(v), 'a whole number above 0, or false')
  const bucket: Check = (v, path) =>
    v === false ? v : object(v, path, { limit: is(count, 'a whole number above 0'), window: is(count, 'a whole number of ms above 0') }, ['limit', 'window'])
  /** A map of token to `each`, kept as own keys whatever they are (`__proto__` included). */
  const record =
    (each: Check): Check =>
    (v, path) =>
      isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, each(x, [...path, k])])) : issue(path, 'config.type', 'must be an object')
  const scopes = is((v) => Array.isArray(v) && v.every((s) => typeof s === 'string'), 'a list of OAuth2 scopes')
  const ids = is((v) => Array.isArray(v) && v.every(isSnowflake), 'a list of snowflakes', 'config.snowflake')

  const application: Check = (v, path) =>
    object(
      v,
      path,
      {
        id: is(isSnowflake, 'a snowflake (the application id)', 'config.snowflake'),
        botToken: string,
        bearerTokens: record(scopes),
        bearerUsers: record(is(isSnowflake, "a snowflake (the user's id)", 'config.snowflake')),
        embedded: boolean,
        signingKey: is(isSeed, 'an Ed25519 private key as 64 hex digits', 'config.key'),
        interactionsEndpointUrl: is((u) => typeof u === 'string' && isLoopback(u), 'an http URL on loopback (127.0.0.1, ::1, localhost)', 'config.url'),
        installs: (x, at) => object(x, at, { guilds: ids, users: ids }),
        privilegedIntents: is((v) => Array.isArray(v) && v.every(isPrivilegedIntent), `a list of privileged intents (${PRIVILEGED_INTENT_NAMES.join(', ')})`, 'config.intent'),
      },
      ['id'],
    )
  const top = object(json, [], {
    applications: (v, path) => {
      if (!Array.isArray(v)) return issue(path, 'config.type', 'must be a list of applications')
      const apps = v.map((a, i) => application(a, [...path, i]) as Json | undefined)
      const seen = new Set<unknown>()
      apps.forEach((a, i) => {
        if (a?.id !== undefined && seen.has(a.id)) issue([...path, i, 'id'], 'config.duplicate', `application ${String(a.id)} is listed twice`)
        seen.add(a?.id)
      })
      return apps
    },
    rateLimits: (v, path) => object(v, path, { global: numberOrFalse, dailyCreates: numberOrFalse, lobbies: boolean, users: boolean, routes: bucket, webhooks: bucket }),
    ...Object.fromEntries(Object.entries(extra).map(([key, [test, what]]) => [key, is(test, what)])),
  })
  if (issues.length > 0 || top === undefined) return { issues }
  return { options: top as EmulatorOptions }
}

/** `createEmulator`'s options, or a `TypeError` that lists every issue with its path. */
export function checkEmulatorOptions(options: unknown): EmulatorOptions {
  if (options === undefined) return {}
  if (!isObject(options)) throw argumentError('createEmulator', 'options', 'an object of emulator options', options)
  const result = checked(options, {
    now: [(v) => typeof v === 'function', 'a function answering epoch milliseconds'],
    signingKey: [isSeed, 'an Ed25519 private key as 64 hex digits'],
  })
  if ('issues' in result) throw new TypeError(formatConfigIssues('createEmulator: options', result.issues))
  return options as EmulatorOptions
}
