/**
 * The files of the messages an application sends through its interactions: each
 * message body's `attachments` resolved against the files uploaded with it
 * (uploads.ts, `attach`), and the bytes of the attachments kept (kept-files.ts).
 * The registry (interactions.ts) asks here for every message it makes or edits.
 */
import { MessageFlag } from '../internal.js'
import { invalidBody } from './errors.js'
import type { EmulatorReply } from './http.js'
import type { Kept, TranscriptAttachment } from './interaction-types.js'
import type { KeptFile } from './interaction-types.js'
import { KeptFiles } from './kept-files.js'
import type { Snowflakes } from './model.js'
import { attach, type Upload } from './uploads.js'
import { bytesOf, type InvokeAttachment, wireAttachment } from './invoke/world.js'

const DECLARED_FILES_MAX = 256

/** A message body with its attachments resolved, and the uploads it keeps by attachment id. */
export interface Resolved {
  readonly body: Record<string, unknown>
  readonly kept: ReadonlyMap<string, Upload>
  /** `undefined`: an edit that leaves the message's attachments as they are. */
  readonly attachments: readonly TranscriptAttachment[] | undefined
}

/**
 * For the body's own check only: a message of files alone is not empty (each file
 * becomes an attachment). `callback`: the message is the body's `data`.
 */
export function withUploads(body: unknown, uploads: readonly Upload[], callback = false): unknown {
  const message = callback ? (body as { data?: unknown } | null)?.data : body
  if (uploads.length === 0 || typeof message !== 'object' || message === null || Array.isArray(message) || 'attachments' in message) return body
  const filled = { ...message, attachments: uploads.map((u) => ({ id: u.index })) }
  return callback ? { ...(body as object), data: filled } : filled
}

/** 400 (code 50035): files with a callback that carries no message (the OpenAPI: of the callbacks, 4 and 7 carry attachments). */
export const filesRefused = (type: number): EmulatorReply =>
  invalidBody([
    { code: 'field.not_allowed', path: ['files'], message: `files go with a callback that carries a message (4 CHANNEL_MESSAGE_WITH_SOURCE, 7 UPDATE_MESSAGE), not type ${type}` },
  ])

export class MessageFiles {
  private readonly files = new KeptFiles()
  /** The files steps declared with their bytes (`attachments[].data`), the newest 256 by id. */
  private readonly declared = new Map<string, { readonly bytes: Uint8Array; readonly type: string }>()

  constructor(private readonly ids: Snowflakes) {}

  clear(): void {
    this.files.clear()
    this.declared.clear()
  }

  /** Keeps the bytes of a step's declared attachments that have them. */
  declare(attachments: readonly InvokeAttachment[] = []): void {
    for (const a of attachments) {
      if (a.data === undefined) continue
      this.declared.delete(a.id)
      this.declared.set(a.id, { bytes: bytesOf(a.data), type: wireAttachment(a).content_type as string })
      if (this.declared.size > DECLARED_FILES_MAX) this.declared.delete(this.declared.keys().next().value as string)
    }
  }

  /** The bytes and media type the CDN gives for an attachment id: a file the app uploaded, or one a step declared. */
  cdn(attachmentId: string): { readonly bytes: Uint8Array; readonly type: string } | undefined {
    const kept = this.files.get(attachmentId)
    return kept === undefined ? this.declared.get(attachmentId) : { bytes: kept.bytes, type: kept.contentType ?? 'application/octet-stream' }
  }

  get(attachmentId: string): KeptFile | undefined {
    return this.files.get(attachmentId)
  }

  /** Drops the bytes of a deleted message's attachments. */
  drop(messageId: string): void {
    this.files.drop(messageId)
  }

  /**
   * A message body with its `attachments` resolved against the uploads: `existing`
   * is the message an edit changes (`undefined` for a new one), `flags` those the
   * message will have, `at` where the message is in the request body.
   */
  resolve(
    body: Record<string, unknown>,
    uploads: readonly Upload[],
    existing: Kept | undefined,
    channelId: string,
    flags: unknown,
    at: readonly (string | number)[],
  ): Resolved | EmulatorReply {
    const ephemeral = ((typeof flags === 'number' ? flags : 0) & MessageFlag.Ephemeral) !== 0
    const before = existing === undefined ? undefined : ((existing.message.attachments ?? []) as TranscriptAttachment[])
    const r = attach(body, uploads, before, { next: () => this.ids.next(), channelId, ephemeral }, at)
    if ('status' in r) return r
    if ('issues' in r) return invalidBody(r.issues)
    return { body: r.attachments === undefined ? body : { ...body, attachments: r.attachments }, kept: r.kept, attachments: r.attachments }
  }

  /** Keeps the bytes of a message's new attachments, and drops those of the attachments it no longer has. */
  keep(messageId: string, r: Resolved): void {
    if (r.attachments === undefined) return
    this.files.drop(messageId, new Set(r.attachments.map((a) => a.id)))
    this.files.keep(messageId, r.kept)
  }
}
