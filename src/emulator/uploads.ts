/**
 * Files sent with a message, as the service takes them (public API v10, "Uploading
 * Files"): the four message endpoints of an interaction (the callback, a follow-up,
 * the edits of the original and of a follow-up: the operator's OpenAPI gives them a
 * `multipart/form-data` body) read the message from the part `payload_json` (or,
 * without it, from the form's text fields) and each file from a part `files[n]`.
 * The body's own field rules are the core's (`validateWebhookMessage`); here are
 * the checks that need the uploaded parts: their count, their sizes, their names,
 * and the `attachments` entries matched to them by id.
 */
import { codePoints, FILE_SIZE_DEFAULT, formatPath, limits, type Issue, type PathSegment } from '../internal.js'
import { ErrorCode, fail, invalidBody } from './errors.js'
import type { EmulatorReply } from './http.js'
import type { TranscriptAttachment as Attachment } from './interaction-types.js'
import { boundaryOf, readForm, utf8Text, type FormPart } from './multipart.js'

/**
 * The file upload limit of an application without boosts, per file: 10 MiB. The
 * operator's docs, "Uploading Files" ("The file upload size limit applies to each
 * file in a request. The default limit is 10 MiB"); the change log of 2024-12-16
 * (10 MiB for webhooks and interaction responses from 2025-01-16) and of 2025-04-03
 * (checked per attachment, not per message). A boost or the user's Nitro raises it
 * (the interaction's `attachment_size_limit`); the emulator plays no boosts.
 */
export const FILE_SIZE_MAX = FILE_SIZE_DEFAULT

/** The operator's docs, "Create Message" limitations: "The maximum request size when sending a message is 25 MiB". */
export const REQUEST_SIZE_MAX = 25 * 1024 * 1024

/** A file part as the service took it: `files[index]`, its name, its media type and its bytes. */
export interface Upload {
  readonly index: number
  readonly filename: string
  readonly contentType: string | undefined
  readonly bytes: Uint8Array
}

/** A message body read from a form, with its files. */
export interface MessageForm {
  readonly value: unknown
  readonly uploads: readonly Upload[]
}

/** "Uploading Files": files go in parts named `files[n]` (`files[0]`, `files[1]`, `files[42]`); `n` is the `attachments` placeholder id. */
const FILE_PART = /^files\[(\d{1,6})\]$/
/** Whether a media type can be a part's: printable ASCII with a `/`. */
const MEDIA_TYPE = /^[!-~][ -~]*\/[ -~]+$/

/** 413, code 40005: what the service answers to a request or a file over its limit (the message says which). */
export const tooLarge = (detail: string): EmulatorReply => fail(413, ErrorCode.RequestTooLarge, `Request entity too large: ${detail}`)

const issue = (code: Issue['code'], path: readonly PathSegment[], message: string): Issue => ({ code, path, message })

/** Why a file name is not one the emulator keeps: control characters, path separators, `.` or `..`; `undefined` when it is fine. */
export function badFilename(name: string): string | undefined {
  const length = codePoints(name)
  if (length < 1 || length > limits.ATTACHMENT_FILENAME_MAX) return `must be 1-${limits.ATTACHMENT_FILENAME_MAX} characters long (was ${length})`
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i)
    if (c < 0x20 || c === 0x7f) return `must hold no control character (U+${c.toString(16).toUpperCase().padStart(4, '0')} at ${i})`
    if (c === 0x2f || c === 0x5c) return 'must be a name, not a path: it holds a "/" or "\\"'
  }
  if (name === '.' || name === '..') return 'must be a name, not "." or ".."'
  return undefined
}

/** A text field's value as a body field: `content` as it is, any other parsed as JSON when it parses (`tts=true`, `flags=64`). */
function fieldValue(name: string, text: string): unknown {
  if (name === 'content') return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** A plain object with these fields as own data properties (a field may be named `__proto__`). */
function objectOf(fields: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of fields) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
  return out
}

/**
 * A message endpoint's `multipart/form-data` body: the message (`payload_json`, or
 * the form's text fields), and its files, checked: the request at most 25 MiB and
 * each file at most 10 MiB (413, code 40005), at most 10 files (400, code 30015),
 * each part a `files[n]` with a filename, `payload_json` or a field, each file name
 * one the service keeps (400, code 50035), `payload_json` JSON (400, code 50109).
 */
