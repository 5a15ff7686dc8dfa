/**
 * What keeps a web page out of the local servers (the emulator's, the dev page's):
 * a page the developer visits can send requests to 127.0.0.1 (a form, a `no-cors`
 * fetch: cross-site request forgery) or point a name of its own at 127.0.0.1 (DNS
 * rebinding), and neither must reach the calls that sign interactions to the bot
 * or wipe the emulator. And the timeouts that keep a slow client from holding a
 * connection open for minutes (Node's defaults: 60 s for the headers, 300 s for
 * the whole request).
 */

type Headers = Record<string, string | string[] | undefined>

/** An IPv4 loopback address (127.0.0.0/8). */
const V4_LOOPBACK = /^127(?:\.\d{1,3}){3}$/

/** The host name of a `Host` header (`127.0.0.1:8080`, `[::1]:80`), lower case, without the port. */
const hostName = (host: string): string => host.toLowerCase().replace(/:\d*$/, '')

/**
 * Why a request is refused as coming from a web page of another site, or
 * `undefined`: an `Origin` header (browsers send one with every cross-origin
 * request and every POST) that is not this server's own origin, or, on a server
 * bound to loopback, a `Host` that names no loopback address (a DNS rebinding page
 * sends its own name). Clients that are not browsers send no `Origin` and pass.
 */
export function foreignRequest(headers: Headers, loopback: boolean): string | undefined {
  const host = typeof headers.host === 'string' ? headers.host : ''
  if (loopback && !isLoopbackHost(hostName(host))) return `Host ${JSON.stringify(host.slice(0, 100))} is not a loopback address: this server answers requests made to loopback only`
  const origin = headers.origin
  if (origin === undefined) return undefined
  // An origin is `scheme://host[:port]`, the port left out when it is the scheme's own, as in `Host`.
  const own = typeof origin === 'string' && /^https?:\/\//i.test(origin) && origin.slice(origin.indexOf('//') + 2).toLowerCase() === host.toLowerCase()
  return own ? undefined : `Origin ${JSON.stringify(String(origin).slice(0, 100))}: this server answers its own page and programs, not other sites' pages`
}

/** Whether a host (an address to listen on, a URL's or a `Host` header's name) is this machine: 127.0.0.0/8, ::1 or localhost. */
export const isLoopbackHost = (host: string): boolean => host === 'localhost' || host === '::1' || host === '[::1]' || V4_LOOPBACK.test(host)

/**
 * The options of a local Node HTTP server: the headers within 5 s, the whole
 * request within 60 s (a 25 MiB upload on loopback takes well under a second),
 * checked every second; Node answers 408 and closes the connection otherwise.
 */
export const SLOW_CLIENT_TIMEOUTS = { headersTimeout: 5_000, requestTimeout: 60_000, connectionsCheckingInterval: 1_000 } as const
