/**
 * The rules of files uploaded with a message (public API v10; the spec shows no
 * message endpoints): the callback, a follow-up and the edits of the original and
 * of a follow-up take `multipart/form-data` (OpenAPI `create_interaction_response`,
 * `execute_webhook`, `update_original_webhook_message`, `update_webhook_message`),
 * the message as `payload_json` and each file as `files[n]`. Checked here over
 * the files' names and the message's `attachments`; what a file's data is, is the
 * REST client's to check (src/rest/files.ts).
 */
import { IssueCollector, type Issue, type PathSegment } from './issues.js'
import { MESSAGES } from './messages.js'

/** OpenAPI: the multipart bodies name `files[0]` to `files[9]`, and `attachments` holds at most 10 (`maxItems`). */
export const MESSAGE_FILES_MAX = 10

/** OpenAPI `MessageAttachmentRequest.filename`: 1 to 1024 characters. */
export const ATTACHMENT_FILENAME_MAX = 1024

/**
 * Below 2^22 an id cannot be a snowflake the service made (a snowflake holds its
 * time above bit 22, public API v10): such an id in `attachments` is the index of
 * a file uploaded with the message (`files[n]` is `{ id: n }`).
 */
const PLACEHOLDER_BELOW = 2 ** 22

/** The index a placeholder id names, or undefined for an attachment id of the service's (or no id). */
function placeholder(id: unknown): number | undefined {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d{1,7}$/.test(id) ? Number(id) : Number.NaN
  return Number.isInteger(n) && n >= 0 && n < PLACEHOLDER_BELOW ? n : undefined
}

/** Whether a file name holds a control character (a multipart part's header cannot carry one). */
function hasControl(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i)
    if (c < 0x20 || c === 0x7f) return true
  }
  return false
}

/**
 * The issues of `files` uploaded with `message` (the message object: a webhook
 * body, or a callback's `data`, at `at`): at most 10 files, each named (1 to 1024
 * characters, no control character); when the message lists `attachments`, each
 * file has exactly one entry there (`{ id: n }` for `files[n]`), and every entry
 * with an index names a file given. Paths: `['files', n, ...]`, and `at` plus
 * `['attachments', i, 'id']`.
 */
export function checkUploads(message: unknown, files: readonly unknown[], at: readonly PathSegment[] = []): Issue[] {
  const c = new IssueCollector([], '', MESSAGES)
  if (files.length > MESSAGE_FILES_MAX) c.add('response.too_many', 'files', { count: files.length, expected: 'files', limit: MESSAGE_FILES_MAX })
  c.path.push('files')
  files.forEach((file, n) => {
    c.path.push(n)
    const name = typeof file === 'object' && file !== null ? (file as { name?: unknown }).name : undefined
    if (typeof file !== 'object' || file === null) c.add('value.type', undefined, { expected: 'a file: { name, data, contentType? }' }, file)
    else if (typeof name !== 'string') c.add('value.type', 'name', { expected: 'a file name (a string)' }, name)
    else if (name.length < 1 || [...name].length > ATTACHMENT_FILENAME_MAX) c.add('string.length', 'name', { min: 1, limit: ATTACHMENT_FILENAME_MAX, count: [...name].length })
    else if (hasControl(name)) c.add('value.type', 'name', { expected: 'a file name without control characters' }, name)
    c.path.pop()
  })
  c.path.pop()
  const list = typeof message === 'object' && message !== null ? (message as { attachments?: unknown }).attachments : undefined
  if (!Array.isArray(list)) return c.issues
  c.path.push(...at, 'attachments')
  const named = new Set<number>()
  list.forEach((entry, i) => {
    const n = placeholder(typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined)
    if (n === undefined) return
    c.path.push(i)
    if (n >= files.length) c.add('enum.value', 'id', { expected: `the index of a file uploaded with it (0 to ${files.length - 1}) or an attachment id of the message` }, n)
    else if (named.has(n)) c.add('array.duplicate', 'id')
    else named.add(n)
    c.path.pop()
  })
  for (let n = 0; n < files.length; n++)
    if (!named.has(n))
      c.add('field.required', undefined, {
        on: `files[${n}]`,
        expected: `an entry { id: ${n} }, as the message keeps the files its attachments list (or leave attachments out)`,
      })
  return c.issues
}