export function readMessageForm(body: Uint8Array, contentType: string): MessageForm | EmulatorReply {
  if (body.length > REQUEST_SIZE_MAX) return tooLarge(`the request has ${body.length} bytes; a message may have ${REQUEST_SIZE_MAX} (25 MiB)`)
  const boundary = boundaryOf(contentType)
  if (typeof boundary !== 'string') return invalidBody([issue('input.unreadable', [], boundary.problem)])
  const parts = readForm(body, boundary)
  if (!Array.isArray(parts)) return invalidBody([issue('input.unreadable', [], `the multipart body does not parse: ${parts.problem}`)])
  const issues: Issue[] = []
  const uploads: Upload[] = []
  const fields: [string, unknown][] = []
  let payload: FormPart | undefined
  const seen = new Set<string>()
  for (const part of parts) {
    const { name } = part
    if (seen.has(name)) {
      issues.push(issue('array.duplicate', [name], `${name} is given twice: each part of the form has a name of its own ("Uploading Files")`))
      continue
    }
    seen.add(name)
    const file = FILE_PART.exec(name)
    if (name === 'payload_json') payload = part
    else if (file !== null) {
      const index = Number(file[1])
      if (part.filename === undefined) {
        issues.push(issue('value.type', [name], `${name} must be a file: its Content-Disposition needs a filename ("Uploading Files")`))
        continue
      }
      uploads.push({ index, filename: part.filename, contentType: part.contentType, bytes: part.bytes })
    } else if (part.filename !== undefined)
      issues.push(issue('field.unknown', [name], `${name} is a file, but files go in parts named files[n] ("Uploading Files"), n the attachments id`))
    else {
      const text = utf8Text(part.bytes)
      if (text === undefined) issues.push(issue('value.type', [name], `the field ${name} is not UTF-8 text`))
      else fields.push([name, fieldValue(name, text)])
    }
  }
  // The service's own code for too many files: 30015, "Maximum number of attachments in a message reached (10)".
  if (uploads.length > limits.MESSAGE_FILES_MAX)
    return fail(400, ErrorCode.MaxAttachments, `Maximum number of attachments in a message reached (${limits.MESSAGE_FILES_MAX}): the form has ${uploads.length} files`)
  uploads.sort((a, b) => a.index - b.index)
  for (const u of uploads) {
    if (u.bytes.length > FILE_SIZE_MAX)
      return tooLarge(`files[${u.index}] (${JSON.stringify(u.filename.slice(0, 60))}) has ${u.bytes.length} bytes; a file may have ${FILE_SIZE_MAX} (10 MiB)`)
    const bad = badFilename(u.filename)
    if (bad !== undefined) issues.push(issue(bad.startsWith('must be 1-') ? 'string.length' : 'value.type', ['files', u.index, 'filename'], `files[${u.index}]'s filename ${bad}`))
    if (u.contentType !== undefined && !MEDIA_TYPE.test(u.contentType))
      issues.push(issue('value.type', ['files', u.index, 'contentType'], `files[${u.index}]'s Content-Type must be a media type such as "image/png"`))
  }
  if (payload !== undefined)
    for (const [name] of fields) issues.push(issue('field.not_allowed', [name], `${name} is a form field beside payload_json: give the message's fields in payload_json`))
  if (issues.length > 0) return invalidBody(issues)
  if (payload === undefined) return { value: objectOf(fields), uploads }
  const text = utf8Text(payload.bytes)
  try {
    if (text === undefined) throw new SyntaxError('not UTF-8')
    return { value: JSON.parse(text) as unknown, uploads }
  } catch {
    return fail(400, ErrorCode.InvalidJson, 'The request body contains invalid JSON. (payload_json)')
  }
}

/** Where kept attachments get their address: a host that never resolves (RFC 2606 `.invalid`), in the shape of the service's. */
const CDN = 'https://cdn.emulator.invalid'

/** What makes an attachment object for an upload: a fresh id, and the channel and flags of its message. */
export interface AttachmentMaker {
  readonly next: () => string
  readonly channelId: string
  readonly ephemeral: boolean
}

/** The placeholder an `attachments` entry's id names (`{ id: 0 }` or `{ id: "0" }` for `files[0]`), if it is one. */
function placeholderOf(id: unknown): number | undefined {
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return id
  if (typeof id === 'string' && /^\d{1,6}$/.test(id)) return Number(id)
  return undefined
}

/** Public API v10 attachment object for an upload (id, filename, size, url, proxy_url, content_type, description?, ephemeral?). */
function attachmentOf(u: Upload, entry: Record<string, unknown> | undefined, make: AttachmentMaker): Attachment {
  const id = make.next()
  const filename = typeof entry?.filename === 'string' ? entry.filename : u.filename
  const path = `/attachments/${make.channelId}/${id}/${encodeURIComponent(filename)}`
  const out: Record<string, unknown> = { id, filename, size: u.bytes.length, url: `${CDN}${path}`, proxy_url: `${CDN.replace('cdn.', 'media.')}${path}` }
  if (u.contentType !== undefined) out.content_type = u.contentType
  if (typeof entry?.description === 'string') out.description = entry.description
  if (typeof entry?.title === 'string') out.title = entry.title
  if (make.ephemeral) out.ephemeral = true
  return out as unknown as Attachment
}

