/**
 * What every area of the client shares (commands.ts, permissions.ts, lobbies.ts,
 * interactions.ts): the options of `createClient` and their checks, the
 * credential and which endpoints need which kind ("Authentication"), ids checked
 * before they go into a path, and the transport that sends.
 */
import {
  argumentError,
  GLOBAL_RATE_LIMIT,
  GLOBAL_RATE_LIMIT_MAX,
  INVALID_REQUEST_LIMIT,
  isSnowflake,
  kindOf,
  strayKeys,
  LOCALE_HEADER,
  ValidationError,
  WEB_URL,
  type Issue,
  type Result,
} from '../internal.js'
import { CredentialError } from './errors.js'
import type { FetchLike } from './fetch.js'
import { assertFiles } from './files.js'
import type { RateLimitInfo } from './limiter.js'
import { createMemoryStore, type RateLimitStore } from './store.js'
import { sleep, type AbortSignalLike } from './timers.js'
import { checkToken } from './token.js'
import type { ClientHooks } from './hooks.js'
import { Transport, type RequestOptions } from './transport.js'

/** Options of `createClient`. */
export interface ClientOptions {
  /**
   * The credential: `Bot <token>`, `Bearer <token>`, or a bare bot token (sent as
   * `Bot <token>`). See "Authentication" for which endpoint takes which. Without
   * one, the client calls the interaction endpoints (`rest.interactions`, which the
   * token in their path authorizes) and the calls given a `token` of their own;
   * any other call is a `CredentialError` before anything is sent.
   */
  readonly token?: string | undefined
  /** The application the command endpoints act on. */
  readonly applicationId: string
  /** The base address, ending in `/api/v10` ("Versioning" 1). Default: the public API v10 address. */
  readonly baseUrl?: string | undefined
  /** The `fetch` to use; the platform's by default. The emulator's `fetch` fits. */
  readonly fetch?: FetchLike | undefined
  /**
   * How many times a request is retried: after a 429 (the wait the service asks
   * for), and apart from those after a 5xx answer or a network error (waits of
   * `retryBackoff`, doubling). Default 3.
   */
  readonly retries?: number | undefined
  /** The first wait, in ms, before a retry after a 5xx or a network error; it doubles each time. Default 500. */
  readonly retryBackoff?: number | undefined
  /**
   * Milliseconds an attempt may take (to the answer's body) before it is abandoned
   * and retried, and the longest a call waits on the rate-limit store. Default 15 000.
   */
  readonly timeout?: number | undefined
  /**
   * The application's global limit, in requests per second ("Limits": 50, raisable
   * to 1200 on request), kept before sending; `false` for none. Default 50.
   */
  readonly globalLimit?: number | false | undefined
  /**
   * Milliseconds added to the global limit's one-second window. A place in the
   * window already counts from the answer of its request, not its sending, so no
   * latency can put more than the limit into one second where the service counts;
   * a margin covers a service whose clock runs faster than the client's. Default 0.
   */
  readonly rateLimitMargin?: number | undefined
  /**
   * Where the rate-limit state lives: the process's own by default; a shared store
   * (`createRedisStore` of `slashkit/redis`) makes several processes keep one limit.
   * A call whose turn the store cannot give (it fails, or does not answer within the
   * call's timeout) fails with a `RateLimitStoreError`: the client fails closed.
   */
  readonly rateLimitStore?: RateLimitStore | undefined
  /**
   * Throw a `RateLimitError` instead of waiting for a rate limit: `true` for every
   * wait, or a function of the wait (`info.wait`, `info.bucket`, `info.global`).
   * Default false: waits up to `maxRetryWait` are sat out.
   */
  readonly rejectOnRateLimit?: boolean | ((info: RateLimitInfo) => boolean) | undefined
  /**
   * The most answers of 401, 403 or 429 (a 429 of scope `shared` aside) the client
   * takes in any 10 minutes before it stops sending: the service blocks an address
   * that draws 10,000 of them ("Limits", IP blocking; public API v10), for every
   * bot behind it. Past the limit each call fails at once with a `RateLimitError`
   * (`invalidRequests` set) until the oldest leaves the window. Counted per client:
   * with several processes behind one address, give each its share. `false` for no
   * limit. Default 9,000.
   */
  readonly invalidRequestLimit?: number | false | undefined
  /** Hooks to log or meter requests, answers, rate-limit waits and store failures. */
  readonly hooks?: ClientHooks | undefined
  /** Shuts the client down when it aborts: every call, in flight, queued or later, rejects with its reason. */
  readonly signal?: AbortSignalLike | undefined
  /**
   * The longest wait, in milliseconds, the client sits out before a retry (default
   * 60 000): a 429 asking for more (the daily create limit asks for hours) is thrown
   * at once as a `RestError`.
   */
  readonly maxRetryWait?: number | undefined
  /** Waits `ms` milliseconds; `setTimeout` by default. Tests pass their own clock's. */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined
  /** The clock `sleep` waits on, in epoch milliseconds; `Date.now` by default. */
  readonly now?: (() => number) | undefined
  /**
   * The header that carries the requester's locale on `listCommands({ locale })`.
   * The spec names `X-Service-Locale` ("Other command rules" 7), the default; the
   * public API v10 reads `X-Discord-Locale`: pass that name to talk to it.
   */
  readonly localeHeader?: string | undefined
}

