/**
 * The emulator's own HTTP interface beside the service's (`startEmulator` serves it
 * under `/emulator/`, outside `/api/v10`): what a test of a bot running as its own
 * process needs to play the user without a harness of its own. Each call is a
 * method of the emulator, its input and result as JSON (the endpoint a loopback
 * URL; the result's functions left out, its transcript given instead):
 *
 * - GET  /emulator/public-key?application=ID   `{ publicKey }`: what the bot verifies with
 * - POST /emulator/invoke | press | choose | submit   the input of that method, and
 *   optionally `wait: { quietMs?, maxMs? }`: the result, with `transcript` (and, after
 *   the wait, `ended` and `thinking`)
 * - POST /emulator/picker                      the picker's entries
 * - GET  /emulator/interactions/ID            the interaction's record, transcript included, and `refused`:
 *   the app's requests for it that the emulator refused (the request log's records)
 * - GET  /emulator/files/ID                   the bytes of an attachment the app uploaded (by attachment id)
 * - POST /emulator/reset                       forgets everything (`emulator.reset()`)
 */
import { isValidationError } from '../internal.js'
import type { Emulator } from './emulator.js'
import { json } from './errors.js'
import { bodyText, type EmulatorReply, type EmulatorRequest } from './http.js'
import type { Answered, InvokeInput } from './invoke/invoke-types.js'
import { splitUrl } from './routes.js'

/** Where the emulator's own interface starts. */
export const CONTROL_ROOT = '/emulator/'

const problem = (status: number, error: string, extra: Record<string, unknown> = {}): EmulatorReply => json(status, { error, ...extra })

type Act = 'invoke' | 'press' | 'choose' | 'submit'

/** A reply of bytes: an attachment's, as uploaded. */
export interface BytesReply {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly bytes: Uint8Array
}

/** Answers a request under `/emulator/`; `undefined` for any other path. */
export async function control(emulator: Emulator, request: EmulatorRequest): Promise<EmulatorReply | BytesReply | undefined> {
  const url = splitUrl(request.url)
  if (!url.pathname.startsWith(CONTROL_ROOT)) return undefined
  const route = `${request.method.toUpperCase()} ${url.pathname.slice(CONTROL_ROOT.length - 1)}`
  try {
    if (route === 'GET /public-key') {
      const app = url.query.get('application') ?? ''
      if (!/^\d{1,20}$/u.test(app)) return problem(400, 'application must be an application id (a snowflake)')
      return json(200, { publicKey: await emulator.publicKey(app) })
    }
    if (route.startsWith('GET /interactions/')) {
      const record = emulator.interactions.get(route.slice('GET /interactions/'.length))
      if (record === undefined) return problem(404, 'no such interaction')
      // And what the emulator refused of the app for it (its token in the path), as the app was answered.
      const refused = emulator.requests.filter((r) => r.status >= 400 && r.at >= record.openedAt && (r.path.split('?')[0] ?? '').split('/').includes(record.token))
      return json(200, { ...record, refused })
    }
    if (route.startsWith('GET /files/')) {
      const file = emulator.interactions.file(route.slice('GET /files/'.length))
      if (file === undefined) return problem(404, 'no such file (an attachment id the app uploaded, whose message is not deleted)')
      // Bytes to compare, never a page to show: downloaded, not sniffed.
      const headers = { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment', 'x-content-type-options': 'nosniff' }
      return { status: 200, headers, bytes: file.bytes }
    }
    if (route === 'POST /reset') {
      emulator.reset()
      return { status: 204, headers: {}, body: '' }
    }
    const act = /^POST \/(invoke|press|choose|submit|picker)$/u.exec(route)?.[1] as Act | 'picker' | undefined
    if (act === undefined)
      return problem(404, `no ${route} (the emulator's own calls are under ${CONTROL_ROOT}: invoke, press, choose, submit, picker, interactions/ID, files/ID, public-key, reset)`)
    let input: Record<string, unknown>
    try {
      input = JSON.parse(bodyText(request.body)) as Record<string, unknown>
    } catch {
      return problem(400, 'the body must be JSON: the input of the call')
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return problem(400, 'the body must be a JSON object: the input of the call')
    if (act === 'picker') return json(200, emulator.picker(input as never))
    // Over HTTP the app is another process: its endpoint is a URL (loopback only, as for invoke), else its application's interactionsEndpointUrl.
    if (input.endpoint !== undefined && typeof input.endpoint !== 'string') return problem(400, 'endpoint must be the URL where the bot receives interactions (on loopback)')
    const { wait, ...given } = input
    const result = await emulator[act](given as unknown as InvokeInput & never)
    if (result.outcome !== 'answered') return json(200, result)
    const answered = result as unknown as Answered & Record<string, unknown>
    const settled = wait === undefined ? undefined : await answered.wait(typeof wait === 'object' && wait !== null ? (wait as { quietMs?: number; maxMs?: number }) : {})
    return json(200, {
      ...answered,
      transcript: settled?.transcript ?? answered.transcript(),
      ...(settled === undefined ? {} : { ended: settled.ended, thinking: settled.thinking }),
    })
  } catch (error) {
    if (isValidationError(error)) return problem(400, error.message, { issues: error.issues })
    return problem(400, error instanceof Error ? error.message : String(error))
  }
}
