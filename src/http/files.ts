/**
 * Files beside a message, on their way out of `slashkit/http`: a message input
 * split into its body and its files, their checks before anything is sent (the
 * body's rules, which see a message of files alone as not empty, and the files'
 * own, `slashkit/rest`'s `checkFiles`), and the
 * files as `@discordjs/rest` takes them (`{ name, data, contentType?, key }`, the
 * bytes read whole), for the adapter over a discord.js client (discordjs.ts).
 */
import { EPHEMERAL, InteractionCallbackType, validateInteractionResponse, ValidationError, type InteractionResponseJSON, type Issue, type WebhookMessageJSON } from '../internal.js'
import { checkFiles, fileTypeOf, splitMessage, withFiles, type BlobLike, type FileInput, type MessageInput } from '../rest/index.js'

/** A file as `@discordjs/rest` uploads it: its part name is `key` (`files[n]`), its bytes `data`. */
export interface RawFile {
  readonly name: string
  readonly key: string
  readonly data: Uint8Array
  readonly contentType?: string
}

/** Files given beside a message; `undefined` when none were. */
export type Files = readonly FileInput[] | undefined

/**
 * A message input split into the message body (with the ephemeral flag when asked)
 * and the files given beside it: the files never go into the body, where the
 * service's rules would refuse an unknown field `files`.
 */
export function partsOf(input: MessageInput, options: { readonly ephemeral?: boolean | undefined } = {}): [WebhookMessageJSON, Files] {
  const [given, files] = splitMessage(input)
  const body: WebhookMessageJSON = { ...given }
  if (options.ephemeral === true) body.flags = (body.flags ?? 0) | EPHEMERAL
  return [body, files]
}

/** A message and its files as the REST client takes them (`files` beside the fields). */
export const inputOf = ([body, files]: [WebhookMessageJSON, Files]): MessageInput => (files === undefined ? body : { ...body, files })

/**
 * The files over `limit` bytes, the interaction's `attachment_size_limit` (public API
 * v10, in every interaction: the upload limit per file where it happened, raised by
 * boosts; "Uploading Files": it applies to each file), which the service answers
 * with a 413 (40005) only once the bytes are sent. A size is known without reading
 * for a `Uint8Array`, an `ArrayBuffer` and a `Blob`; a stream's is not, and the
 * service has the last word on it. No limit given (not a positive number): nothing.
 */
export function oversized(files: Files, limit: unknown): Issue[] {
  if (!Array.isArray(files) || typeof limit !== 'number' || !(limit > 0)) return []
  const issues: Issue[] = []
  files.forEach((file: FileInput | null | undefined, n) => {
    const data: unknown = file?.data
    const size = data instanceof Uint8Array || data instanceof ArrayBuffer ? data.byteLength : isBlob(data) ? (data as { size?: unknown }).size : undefined
    if (typeof size === 'number' && size > limit)
      issues.push({
        code: 'number.range',
        path: ['files', n, 'data'],
        limit,
        message: `files[${n}].data has ${size} bytes, over the interaction's attachment_size_limit (${limit})`,
      })
  })
  return issues
}

/**
 * Why a callback body and its files would be refused, or `undefined`: the body's
 * rules (`validateInteractionResponse`), files only with a callback that carries a
 * message (4, 7: the OpenAPI's), the files' own checks (`slashkit/rest`'s) and their
 * sizes against the interaction's `attachment_size_limit` (`oversized`).
 */
export function refusalOf(
  body: InteractionResponseJSON,
  files: Files,
  interaction: { readonly type: number; readonly attachment_size_limit?: unknown },
): ValidationError | undefined {
  const data = (body as { data?: unknown }).data
  const checked = validateInteractionResponse(files === undefined ? body : { ...body, data: withFiles(data, files) }, { interactionType: interaction.type })
  const issues: Issue[] = checked.ok ? [] : [...checked.issues]
  if (files !== undefined) {
    const carries = body.type === InteractionCallbackType.ChannelMessageWithSource || body.type === InteractionCallbackType.UpdateMessage
    if (!carries && Array.isArray(files) && files.length > 0)
      issues.push({ code: 'field.not_allowed', path: ['files'], message: `files go with a message (callback 4 or 7), not with callback ${String(body.type)}` })
    issues.push(...checkFiles(data, files, ['data']), ...oversized(files, interaction.attachment_size_limit))
  }
  return issues.length === 0 ? undefined : new ValidationError(issues, 'interaction response')
}

const isBlob = (v: unknown): v is BlobLike => typeof v === 'object' && v !== null && typeof (v as BlobLike).arrayBuffer === 'function'

/** The bytes of a file's `data`: a `Uint8Array` as it is; an `ArrayBuffer`, a `Blob` or a stream read whole. */
async function bytesOf(data: FileInput['data']): Promise<Uint8Array> {
  if (data instanceof Uint8Array) return data
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  if (isBlob(data)) return new Uint8Array(await data.arrayBuffer())
  const Response = (globalThis as { Response?: new (body: unknown) => { arrayBuffer(): Promise<ArrayBuffer> } }).Response
  if (Response === undefined) throw new TypeError('a stream cannot be read here (no Response): pass a Blob or a Uint8Array')
  return new Uint8Array(await new Response(data).arrayBuffer())
}

/**
 * Files as `@discordjs/rest` takes them: `files[n]` in order, the media type given
 * (else the `Blob`'s, else the name's extension's as `slashkit/rest` sends it; else
 * none, and `@discordjs/rest` guesses it from the bytes).
 * The files are checked before (`checkFiles`).
 */
export function rawFilesOf(files: readonly FileInput[]): Promise<RawFile[]> {
  return Promise.all(
    files.map(async (file, n) => {
      const type = fileTypeOf(file)
      const data = await bytesOf(file.data)
      return type === undefined ? { name: file.name, key: `files[${n}]`, data } : { name: file.name, key: `files[${n}]`, data, contentType: type }
    }),
  )
}