/** Public API v10 base address (the spec calls it {base_url}). */
const DEFAULT_BASE_URL = 'https://discord.com/api/v10'

/** The client's defaults, in milliseconds: an attempt's timeout, the longest wait sat out, the first backoff. */
const DEFAULT_TIMEOUT = 15_000
const DEFAULT_MAX_RETRY_WAIT = 60_000
const DEFAULT_BACKOFF = 500
const DEFAULT_RETRIES = 3
/** The service's invalid request limit (src/wire/rate-limits.ts) less a tenth, left for the address's other clients: 9,000. */
const DEFAULT_INVALID_LIMIT = INVALID_REQUEST_LIMIT * 0.9

/** The kind of token a request needs ("Authentication"): `any` is either. */
export type TokenKind = 'Bot' | 'Bearer' | 'any'

/** `Bot <token>` or `Bearer <token>`; a bare token is a bot token. */
export const authorization = (token: string): string => (/^(Bot|Bearer) /.test(token) ? token : `Bot ${token}`)

/** The value of a check, or its issues thrown as one `ValidationError` (`what` names the input). */
export function valid<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new ValidationError(result.issues, what)
  return result.value
}

/** A definition: a builder (`slash(...)`, `fromJSON(...)`) or anything with the same `toJSON`. */
export interface DefinitionLike {
  toJSON(...args: never[]): unknown
}

/** Whether a value has a `toJSON` (a builder, a `fromJSON` value, an `overwrites(...)` value). */
export const hasToJSON = (v: unknown): v is DefinitionLike => typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function'

/**
 * What a JavaScript caller may get wrong in the options: a key the client does not
 * take (`unknownOptions`), and the options that are functions or amounts (a fetch
 * of 'x' failed at the first request, a timeout of 'x' made every wait NaN). `createClient` and `interactionClient` check them (slashkit/http, which
 * makes its clients itself, does not bundle this).
 */
