/**
 * The emulator's signing key for the CLI: a bot in its own process verifies the
 * interactions it gets with a public key it is told beforehand, so `slashkit
 * emulator`, `invoke` and `dev` sign with a key the bot can know: the private key
 * (64 hex digits, an Ed25519 seed) in the file of `--key` (made, readable by its
 * owner only, when it is not there), else in SLASHKIT_EMULATOR_KEY, else a new one.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { createEmulator } from '../emulator/index.js'

/** The environment variable holding the emulator's private key (64 hex digits). */
export const KEY_ENV = 'SLASHKIT_EMULATOR_KEY'

/** An Ed25519 private key as the emulator takes it: 64 hex digits (its 32-byte seed). */
export const SEED = /^[0-9a-f]{64}$/iu

/** A new private key: 32 random bytes as hex. */
const newKey = (): string => [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')

/**
 * The private key to sign with: the `--key` file's (written with a new key when the
 * file does not exist), else the environment's, else a new one. Throws with the
 * reason when the file or the variable holds something else.
 */
export async function signingKey(cwd: string, env: Readonly<Record<string, string | undefined>>, file: string | undefined): Promise<string> {
  if (file !== undefined) {
    const path = resolve(cwd, file)
    let text: string
    try {
      text = (await readFile(path, 'utf8')).trim()
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error
      const made = newKey()
      // `wx`: never overwrite a file another process made meanwhile.
      await writeFile(path, `${made}\n`, { mode: 0o600, flag: 'wx' }).catch(async (e: unknown) => {
        if ((e as { code?: unknown }).code !== 'EEXIST') throw e
      })
      text = (await readFile(path, 'utf8')).trim()
    }
    if (!SEED.test(text)) throw new Error(`--key ${file}: the file must hold the emulator's private key as 64 hex digits`)
    return text
  }
  const given = env[KEY_ENV]
  if (given !== undefined && given !== '') {
    if (!SEED.test(given.trim())) throw new Error(`${KEY_ENV} must hold the emulator's private key as 64 hex digits`)
    return given.trim()
  }
  return newKey()
}

/** The public key (hex) of a private key: what the bot gives `createHandler({ publicKey })`. */
export const publicKeyOf = (key: string): Promise<string> => createEmulator({ signingKey: key }).publicKey('0')
