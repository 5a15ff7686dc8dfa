/**
 * A `multipart/form-data` body read as the service reads one (RFC 7578 over RFC
 * 2046; the public API v10 "Uploading Files"): the parts between the delimiters,
 * each with its `Content-Disposition` name (and filename) and its `Content-Type`.
 * Pure and bounded: the whole body is in memory already (the caller capped its
 * size), every search moves forward, and a body that does not parse (no boundary,
 * a part without headers, a delimiter that never closes) is a problem with a
 * sentence, never an exception. Web globals only (`TextDecoder`): no Node.
 */

/** One part of the form: a text field, or a file when it has a filename. */
export interface FormPart {
  /** The `name` of its `Content-Disposition`. */
  readonly name: string
  /** The `filename` (or the RFC 5987 `filename*`) when the part is a file. */
  readonly filename: string | undefined
  /** The part's `Content-Type`, when it has one. */
  readonly contentType: string | undefined
  /** The part's bytes (a copy: the body can go). */
  readonly bytes: Uint8Array
}

/** Why a body is not a form: where (the part's index, when one) and what. */
export interface FormProblem {
  readonly problem: string
  readonly part?: number
}

/** RFC 2046: a boundary is 1 to 70 characters of this set, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/
/** The headers of one part: more than this is not a form part (a sane bound; the service's is not shown). */
const PART_HEADERS_MAX = 16 * 1024
/** Parts in one body: a message takes `payload_json`, 10 files and a few fields; more is refused before they are read. */
export const FORM_PARTS_MAX = 64

const CR = 13
const LF = 10
const DASH = 45
const SPACE = 32
const TAB = 9

type Decoder = { decode(bytes: Uint8Array): string }
const codecs = globalThis as unknown as {
  TextDecoder: new (label: string, options: { fatal: boolean }) => Decoder
  TextEncoder: new () => { encode(text: string): Uint8Array }
}

/** UTF-8 text of bytes, or `undefined` when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return new codecs.TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** The bytes of a text, in UTF-8. */
export const utf8Bytes = (text: string): Uint8Array => new codecs.TextEncoder().encode(text)

/**
 * The chunks as one fresh array of bytes, even of one chunk: a Node `Buffer` may be a
 * view into a shared pool, which a reader of its `.buffer` would read past.
 */
export function joinBytes(chunks: readonly Uint8Array[], size = chunks.reduce((n, c) => n + c.length, 0)): Uint8Array {
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

/** The boundary of a `multipart/form-data` Content-Type, or why there is none. */
export function boundaryOf(contentType: string): string | FormProblem {
  const [type, ...params] = splitParams(contentType)
  if (type?.toLowerCase() !== 'multipart/form-data') return { problem: `the Content-Type must be multipart/form-data (was ${JSON.stringify(contentType.slice(0, 100))})` }
  const boundary = params.find(([k]) => k === 'boundary')?.[1]
  if (boundary === undefined) return { problem: 'the Content-Type multipart/form-data names no boundary' }
  if (!BOUNDARY.test(boundary)) return { problem: "the boundary of the Content-Type must be 1 to 70 characters of letters, digits and '()+_,-./:=? (RFC 2046)" }
  return boundary
}

/** Whether a Content-Type names a multipart form. */
export const isMultipart = (contentType: string | undefined): boolean => contentType !== undefined && /^\s*multipart\/form-data\s*(?:;|$)/i.test(contentType)

/** `type; a=b; c="d"` as `[type, [a, b], [c, d]]`: parameter names lower-cased, quoted values unquoted. */
function splitParams(header: string): [string | undefined, ...[string, string][]] {
  const out: [string, string][] = []
  let i = header.indexOf(';')
  const head = (i < 0 ? header : header.slice(0, i)).trim()
  while (i >= 0 && i < header.length) {
    i++
    const eq = header.indexOf('=', i)
    const semi = header.indexOf(';', i)
    if (eq < 0 || (semi >= 0 && semi < eq)) {
      i = semi
      continue
    }
    const key = header.slice(i, eq).trim().toLowerCase()
    let j = eq + 1
    while (header[j] === ' ' || header[j] === '\t') j++
    let value = ''
    if (header[j] === '"') {
      // A quoted string. Browsers and undici write a '"' in a name as %22 and leave a
      // backslash as it is (a Windows path); a backslash before a '"' escapes it.
      j++
      while (j < header.length && header[j] !== '"') {
        if (header[j] === '\\' && header[j + 1] === '"') j++
        value += header[j]
        j++
      }
      i = header.indexOf(';', j)
    } else {
      const end = header.indexOf(';', j)
      value = (end < 0 ? header.slice(j) : header.slice(j, end)).trim()
      i = end
    }
    out.push([key, value])
  }
  return [head, ...out]
}

/** RFC 5987 `UTF-8''percent%20encoded`, decoded; `undefined` when it is not that. */
function extValue(value: string): string | undefined {
  const m = /^utf-8'[^']*'(.*)$/i.exec(value)
  if (m === null) return undefined
  try {
    return decodeURIComponent(m[1] as string)
  } catch {
    return undefined
  }
}