export function clientOptionIssues(fn: string, options: unknown): Issue[] {
  if (typeof options !== 'object' || options === null) throw argumentError(fn, 'options', 'an object of client options', options)
  // A misspelt option (`tokn`, `onRatelimit` in hooks) would be dropped, its default used in silence.
  const issues = unknownOptions(fn, options, CLIENT_OPTIONS)
  const hooks = (options as ClientOptions).hooks
  if (typeof hooks === 'object' && hooks !== null) issues.push(...unknownOptions(fn, hooks, ['onRequest', 'onResponse', 'onRateLimit', 'onStoreError'], ['hooks']))
  for (const [key, what] of OPTION_KINDS) {
    const v = (options as ClientOptions)[key]
    if (v !== undefined && (what === 'a function' ? typeof v !== 'function' : !(typeof v === 'number' && v >= 0 && v < Number.POSITIVE_INFINITY)))
      issues.push({ code: 'value.type', path: [key], message: `${key} must be ${what} (was ${typeof v === 'number' ? v : kindOf(v)})` })
  }
  return issues
}

/**
 * `field.unknown` for each key of a bag of options (`o`, at `at`) that `fn` does not
 * take, a key whose value is `undefined` being absent: from JavaScript, a misspelt
 * option (`tokn`, `guildID`) was read as absent, its default used in silence.
 */
export function unknownOptions(fn: string, o: object, known: readonly string[], at: readonly string[] = []): Issue[] {
  return strayKeys(o, known).map((key) => ({
    code: 'field.unknown',
    path: [...at, key],
    message: `${[...at, key].join('.')} is not an option of ${fn} (its ${at.length === 0 ? '' : `${at.join('.')} `}options: ${known.join(', ')})`,
  }))
}

/** Every option `createClient` takes. */
const CLIENT_OPTIONS: readonly (keyof ClientOptions)[] = [
  'token',
  'applicationId',
  'baseUrl',
  'fetch',
  'retries',
  'retryBackoff',
  'timeout',
  'globalLimit',
  'rateLimitMargin',
  'rateLimitStore',
  'rejectOnRateLimit',
  'invalidRequestLimit',
  'hooks',
  'signal',
  'maxRetryWait',
  'sleep',
  'now',
  'localeHeader',
]

/** The options that are functions or amounts, and what each must be. */
const MS = 'a number of ms, 0 or more'
const OPTION_KINDS: readonly (readonly [keyof ClientOptions, string])[] = [
  ['fetch', 'a function'],
  ['sleep', 'a function'],
  ['now', 'a function'],
  ['retries', 'a number, 0 or more'],
  ['retryBackoff', MS],
  ['timeout', MS],
  ['maxRetryWait', MS],
  ['rateLimitMargin', MS],
]

/** The client's state, shared by its areas. */
export class RestCore {
  /** The client's `Authorization` value, or undefined when it was made without a token. */
  readonly auth: string | undefined
  readonly app: string
  readonly localeHeader: string
  readonly transport: Transport

