/**
 * The media type of a file sent without one, from its name's extension: the
 * common types a bot attaches (text, JSON, images, audio, video, PDF, CSV, ZIP).
 * Kept in `slashkit/rest`, out of the core and its one-command bundle.
 */

/** Extension (lower case) to media type (IANA registrations). */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  csv: 'text/csv',
  zip: 'application/zip',
}

/**
 * The media type a file name's extension stands for (any case), or `undefined` for
 * an extension outside the table, a name without one, or a key the table only
 * inherits (`constructor`, `__proto__`). What the client sends for a file given
 * without `contentType` (and not a `Blob` with a type of its own).
 *
 * @example
 * mediaTypeOf('log.txt') // 'text/plain'
 * mediaTypeOf('PHOTO.JPG') // 'image/jpeg'
 * mediaTypeOf('README') // undefined
 */
export function mediaTypeOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.')
  if (dot < 0) return undefined
  const ext = name.slice(dot + 1).toLowerCase()
  return Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext] : undefined
}