/** The first index of `needle` in `hay` at or after `from`, or -1. */
function find(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0] as number
  const last = hay.length - needle.length
  for (let i = hay.indexOf(first, from); i >= 0 && i <= last; i = hay.indexOf(first, i + 1)) {
    let j = 1
    while (j < needle.length && hay[i + j] === needle[j]) j++
    if (j === needle.length) return i
  }
  return -1
}

/** The headers of one part (between the delimiter line and the empty line), or a problem. */
function partHeaders(text: string, index: number): { name: string; filename: string | undefined; contentType: string | undefined } | FormProblem {
  let disposition: string | undefined
  let contentType: string | undefined
  for (const line of text === '' ? [] : text.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) return { problem: `a header line of part ${index} is not "Name: value"`, part: index }
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (name === 'content-disposition') disposition = value
    else if (name === 'content-type') contentType = value
  }
  if (disposition === undefined) return { problem: `part ${index} has no Content-Disposition header (RFC 7578: each part has one, with a name)`, part: index }
  const [kind, ...params] = splitParams(disposition)
  if (kind?.toLowerCase() !== 'form-data') return { problem: `the Content-Disposition of part ${index} must be form-data`, part: index }
  const get = (key: string): string | undefined => params.find(([k]) => k === key)?.[1]
  const name = get('name')
  if (name === undefined || name === '') return { problem: `the Content-Disposition of part ${index} names no field (name="...")`, part: index }
  const star = get('filename*')
  const filename = (star === undefined ? undefined : extValue(star)) ?? get('filename')
  return { name, filename, contentType }
}

/**
 * The parts of a `multipart/form-data` body with `boundary`, in order, or the first
 * problem met: a body with no delimiter, a part whose headers never end (or are over
 * 16 KiB, or not UTF-8), a part without a `Content-Disposition` name, more than
 * `FORM_PARTS_MAX` parts, or a body that ends before its closing delimiter
 * (`--boundary--`).
 */
export function readForm(body: Uint8Array, boundary: string): FormPart[] | FormProblem {
  const dash = utf8Bytes(`--${boundary}`)
  // Every delimiter but a first one at the very start follows a line break.
  const delimiter = utf8Bytes(`\r\n--${boundary}`)
  let at: number
  if (body.length >= dash.length && find(body.subarray(0, dash.length), dash, 0) === 0) at = dash.length
  else {
    const first = find(body, delimiter, 0)
    if (first < 0) return { problem: `the body holds no delimiter --${boundary} (the boundary of its Content-Type)` }
    at = first + delimiter.length
  }
  const parts: FormPart[] = []
  const headerEnd = utf8Bytes('\r\n\r\n')
  for (;;) {
    // After a delimiter: "--" closes the body; else optional spaces and a line break open a part.
    if (body[at] === DASH && body[at + 1] === DASH) return parts
    while (body[at] === SPACE || body[at] === TAB) at++
    if (at >= body.length) return { problem: `the body ends before its closing delimiter --${boundary}--`, part: parts.length }
    if (body[at] !== CR || body[at + 1] !== LF) return { problem: `a delimiter --${boundary} is not followed by a line break`, part: parts.length }
    at += 2
    const index = parts.length
    if (index >= FORM_PARTS_MAX) return { problem: `the body has more than ${FORM_PARTS_MAX} parts`, part: index }
    // An empty header section is a part without a Content-Disposition: refused below.
    const end = body[at] === CR && body[at + 1] === LF ? at : find(body, headerEnd, at)
    if (end < 0 || end - at > PART_HEADERS_MAX) return { problem: `the headers of part ${index} do not end with an empty line within ${PART_HEADERS_MAX} bytes`, part: index }
    const text = utf8Text(body.subarray(at, end))
    if (text === undefined) return { problem: `the headers of part ${index} are not UTF-8`, part: index }
    const headers = partHeaders(text, index)
    if ('problem' in headers) return headers
    const start = end === at ? at + 2 : end + headerEnd.length
    const close = find(body, delimiter, start)
    if (close < 0) return { problem: `part ${index} (${JSON.stringify(headers.name.slice(0, 60))}) never ends: the body ends before the delimiter --${boundary}`, part: index }
    parts.push({ ...headers, bytes: body.slice(start, close) })
    at = close + delimiter.length
  }
}