  /** `checked`: issues found already (`clientOptionIssues`), told with the constructor's own. */
  constructor(options: ClientOptions, checked: readonly Issue[] = []) {
    const issues: Issue[] = [...(options.token === undefined ? [] : checkToken(options.token, ['token'])), ...checked]
    if (!isSnowflake(options.applicationId)) issues.push({ code: 'snowflake.format', path: ['applicationId'], message: 'applicationId must be a snowflake (a string of digits)' })
    // A relative or schemeless address would only fail at the first request, as a network error after retries.
    if (options.baseUrl !== undefined && !WEB_URL.test(options.baseUrl))
      issues.push({
        code: 'url.format',
        path: ['baseUrl'],
        message: `baseUrl must be an absolute http or https address, such as https://discord.com/api/v10 or an emulator's http://127.0.0.1:8080/api/v10 (was ${JSON.stringify(options.baseUrl)})`,
      })
    const global = options.globalLimit ?? GLOBAL_RATE_LIMIT
    if (global !== false && !(Number.isInteger(global) && global >= 1 && global <= GLOBAL_RATE_LIMIT_MAX))
      issues.push({
        code: 'number.range',
        path: ['globalLimit'],
        message: `globalLimit must be an integer from 1 to ${GLOBAL_RATE_LIMIT_MAX} requests per second, or false (was ${String(global)})`,
      })
    const invalid = options.invalidRequestLimit ?? DEFAULT_INVALID_LIMIT
    if (invalid !== false && !(Number.isInteger(invalid) && invalid >= 1))
      issues.push({ code: 'number.range', path: ['invalidRequestLimit'], message: `invalidRequestLimit must be a whole number, 1 or more, or false (was ${String(invalid)})` })
    if (issues.length > 0) throw new ValidationError(issues, 'client options')
    this.auth = options.token === undefined ? undefined : authorization(options.token.trim())
    this.app = options.applicationId
    this.transport = new Transport({
      base: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
      credential: this.auth,
      fetch: options.fetch,
      retries: Math.max(0, Math.floor(options.retries ?? DEFAULT_RETRIES)),
      maxRetryWait: options.maxRetryWait ?? DEFAULT_MAX_RETRY_WAIT,
      timeout: options.timeout ?? DEFAULT_TIMEOUT,
      backoff: options.retryBackoff ?? DEFAULT_BACKOFF,
      sleep: options.sleep ?? sleep,
      now: options.now ?? Date.now,
      hooks: options.hooks ?? {},
      signal: options.signal,
      store: options.rateLimitStore ?? createMemoryStore(),
      application: options.applicationId,
      globalLimit: global,
      margin: Math.max(0, options.rateLimitMargin ?? 0),
      rejectOnRateLimit: options.rejectOnRateLimit ?? false,
      invalidLimit: invalid === false ? Number.POSITIVE_INFINITY : invalid,
    })
    this.localeHeader = (options.localeHeader ?? LOCALE_HEADER).toLowerCase()
  }

  /** Path ids are checked before they are put in a URL: a stray `/` or `?`, or a missing id (`/lobbies/undefined`), would change the request. */
  ids(ids: Readonly<Record<string, string | undefined>>): void {
    let issues: Issue[] | undefined
    for (const name in ids) {
      const id = ids[name]
      if (!isSnowflake(id))
        (issues ??= []).push({
          code: 'snowflake.format',
          path: [name],
          message: `${name} must be a snowflake (a string of digits) (was ${typeof id === 'string' ? JSON.stringify(id) : String(id)})`,
        })
    }
    if (issues !== undefined) throw new ValidationError(issues, 'request')
  }

  /**
   * The `Authorization` value of a request: `token` (checked), else the client's.
   * A `CredentialError` when there is none, or it is not of the kind the endpoint takes.
   */
  credential(method: string, path: string, needs: TokenKind, token?: string): string {
    let auth = this.auth
    if (token !== undefined) {
      const issues = checkToken(token, ['token'])
      if (issues.length > 0) throw new ValidationError(issues, 'request')
      auth = authorization(token.trim())
    }
    if (auth !== undefined && (needs === 'any' || auth.startsWith(`${needs} `))) return auth
    const { path: shown, route } = this.transport.route(method, path)
    const detail =
      auth === undefined
        ? `needs ${needs === 'any' ? 'a' : `a ${needs}`} token ("Authentication"): the client was made without one; give createClient a token, or the call one of its own where it takes one`
        : `needs a ${needs} token ("Authentication"); the ${token === undefined ? 'client holds' : 'call gave'} a ${auth.slice(0, auth.indexOf(' '))} token: ${
            needs === 'Bot'
              ? "give the client (or the call) the bot's token"
              : `give the call { token: 'Bearer ...' }, a user's OAuth2 access token${path.endsWith('/permissions') ? ' with the scope applications.commands.permissions.update' : ''}`
          }`
    throw new CredentialError({ method, path: shown, route, needs, detail })
  }

  /** The raw request of `rest.request`: the client's credential (or the call's), unless `authorization: false`. */
  request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    try {
      const auth = options.authorization === false ? undefined : this.credential(method, path, 'any', options.token)
      if (options.files !== undefined) assertFiles(options.body, options.files)
      return this.transport.send<T>(method, path, auth, options)
    } catch (error) {
      return Promise.reject(error)
    }
  }
}
