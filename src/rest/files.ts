/**
 * Files sent with a message (public API v10): a `multipart/form-data` body built
 * with the platform's own `FormData` and `Blob` (Node 20+, Bun, Deno, browsers,
 * workers), the message as the part `payload_json` and each file as `files[n]`.
 * A stream is read into a `Blob` first: a multipart body of known length is what
 * every runtime's `fetch` can send (a streamed request body is not).
 */
import { checkUploads, ValidationError, type Issue, type PathSegment } from '../internal.js'
import type { FormDataLike } from './fetch.js'

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
 * type (else the `Blob`'s, else none: the service guesses from the name).
 *
 * `attachments` of the message may describe it as `{ id: n, description }` for
 * `files[n]`; when it is given it must list every file.
 */
export interface FileInput {
  readonly name: string
  readonly data: BlobLike | Uint8Array | ArrayBuffer | ReadableStreamLike
  readonly contentType?: string
}

type BlobConstructor = new (parts: readonly unknown[], options?: { type?: string }) => BlobLike
type FormDataConstructor = new () => FormDataLike
type ResponseConstructor = new (body: unknown) => { blob(): Promise<BlobLike> }

const platform = globalThis as unknown as { Blob?: BlobConstructor; FormData?: FormDataConstructor; Response?: ResponseConstructor }

const isBlob = (v: unknown): v is BlobLike => typeof v === 'object' && v !== null && typeof (v as BlobLike).arrayBuffer === 'function' && typeof (v as BlobLike).size === 'number'
const isStream = (v: unknown): v is ReadableStreamLike => typeof v === 'object' && v !== null && typeof (v as ReadableStreamLike).getReader === 'function'

/** Whether a media type can go in a part's header: printable ASCII with a `/`. */
const MEDIA_TYPE = /^[!-~][ -~]*\/[ -~]+$/

/**
 * The issues of files sent with `message` (at `at` in the request body): the
 * rules of rules/uploads.ts, and what each file's data and media type are.
 */
export function checkFiles(message: unknown, files: unknown, at: readonly PathSegment[] = []): Issue[] {
  if (!Array.isArray(files)) return [{ code: 'value.type', path: ['files'], message: 'files must be an array of { name, data, contentType? }' }]
  const issues = checkUploads(message, files, at)
  files.forEach((file: unknown, n) => {
    if (typeof file !== 'object' || file === null) return
    const { data, contentType } = file as { data?: unknown; contentType?: unknown }
    if (!(isBlob(data) || data instanceof Uint8Array || data instanceof ArrayBuffer || isStream(data)))
      issues.push({ code: 'value.type', path: ['files', n, 'data'], message: `files[${n}].data must be a Blob, a Uint8Array, an ArrayBuffer or a ReadableStream` })
    if (contentType !== undefined && (typeof contentType !== 'string' || !MEDIA_TYPE.test(contentType)))
      issues.push({ code: 'value.type', path: ['files', n, 'contentType'], message: `files[${n}].contentType must be a media type such as "image/png" (printable ASCII)` })
  })
  return issues
}

/** Throws the issues of `checkFiles` as one `ValidationError`. */
export function assertFiles(message: unknown, files: unknown, at?: readonly PathSegment[]): void {
  const issues = checkFiles(message, files, at)
  if (issues.length > 0) throw new ValidationError(issues, 'files')
}

async function blobOf(file: FileInput, Blob: BlobConstructor): Promise<BlobLike> {
  const { data } = file
  const type = file.contentType ?? (isBlob(data) ? data.type : '')
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
