/**
 * The transcript of an interaction as `slashkit invoke` prints it and the dev page
 * reads it: what the app did after its callback (edits, follow-ups, deletes), each
 * with the time it arrived, from the emulator's interaction registry; and what the
 * embeds and components of each message are (render.ts), the files attached to it (name,
 * size, media type), and the modal a callback 9 shows.
 */
import type { Emulator, RequestRecord } from '../emulator/index.js'
import { InteractionCallbackType, MessageFlag } from '../internal.js'
import { describeAttachments, describeComponents, describeEmbeds, describeModal, type ShownAttachment } from './render.js'

/** One transcript entry, as much of it as is printed. */
export interface PrintedEntry {
  readonly kind: string
  readonly at: number
  readonly type?: number
  readonly data?: unknown
  readonly message?: {
    readonly id: string
    readonly content: string
    readonly flags: number
    readonly components?: unknown
    readonly embeds?: unknown
    readonly attachments?: readonly ShownAttachment[]
  }
  readonly messageId?: string
}

/** A request of the app about an interaction that the emulator refused (its `requests` log), as printed. */
export interface PrintedRefusal {
  readonly at: number
  /** What the app tried: `callback`, `followup`, `original.edit`, `followup.edit`, `original.delete`, ... */
  readonly call: string
  readonly status: number
  readonly code?: number
  readonly message?: string
  readonly issues?: readonly { readonly message: string }[]
}

/** What a request to an interaction endpoint was, by its method and path (after the token). */
function callOf(method: string, after: readonly string[]): string {
  if (after[0] === 'callback') return 'callback'
  if (after.length === 0) return method === 'POST' ? 'followup' : `webhook ${method}`
  const which = after[1] === '@original' ? 'original' : 'followup'
  return method === 'PATCH' ? `${which}.edit` : method === 'DELETE' ? `${which}.delete` : `${which} ${method}`
}

/**
 * The requests about interaction `id` (its token in the path) that the emulator
 * refused, oldest first: the app's own view of what went wrong (never the token).
 */
export function refusalsOf(emulator: Emulator, id: string): PrintedRefusal[] {
  const record = emulator.interactions.get(id)
  return record === undefined ? [] : refusalsIn(record, emulator.requests)
}

/** The same, from an interaction's record and a request log (a running emulator's `GET /emulator/interactions/ID` gives both). */
export function refusalsIn(record: { readonly token: string; readonly openedAt: number }, requests: readonly RequestRecord[]): PrintedRefusal[] {
  return requests.flatMap((r) => {
    const segments = r.path.split('?')[0]?.split('/') ?? []
    const at = segments.indexOf(record.token)
    if (r.status < 400 || at < 0 || r.at < record.openedAt) return []
    const refused: PrintedRefusal = { at: r.at, call: callOf(r.method, segments.slice(at + 1)), status: r.status }
    return [r.error === undefined ? refused : { ...refused, code: r.error.code, message: r.error.message, ...(r.error.issues === undefined ? {} : { issues: r.error.issues }) }]
  })
}

/** A refusal on one line, and each of its first issues below it. */
export function describeRefusal(r: PrintedRefusal): string[] {
  const head = `refused ${r.call}: ${r.status}${r.code === undefined ? '' : ` [${r.code}]`}${r.message === undefined ? '' : ` ${r.message}`}`
  return [head, ...(r.issues ?? []).slice(0, 5).map((i) => `  ${i.message}`)]
}

/** The entries recorded for interaction `id` (none for an unknown id). */
export function transcriptOf(emulator: Emulator, id: string): readonly PrintedEntry[] {
  return (emulator.interactions.get(id)?.transcript ?? []) as readonly PrintedEntry[]
}

/**
 * Lines per entry, times relative to `start` (epoch ms); a message's embeds,
 * components and files and a modal's inputs below it; the app's refused requests
 * (`refusalsOf`) in their place in time.
 */
export function describeTranscript(entries: readonly PrintedEntry[], start: number, refusals: readonly PrintedRefusal[] = []): string[] {
  const pad = ' '.repeat(13)
  const stamp = (at: number) => `+${Math.max(0, Math.round(at - start))} ms`.padStart(9)
  const refused = (r: PrintedRefusal) => describeRefusal(r).map((l, n) => (n === 0 ? `  ${stamp(r.at)}  ${l}` : `${pad}${l}`))
  let next = 0
  const lines = entries.flatMap((e) => {
    const before: string[] = []
    for (; next < refusals.length && (refusals[next] as PrintedRefusal).at < e.at; next++) before.push(...refused(refusals[next] as PrintedRefusal))
    const when = `+${Math.max(0, Math.round(e.at - start))} ms`
    const flags = e.message?.flags ?? 0
    // A layout message (IS_COMPONENTS_V2) has no content by rule: it is told as one, its components below.
    const layout = (flags & MessageFlag.IsComponentsV2) !== 0
    const tags = [(flags & MessageFlag.Ephemeral) !== 0 ? 'ephemeral' : '', (flags & MessageFlag.Loading) !== 0 ? 'thinking…' : ''].filter((t) => t !== '').join(', ')
    const kind = e.kind === 'callback' ? `callback ${e.type ?? ''}`.trim() : e.kind
    const below =
      e.kind === 'callback' && e.type === InteractionCallbackType.Modal
        ? describeModal(e.data)
        : [...describeEmbeds(e.message?.embeds), ...describeComponents(e.message?.components), ...describeAttachments(e.message?.attachments)]
    // No content is told by what there is instead (thinking, embeds, components, files); `""` only for a message of nothing.
    const text =
      e.message === undefined
        ? e.messageId === undefined
          ? ''
          : ` message ${e.messageId}`
        : e.message.content !== ''
          ? ` ${JSON.stringify(e.message.content)}`
          : layout
            ? ' (layout)'
            : tags === '' && below.length === 0
              ? ' ""'
              : ''
    return [...before, `  ${when.padStart(9)}  ${kind}${text}${tags === '' ? '' : ` (${tags})`}`, ...below.map((l) => `${pad}${l}`)]
  })
  return [...lines, ...refusals.slice(next).flatMap(refused)]
}
