/**
 * Files sent with a message (public API v10): a `multipart/form-data` body built
 * with the platform's own `FormData` and `Blob` (Node 20+, Bun, Deno, browsers,
 * workers), the message as the part `payload_json` and each file as `files[n]`.
 * A stream is read into a `Blob` first: a multipart body of known length is what
 * every runtime's `fetch` can send (a streamed request body is not).
 */
import { formatPath, limits, ValidationError, type Issue, type PathSegment, type WebhookMessageJSON } from '../internal.js'
import type { FormDataLike } from './fetch.js'
import { mediaTypeOf } from './media-types.js'

/** The part of a `Blob` the client uses (the platform's `Blob` and `File` are ones). */
export interface BlobLike {
  readonly size: number
  readonly type: string
  arrayBuffer(): Promise<ArrayBuffer>
}

/** The part of a `ReadableStream` the client uses (the platform's `ReadableStream` of bytes is one). */
export interface ReadableStreamLike {
  getReader(): unknown
}

/**
 * A file to upload: its name (shown in the message), its bytes, and their media
 * type: `contentType` when given, else the `Blob`'s, else the one the name's
 * extension stands for (txt, json, png, jpg/jpeg, gif, webp, mp4, mp3, ogg, wav,
 * pdf, csv, zip), else none (`application/octet-stream` on the wire).
 *
 * `attachments` of the message may describe it as `{ id: n, description }` for
 * `files[n]`; when it is given it must list every file.
 */
export interface FileInput {
  readonly name: string
  readonly data: BlobLike | Uint8Array | ArrayBuffer | ReadableStreamLike
  readonly contentType?: string | undefined
}

/** A message body: a string is `{ content }`; `files` are uploaded with it (`files[n]`, described by `attachments` `{ id: n }`). */
export type MessageInput = string | (WebhookMessageJSON & { readonly files?: readonly FileInput[] | undefined })

/**
 * A message input split into its body and the files given beside it: the files
 * never go into the body, where the service's rules refuse an unknown field
 * `files`. Without files, the body is the input itself.
 *
 * @example
 * splitMessage({ content: 'The log', files: [{ name: 'log.txt', data: new Uint8Array([104, 105]) }] })
 * // [{ content: 'The log' }, [{ name: 'log.txt', data: Uint8Array(2) }]]
 */
export function splitMessage(input: MessageInput): [WebhookMessageJSON, readonly FileInput[] | undefined] {
  if (typeof input === 'string') return [{ content: input }, undefined]
  if (typeof input === 'object' && input !== null && 'files' in input) {
    const { files, ...body } = input
    return [body, files]
  }
  return [input, undefined]
}

/**
 * A message as its own check must see it when files go with it: with no
 * `attachments`, a message of files alone is not empty (public API v10: each file
 * becomes an attachment). Only for the check; the body sent is unchanged.
 *
 * @example
 * withFiles({}, [{ name: 'a.txt', data: new Uint8Array() }]) // { attachments: [{ id: 0 }] }
 */
export function withFiles(message: unknown, files: readonly unknown[] | undefined): unknown {
  if (files === undefined || !Array.isArray(files) || files.length === 0) return message
  if (typeof message !== 'object' || message === null || 'attachments' in message) return message
  return { ...message, attachments: [{ id: 0 }] }
}

type BlobConstructor = new (parts: readonly unknown[], options?: { type?: string }) => BlobLike
type FormDataConstructor = new () => FormDataLike
type ResponseConstructor = new (body: unknown) => { blob(): Promise<BlobLike> }

const platform = globalThis as unknown as { Blob?: BlobConstructor; FormData?: FormDataConstructor; Response?: ResponseConstructor }

const isBlob = (v: unknown): v is BlobLike => typeof v === 'object' && v !== null && typeof (v as BlobLike).arrayBuffer === 'function' && typeof (v as BlobLike).size === 'number'
const isStream = (v: unknown): v is ReadableStreamLike => typeof v === 'object' && v !== null && typeof (v as ReadableStreamLike).getReader === 'function'

/** Whether a media type can go in a part's header: printable ASCII with a `/`. */
const MEDIA_TYPE = /^[!-~][ -~]*\/[ -~]+$/

/** Whether a file name holds a control character (a part's header cannot carry one). */
function hasControl(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i)
    if (c < 0x20 || c === 0x7f) return true
  }
  return false
}

/**
 * The file an `attachments` entry names: `{ id: n }` for `files[n]`, `n` from 0 to
 * 9 (OpenAPI `files[0]` to `files[9]`); undefined for any other id, an attachment
 * the message already has (kept by an edit), which the service checks.
 */
function placeholder(id: unknown): number | undefined {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d{1,2}$/.test(id) ? Number(id) : Number.NaN
  return Number.isInteger(n) && n >= 0 && n < limits.MESSAGE_FILES_MAX ? n : undefined
}

/**
 * The issues of `files` sent with `message` (the message object at `at` in the
 * request body: a webhook body, or a callback's `data`). At most 10 files (OpenAPI:
 * `files[0]` to `files[9]`), each named with 1 to 1024 characters and no control
 * character (`MessageAttachmentRequest.filename`), its `data` bytes, its
 * `contentType` a media type; when the message lists `attachments`, each file has
 * exactly one entry there (`{ id: n }` for `files[n]`), and every entry with such
 * an index names a file given. What the client checks before sending files, for
 * code that sends them another way (slashkit/http checks a first answer with it).
 *
 * @example
 * checkFiles({ attachments: [{ id: 0 }] }, [{ name: 'a.txt', data: new Uint8Array(1) }, { name: 'b.txt', data: new Uint8Array(1) }]).map((i) => i.code) // ['field.required']
 */
