/**
 * A running `slashkit emulator` seen from the CLI (`invoke --emulator URL`,
 * `dev --emulator URL`): its base address from the flag, and its own calls under
 * `/emulator/` (docs/emulator.md, "A bot in its own process"), each bounded in time
 * and each failure told with the address and what to check.
 */

/** The base address of a running emulator from `--emulator` (with or without `/api/v10`), or why not. */
export function emulatorBase(given: string): string | { readonly error: string } {
  let url: URL
  try {
    url = new URL(given)
  } catch {
    return { error: `--emulator must be the address of a running slashkit emulator, such as http://127.0.0.1:8080 (was ${JSON.stringify(given)})` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `--emulator must be an http or https address (was ${JSON.stringify(given)})` }
  return `${url.origin}${url.pathname.replace(/\/+$/u, '').replace(/\/api\/v10$/u, '')}`
}

/** Where a call went wrong: the emulator could not be reached, or it answered with an error status (kept, to pass on). */
export class ControlError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message)
  }
}

/**
 * Calls `path` (`/emulator/...`) at the emulator at `base`: a GET without a body, a
 * POST of JSON with one; resolves to the JSON object it answered, or throws a
 * `ControlError` that names the address (unreachable, an error status, not JSON).
 */
export async function controlCall(base: string, path: string, body: object | undefined, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response
  try {
    const signal = AbortSignal.timeout(timeoutMs)
    response = await fetch(
      `${base}${path}`,
      body === undefined ? { signal } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal },
    )
  } catch (error) {
    throw new ControlError(
      `--emulator ${base}: ${path} could not be reached (${error instanceof Error ? error.message : String(error)}); is slashkit emulator running there?`,
      undefined,
    )
  }
  const json = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
  if (!response.ok || typeof json !== 'object' || json === null)
    throw new ControlError(`--emulator ${base}: ${path} answered ${response.status}${typeof json?.error === 'string' ? `: ${json.error}` : ''}`, response.status)
  return json
}