/**
 * The attachments a message gets (`undefined` when an edit leaves them as they are)
 * and the uploads they hold by attachment id (named as attached), or the issues of
 * its `attachments` and files.
 */
export type Attached = { readonly attachments: Attachment[] | undefined; readonly kept: ReadonlyMap<string, Upload> } | { readonly issues: Issue[] }

/**
 * The attachments of a message sent with `uploads` ("Uploading Files", "Editing
 * Message Attachments"): without `attachments`, a new message gets every file and
 * an edit adds them to those it has; with it, each entry is a file uploaded with it
 * (`{ id: n }` for `files[n]`, its `filename` and `description` applied) or, in an
 * edit, an attachment the message has (kept; one left out goes), and every file
 * uploaded must be named by one entry. At most 10 in all (400, code 30015). `at`
 * is where the message is in the body (`['data']` in a callback); `existing` is
 * the message's attachments in an edit, `undefined` for a new message.
 */
export function attach(
  message: Record<string, unknown>,
  uploads: readonly Upload[],
  existing: readonly Attachment[] | undefined,
  make: AttachmentMaker,
  at: readonly PathSegment[],
): Attached | EmulatorReply {
  const list = message.attachments
  const kept = new Map<string, Upload>()
  const made = (u: Upload, entry?: Record<string, unknown>): Attachment => {
    const a = attachmentOf(u, entry, make)
    kept.set(a.id, { ...u, filename: a.filename })
    return a
  }
  let attachments: Attachment[] | undefined
  if (!Array.isArray(list)) {
    if (uploads.length === 0) return { attachments: undefined, kept }
    attachments = [...(existing ?? []), ...uploads.map((u) => made(u))]
  } else {
    const issues: Issue[] = []
    const byIndex = new Map(uploads.map((u) => [u.index, u]))
    const named = new Set<number>()
    const out: Attachment[] = []
    for (const [i, entry] of (list as unknown[]).entries()) {
      const e = (typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry : {}) as Record<string, unknown>
      const path = [...at, 'attachments', i, 'id']
      const before = existing?.find((a) => a.id === String(e.id))
      const n = placeholderOf(e.id)
      const upload = n === undefined ? undefined : byIndex.get(n)
      if (upload !== undefined && n !== undefined) {
        if (named.has(n)) {
          issues.push(issue('array.duplicate', path, `${formatPath(path)} names files[${n}] a second time`))
          continue
        }
        named.add(n)
        const bad = typeof e.filename === 'string' ? badFilename(e.filename) : undefined
        const where = [...at, 'attachments', i, 'filename']
        if (bad !== undefined) issues.push(issue(bad.startsWith('must be 1-') ? 'string.length' : 'value.type', where, `${formatPath(where)} ${bad}`))
        out.push(made(upload, e))
      } else if (before !== undefined) {
        // "Editing Message Attachments": a kept attachment may get a new description.
        out.push((typeof e.description === 'string' ? { ...before, description: e.description } : before) as Attachment)
      } else {
        const files = uploads.length === 0 ? 'no file was uploaded with it' : `the files uploaded are ${uploads.map((u) => `files[${u.index}]`).join(', ')}`
        issues.push(
          issue(
            'enum.value',
            path,
            `${formatPath(path)} must name a file uploaded with the message ({ id: n } for files[n]; ${files})${existing === undefined ? '' : ' or an attachment the message has'} (was ${JSON.stringify(e.id) ?? 'missing'})`,
          ),
        )
      }
    }
    for (const u of uploads)
      if (!named.has(u.index))
        issues.push(
          issue(
            'field.required',
            [...at, 'attachments'],
            `${formatPath([...at, 'attachments'])} needs an entry { id: ${u.index} } for files[${u.index}]: each file uploaded is named by one entry (or leave attachments out)`,
          ),
        )
    if (issues.length > 0) return { issues }
    attachments = out
  }
  if (attachments.length > limits.MESSAGE_FILES_MAX)
    return fail(400, ErrorCode.MaxAttachments, `Maximum number of attachments in a message reached (${limits.MESSAGE_FILES_MAX}): it would have ${attachments.length}`)
  return { attachments, kept }
}