export function checkFiles(message: unknown, files: unknown, at: readonly PathSegment[] = []): Issue[] {
  if (!Array.isArray(files)) return [{ code: 'value.type', path: ['files'], message: 'files must be an array of { name, data, contentType? }' }]
  const issues: Issue[] = []
  const add = (code: Issue['code'], path: Issue['path'], text: string): void => void issues.push({ code, path, message: `${formatPath(path)} ${text}` })
  if (files.length > limits.MESSAGE_FILES_MAX) add('response.too_many', ['files'], `has ${files.length} files; at most ${limits.MESSAGE_FILES_MAX} are allowed`)
  files.forEach((file: unknown, n) => {
    if (typeof file !== 'object' || file === null) {
      add('value.type', ['files', n], 'must be a file: { name, data, contentType? }')
      return
    }
    const { name, data, contentType } = file as { name?: unknown; data?: unknown; contentType?: unknown }
    const length = typeof name === 'string' ? [...name].length : 0
    if (typeof name !== 'string') add('value.type', ['files', n, 'name'], 'must be a file name (a string)')
    else if (length < 1 || length > limits.ATTACHMENT_FILENAME_MAX)
      add('string.length', ['files', n, 'name'], `must be 1-${limits.ATTACHMENT_FILENAME_MAX} characters long (was ${length})`)
    else if (hasControl(name)) add('value.type', ['files', n, 'name'], 'must be a file name without control characters')
    if (!(isBlob(data) || data instanceof Uint8Array || data instanceof ArrayBuffer || isStream(data)))
      add('value.type', ['files', n, 'data'], 'must be a Blob, a Uint8Array, an ArrayBuffer or a ReadableStream')
    if (contentType !== undefined && (typeof contentType !== 'string' || !MEDIA_TYPE.test(contentType)))
      add('value.type', ['files', n, 'contentType'], 'must be a media type such as "image/png" (printable ASCII)')
  })
  const list = typeof message === 'object' && message !== null ? (message as { attachments?: unknown }).attachments : undefined
  if (!Array.isArray(list)) return issues
  const named = new Set<number>()
  list.forEach((entry: unknown, i) => {
    const n = placeholder(typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined)
    if (n === undefined) return
    const path = [...at, 'attachments', i, 'id']
    if (n >= files.length) add('enum.value', path, `must be the index of a file uploaded with it (0 to ${files.length - 1}) or an attachment id of the message (was ${n})`)
    else if (named.has(n)) add('array.duplicate', path, 'repeats an earlier value')
    else named.add(n)
  })
  for (let n = 0; n < files.length; n++)
    if (!named.has(n))
      add(
        'field.required',
        [...at, 'attachments'],
        `is required for files[${n}]: an entry { id: ${n} }, as the message keeps the files its attachments list (or leave attachments out)`,
      )
  return issues
}

/** Throws the issues of `checkFiles` as one `ValidationError`. */
export function assertFiles(message: unknown, files: unknown, at?: readonly PathSegment[]): void {
  const issues = checkFiles(message, files, at)
  if (issues.length > 0) throw new ValidationError(issues, 'files')
}

/**
 * The media type a file is sent with: its `contentType` when given, else its
 * `Blob`'s own type, else the one its name's extension stands for (`mediaTypeOf`),
 * else `undefined` (sent as `application/octet-stream`). One precedence for
 * slashkit's client and the `@discordjs/rest` adapter of `slashkit/http`.
 *
 * @example
 * fileTypeOf({ name: 'log.txt', data: new Uint8Array() }) // 'text/plain'
 * fileTypeOf({ name: 'log.txt', data: new Uint8Array(), contentType: 'text/markdown' }) // 'text/markdown'
 */
export function fileTypeOf(file: FileInput): string | undefined {
  const { data } = file
  return file.contentType ?? (isBlob(data) && data.type !== '' ? data.type : mediaTypeOf(file.name))
}

async function blobOf(file: FileInput, Blob: BlobConstructor): Promise<BlobLike> {
  const { data } = file
  const type = fileTypeOf(file) ?? ''
  if (isStream(data)) {
    const Response = platform.Response
    if (Response === undefined) throw new TypeError('a stream cannot be read here (no Response): pass a Blob or a Uint8Array')
    const read = await new Response(data).blob()
    return new Blob([read], { type })
  }
  return isBlob(data) && type === data.type ? data : new Blob([data], { type })
}

/**
 * The multipart body of a message with files: `payload_json` (the message, JSON)
 * and `files[n]`, each a `Blob` with its name. The callers check the files first
 * (`assertFiles`), where they know where the message is in the body.
 */
export async function formOf(body: unknown, files: readonly FileInput[]): Promise<FormDataLike> {
  const { Blob, FormData } = platform
  if (Blob === undefined || FormData === undefined) throw new TypeError('no FormData or Blob here: files need a runtime with both (Node 20+, Bun, Deno, browsers, workers)')
  const form = new FormData()
  // A plain field, not a Blob: a part with a file name would be taken for a file.
  if (body !== undefined) form.append('payload_json', JSON.stringify(body))
  const blobs = await Promise.all(files.map((f) => blobOf(f, Blob)))
  for (let n = 0; n < blobs.length; n++) form.append(`files[${n}]`, blobs[n], (files[n] as FileInput).name)
  return form
}
