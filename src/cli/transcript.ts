/**
 * The transcript of an interaction as `slashkit invoke` prints it and the dev page
 * reads it: what the app did after its callback (edits, follow-ups, deletes), each
 * with the time it arrived, from the emulator's interaction registry; and what the
 * components of each message are (render.ts), and the modal a callback 9 shows.
 */
import type { Emulator } from '../emulator/index.js'
import { MessageFlag } from '../internal.js'
import { describeComponents, describeModal } from './render.js'

/** One transcript entry, as much of it as is printed. */
export interface PrintedEntry {
  readonly kind: string
  readonly at: number
  readonly type?: number
  readonly data?: unknown
  readonly message?: { readonly id: string; readonly content: string; readonly flags: number; readonly components?: unknown }
  readonly messageId?: string
}

/** The entries recorded for interaction `id` (none for an unknown id). */
export function transcriptOf(emulator: Emulator, id: string): readonly PrintedEntry[] {
  return (emulator.interactions.get(id)?.transcript ?? []) as readonly PrintedEntry[]
}

/** Lines per entry, times relative to `start` (epoch ms); a message's components and a modal's inputs below it. */
export function describeTranscript(entries: readonly PrintedEntry[], start: number): string[] {
  return entries.flatMap((e) => {
    const when = `+${Math.max(0, Math.round(e.at - start))} ms`
    const flags = e.message?.flags ?? 0
    const tags = [(flags & MessageFlag.Ephemeral) !== 0 ? 'ephemeral' : '', (flags & MessageFlag.Loading) !== 0 ? 'thinking…' : ''].filter((t) => t !== '').join(', ')
    const text = e.message === undefined ? (e.messageId === undefined ? '' : ` message ${e.messageId}`) : ` ${JSON.stringify(e.message.content)}`
    const kind = e.kind === 'callback' ? `callback ${e.type ?? ''}`.trim() : e.kind
    const pad = ' '.repeat(13)
    const below = e.kind === 'callback' && e.type === 9 ? describeModal(e.data) : describeComponents(e.message?.components)
    return [`  ${when.padStart(9)}  ${kind}${text}${tags === '' ? '' : ` (${tags})`}`, ...below.map((l) => `${pad}${l}`)]
  })
}
