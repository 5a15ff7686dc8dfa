/**
 * `slashkit/testing`: what tests of a bot need, out of the root entry (docs/internals.md,
 * "Layers"): `fakeInteraction` (a payload built from a definition) and the fakes
 * of components and modal submits; `connect`, a handler joined to the emulator as
 * the service joins them, and `connectGateway`, a gateway bot's handler joined to
 * its gateway; and a key pair that signs requests the way the service
 * does (Ed25519 over timestamp + body, public API v10), so a test can drive
 * `createHandler` with no service at all.
 *
 * @packageDocumentation
 */
import type { PlatformRequest } from '../http/web.js'

export { fakeInteraction, fakeMessage, type FakeContext, type FakeInput, type FakeMessageFields, type FakeOptions, type FakeSettings, type FakeUser } from '../internal.js'
export { fakeComponentInteraction, fakeModalSubmit, type FakeComponentInput, type FakeModalInput, type FakeModalOf, type MadeComponent } from './fakes.js'
export { connect, type ByChoice, type ByComponent, type ByCustomId, type ByModal, type EmulatorContext, type FetchHandler, type TestBot } from './connect.js'
export { connectGateway, type GatewayConnectOptions, type GatewayTestBot } from './gateway.js'

interface Subtle {
  generateKey(algorithm: { name: 'Ed25519' }, extractable: boolean, usages: string[]): Promise<{ publicKey: unknown; privateKey: unknown }>
  exportKey(format: 'raw', key: unknown): Promise<ArrayBuffer>
  sign(algorithm: { name: 'Ed25519' }, key: unknown, data: Uint8Array): Promise<ArrayBuffer>
}

type Globals = {
  crypto: { subtle: Subtle }
  TextEncoder: new () => { encode(s: string): Uint8Array }
  Request: new (url: string, init: Record<string, unknown>) => PlatformRequest
}

const g = globalThis as unknown as Globals
const hex = (b: ArrayBuffer): string => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('')

/** Options of a signed request. */
export interface SignedRequestOptions {
  /** Unix seconds; default now. */
  readonly timestamp?: number | string | undefined
  /** Default `http://localhost/interactions`. */
  readonly url?: string | undefined
  /** Extra or replacing headers (a wrong signature, say). */
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly method?: string | undefined
}

/** A generated Ed25519 key pair that signs as the service does. */
export interface TestKeys {
  /** The public key as the app's settings show it: 64 hex characters. Give it to `createHandler`. */
  readonly publicKey: string
  /** The hex signature of `timestamp + body`. */
  sign(body: string, timestamp: number | string): Promise<string>
  /**
   * A signed POST: `X-Signature-Ed25519` and `X-Signature-Timestamp` over the body
   * (an object is sent as its JSON).
   */
  request(body: unknown, options?: SignedRequestOptions): Promise<PlatformRequest>
}

/**
 * A fresh key pair for tests: sign requests for `createHandler` without the service.
 *
 * @example
 * const keys = await generateTestKeys()
 * const handler = createHandler({ publicKey: keys.publicKey, app, handlers })
 * const res = await handler(await keys.request(fakeInteraction(ping, {})))
 */
export async function generateTestKeys(): Promise<TestKeys> {
  const pair = await g.crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])
  const publicKey = hex(await g.crypto.subtle.exportKey('raw', pair.publicKey))
  const sign = async (body: string, timestamp: number | string): Promise<string> =>
    hex(await g.crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new g.TextEncoder().encode(`${timestamp}${body}`)))
  return {
    publicKey,
    sign,
    async request(body, options = {}) {
      const text = typeof body === 'string' ? body : JSON.stringify(body)
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000))
      const headers = {
        'content-type': 'application/json',
        'x-signature-ed25519': await sign(text, timestamp),
        'x-signature-timestamp': timestamp,
        ...options.headers,
      }
      return new g.Request(options.url ?? 'http://localhost/interactions', { method: options.method ?? 'POST', headers, body: text })
    },
  }
}
