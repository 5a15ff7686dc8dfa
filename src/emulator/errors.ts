/**
 * Error replies. The spec shows no error body, codes or statuses for validation and
 * authorization failures ("Errors": "not shown"); these are the public API v10
 * facts: a body `{ code, message, errors? }`, the numeric codes below, 400 for a
 * refused body, 401 for a missing or unknown token, 403 for a token that may not do
 * this, 404 for an unknown resource, 405 for a method a path does not take.
 */
import { formatPath, type Issue } from '../internal.js'
import type { EmulatorReply } from './http.js'
import { publicCode } from './public-codes.js'

/** Public API v10 JSON error codes the emulator answers with (not shown in the spec). */
export const ErrorCode = {
  /** Not a JSON error code: the HTTP status says it all (401, 404, 405, 429). */
  General: 0,
  UnknownMember: 10007,
  UnknownMessage: 10008,
  UnknownLobby: 10031,
  UnknownCommand: 10063,
  UnknownCommandPermissions: 10066,
  BotsCannotUseEndpoint: 20001,
  /** "Maximum number of attachments in a message reached (10)". */
  MaxAttachments: 30015,
  MaxCommands: 30032,
  MaxDailyCommandCreates: 30034,
  RequestTooLarge: 40005,
  MissingAccess: 50001,
  InvalidFormBody: 50035,
  InvalidJson: 50109,
  /** A global bulk overwrite that leaves out the app's entry point command. */
  EntryPointBulkRemove: 50240,
} as const

/** The body of an error reply (public API v10 shape). */
export interface ErrorBody {
  readonly code: number
  readonly message: string
  /** Field errors of a refused body, nested by path, each with `_errors` (public API v10 shape). */
  readonly errors?: Record<string, unknown>
  /** slashkit's issues of a refused body: the same problems, as `{ code, path, message }`. */
  readonly issues?: readonly Issue[]
  /** 429 only: seconds to wait. */
  readonly retry_after?: number
  /** 429 only: whether the global limit was hit. */
  readonly global?: boolean
}

const JSON_HEADERS = { 'content-type': 'application/json' }

/** A JSON reply. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): EmulatorReply {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) }
}

/** An error reply with the public body shape. */
export function fail(status: number, code: number, message: string, extra: Partial<ErrorBody> = {}, headers: Record<string, string> = {}): EmulatorReply {
  return json(status, { code, message, ...extra }, headers)
}

export const notFound = (): EmulatorReply => fail(404, ErrorCode.General, '404: Not Found')
export const unauthorized = (): EmulatorReply => fail(401, ErrorCode.General, '401: Unauthorized')
export const missingAccess = (): EmulatorReply => fail(403, ErrorCode.MissingAccess, 'Missing Access')
export const methodNotAllowed = (): EmulatorReply => fail(405, ErrorCode.General, '405: Method Not Allowed')

/**
 * An issue's message without the path it leads with (`body.data.content must be...`
 * -> `must be...`): the service's field errors sit at their path in the tree and
 * never repeat it ("Must be 2000 or fewer in length."). Its `issues` keep the whole
 * message.
 */
function unplaced(issue: Issue): string {
  const m = issue.message
  for (const root of ['body', '']) {
    const lead = `${formatPath(issue.path, root)} `
    if (m.startsWith(lead) && m.length > lead.length) return m.slice(lead.length)
  }
  return m
}

/**
 * 400 Invalid Form Body, with the issues both as the public API's nested `errors`
 * (`{ name: { _errors: [{ code, message }] } }`, codes of the public API where known:
 * public-codes.ts) and as slashkit issues.
 */
export function invalidBody(issues: readonly Issue[]): EmulatorReply {
  const errors: Record<string, unknown> = {}
  for (const issue of issues) {
    let node = errors
    for (const segment of issue.path) {
      const key = String(segment)
      // Own data properties only: a path segment may be `__proto__`.
      if (!Object.hasOwn(node, key)) Object.defineProperty(node, key, { value: {}, enumerable: true, writable: true, configurable: true })
      node = node[key] as Record<string, unknown>
    }
    const list = Object.hasOwn(node, '_errors') ? (node._errors as unknown[]) : (node._errors = [])
    list.push({ code: publicCode(issue), message: unplaced(issue) })
  }
  return fail(400, ErrorCode.InvalidFormBody, 'Invalid Form Body', { errors, issues })
}
