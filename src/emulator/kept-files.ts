/**
 * The bytes of the files an application attached to its messages, kept beside
 * the messages (which hold the attachment objects: id, filename, size,
 * content_type, url) so that a test can read back what was uploaded. Bounded: past
 * `KEPT_BYTES_MAX` in all, the oldest files go first (their attachment objects
 * stay in the messages); a file goes with its message when the message is deleted,
 * or when an edit leaves its attachment out.
 */
import type { KeptFile } from './interaction-types.js'
import type { Upload } from './uploads.js'

/** Bytes kept in all: 256 MiB, ten requests of the largest size and then some (a bound of the emulator, not a limit of the service). */
export const KEPT_BYTES_MAX = 256 * 1024 * 1024

export class KeptFiles {
  private files = new Map<string, { readonly upload: Upload; readonly messageId: string }>()
  private bytes = 0

  clear(): void {
    this.files = new Map()
    this.bytes = 0
  }

  /** Keeps the uploads of message `messageId`, by the id of the attachment each became. */
  keep(messageId: string, kept: ReadonlyMap<string, Upload>): void {
    for (const [id, upload] of kept) {
      this.files.set(id, { upload, messageId })
      this.bytes += upload.bytes.length
    }
    // The oldest go first (a Map iterates in insertion order).
    for (const [id, f] of this.files) {
      if (this.bytes <= KEPT_BYTES_MAX) break
      this.files.delete(id)
      this.bytes -= f.upload.bytes.length
    }
  }

  /** A kept file by attachment id (a fresh copy of its bytes), or `undefined`. */
  get(id: string): KeptFile | undefined {
    const f = this.files.get(id)
    if (f === undefined) return undefined
    const { upload } = f
    return { id, filename: upload.filename, size: upload.bytes.length, contentType: upload.contentType, messageId: f.messageId, bytes: upload.bytes.slice() }
  }

  /** Drops the files of message `messageId` whose attachment ids are not in `still` (all of them without it). */
  drop(messageId: string, still: ReadonlySet<string> = new Set()): void {
    for (const [id, f] of this.files)
      if (f.messageId === messageId && !still.has(id)) {
        this.files.delete(id)
        this.bytes -= f.upload.bytes.length
      }
  }
}
