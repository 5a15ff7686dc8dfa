/**
 * `slashkit emulator --config FILE`: the applications and rate limits of an
 * emulator run in its own process, from a JSON file, as `createEmulator` takes them
 * (docs/cli.md, "The emulator's config file"). Every field is checked, with a path
 * into the file, before anything listens: a wrong file is told whole, never half used.
 * The checks are the emulator's own (src/emulator/options.ts), which `createEmulator`
 * runs on its options too.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { emulatorConfig, type ConfigIssue, type EmulatorOptions } from '../emulator/index.js'

export { formatConfigIssues, type ConfigIssue } from '../emulator/index.js'

/** Reads and checks the file: the options, or every issue found. */
export async function readEmulatorConfig(cwd: string, file: string): Promise<{ readonly options: EmulatorOptions } | { readonly issues: readonly ConfigIssue[] }> {
  let json: unknown
  try {
    json = JSON.parse(await readFile(resolve(cwd, file), 'utf8'))
  } catch (error) {
    const code = (error as { code?: unknown }).code
    return {
      issues: [{ path: [], code: 'config.read', message: code === 'ENOENT' ? 'no such file' : `not a JSON file (${error instanceof Error ? error.message : String(error)})` }],
    }
  }
  return emulatorConfig(json)
}
