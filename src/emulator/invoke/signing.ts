/**
 * The emulator's signing keys: one Ed25519 key pair per application, made with
 * WebCrypto the first time it is needed. Public API v10 (the spec does not show the
 * transport): each interaction POST carries `X-Signature-Ed25519` (hex) over
 * `X-Signature-Timestamp + raw body`, and the app verifies it with its public key
 * (hex of the 32-byte raw key), as `slashkit/http`'s `createHandler` does.
 */

interface CryptoKeyLike {
  readonly type: string
}
interface SubtleLike {
  generateKey(algorithm: { name: 'Ed25519' }, extractable: boolean, usages: string[]): Promise<{ publicKey: CryptoKeyLike; privateKey: CryptoKeyLike }>
  importKey(format: 'pkcs8', key: Uint8Array, algorithm: { name: 'Ed25519' }, extractable: boolean, usages: string[]): Promise<CryptoKeyLike>
  exportKey(format: 'raw', key: CryptoKeyLike): Promise<ArrayBuffer>
  exportKey(format: 'jwk', key: CryptoKeyLike): Promise<{ x?: string }>
  sign(algorithm: { name: 'Ed25519' }, key: CryptoKeyLike, data: Uint8Array): Promise<ArrayBuffer>
}

function subtle(): SubtleLike {
  const s = (globalThis as { crypto?: { subtle?: SubtleLike } }).crypto?.subtle
  if (s === undefined) throw new TypeError('the emulator signs interactions with WebCrypto (globalThis.crypto.subtle), which this platform lacks')
  return s
}

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')

/** One application's key pair. */
export interface SigningKey {
  /** The public key, 64 hex digits: what the app passes to `createHandler({ publicKey })`. */
  readonly publicKey: string
  /** The two signature headers for a body sent at `timestamp` (epoch seconds). */
  sign(body: string, timestamp: number): Promise<{ 'x-signature-ed25519': string; 'x-signature-timestamp': string }>
}

/** Whether `seed` is an Ed25519 private key as the emulator takes it: 64 hex digits (its 32-byte seed). */
export const isSeed = (seed: unknown): seed is string => typeof seed === 'string' && /^[0-9a-f]{64}$/iu.test(seed)

/**
 * Key pairs by application id, made once each: a new pair per application, or,
 * with `seed`, the pair of that private key for every application (a key a bot in
 * another process can be told beforehand).
 */
export class Keyring {
  private readonly keys = new Map<string, Promise<SigningKey>>()

  /** `seeds`: the applications' own keys (`applications[].signingKey`), which win over `seed`. */
  constructor(
    private readonly seed?: string,
    private readonly seeds: ReadonlyMap<string, string> = new Map(),
  ) {
    for (const [app, s] of [['', seed] as const, ...seeds])
      if (s !== undefined && !isSeed(s))
        throw new TypeError(
          `createEmulator: ${app === '' ? 'signingKey' : `the signingKey of application ${app}`} must be an Ed25519 private key as 64 hex digits (its 32-byte seed)`,
        )
  }

  /** The key pair of `applicationId`, made on first use. */
  key(applicationId: string): Promise<SigningKey> {
    let key = this.keys.get(applicationId)
    if (key === undefined) {
      key = make(this.seeds.get(applicationId) ?? this.seed)
      // A failure is not kept: the next call tries again.
      key.catch(() => this.keys.delete(applicationId))
      this.keys.set(applicationId, key)
    }
    return key
  }

  /** The headers of `body` delivered to `applicationId`'s endpoint at `seconds` (epoch): its type, the emulator's agent, the signature. */
  async headers(applicationId: string, body: string, seconds: number): Promise<Record<string, string>> {
    const signed = await (await this.key(applicationId)).sign(body, seconds)
    return { 'content-type': 'application/json', 'user-agent': 'slashkit-emulator', ...signed }
  }
}

/** The bytes of base64url text (no padding), without the platform's `atob`; undefined when a character is not of the alphabet. */
export function base64urlBytes(text: string): number[] | undefined {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const c of text) {
    const digit = alphabet.indexOf(c)
    if (digit < 0) return undefined
    value = ((value << 6) | digit) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out.push((value >> bits) & 0xff)
    }
  }
  return out
}

/** Hex of base64url text (no padding). */
const base64urlToHex = (text: string): string => (base64urlBytes(text) ?? []).map((b) => b.toString(16).padStart(2, '0')).join('')

/** The PKCS#8 wrapping of an Ed25519 seed (RFC 8410): a fixed 16-byte prefix, then the 32 bytes. */
const PKCS8_ED25519 = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]

async function make(seed?: string): Promise<SigningKey> {
  const s = subtle()
  let privateKey: CryptoKeyLike
  let publicKey: string
  if (seed === undefined) {
    const pair = await s.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])
    privateKey = pair.privateKey
    publicKey = hex(await s.exportKey('raw', pair.publicKey))
  } else {
    const bytes = Uint8Array.from([...PKCS8_ED25519, ...(seed.match(/../gu) ?? []).map((h) => Number.parseInt(h, 16))])
    privateKey = await s.importKey('pkcs8', bytes, { name: 'Ed25519' }, true, ['sign'])
    // The JWK of a private key carries its public half (x, base64url).
    const x = (await s.exportKey('jwk', privateKey)).x ?? ''
    publicKey = base64urlToHex(x)
  }
  const encoder = new (globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }).TextEncoder()
  return {
    publicKey,
    async sign(body, timestamp) {
      const stamp = String(Math.floor(timestamp))
      const signature = hex(await s.sign({ name: 'Ed25519' }, privateKey, encoder.encode(stamp + body)))
      return { 'x-signature-ed25519': signature, 'x-signature-timestamp': stamp }
    },
  }
}
