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
  exportKey(format: 'raw', key: CryptoKeyLike): Promise<ArrayBuffer>
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

/** Key pairs by application id, made once each. */
export class Keyring {
  private readonly keys = new Map<string, Promise<SigningKey>>()

  /** The key pair of `applicationId`, made on first use. */
  key(applicationId: string): Promise<SigningKey> {
    let key = this.keys.get(applicationId)
    if (key === undefined) {
      key = make()
      // A failure is not kept: the next call tries again.
      key.catch(() => this.keys.delete(applicationId))
      this.keys.set(applicationId, key)
    }
    return key
  }
}

async function make(): Promise<SigningKey> {
  const s = subtle()
  const pair = await s.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])
  const publicKey = hex(await s.exportKey('raw', pair.publicKey))
  const encoder = new (globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }).TextEncoder()
  return {
    publicKey,
    async sign(body, timestamp) {
      const stamp = String(Math.floor(timestamp))
      const signature = hex(await s.sign({ name: 'Ed25519' }, pair.privateKey, encoder.encode(stamp + body)))
      return { 'x-signature-ed25519': signature, 'x-signature-timestamp': stamp }
    },
  }
}
