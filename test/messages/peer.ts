/**
 * The peer of the message differential test: @discordjs/builders (v1.15), driven
 * the way its users write code. Embeds and the components of action rows go
 * through their builders' setters, each of which checks its value (and `toJSON`,
 * which checks what a button or a select requires); the layout components and
 * modals, which that version checks whole, through `createComponentBuilder(json)`
 * and `new ModalBuilder(json)` and their `toJSON()`.
 *
 * Each refusal is reported at its owner, the part of the body the peer checks as
 * a unit: an embed (`['embeds', i]`), a component of an action row
 * (`['components', i, 'components', j]`), an action row or a layout component
 * (`['components', i]`), a modal (`['data']`). The peer has no check of a message
 * as a whole (content, counts, flags, allowed mentions, attachments, polls).
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ChannelSelectMenuBuilder,
  createComponentBuilder,
  EmbedBuilder,
  MentionableSelectMenuBuilder,
  ModalBuilder,
  RoleSelectMenuBuilder,
  StringSelectMenuBuilder,
  StringSelectMenuOptionBuilder,
  UserSelectMenuBuilder,
} from '@discordjs/builders'

export type Path = readonly (string | number)[]

/** One refusal of the peer, at its owner. */
export interface PeerRefusal {
  readonly owner: Path
  readonly error: string
}

type Json = Record<string, unknown>
/* eslint-disable @typescript-eslint/no-explicit-any -- the peer's builders are driven by data here */
type Builder = any

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A conversion: the refusals so far, each at the owner being converted. */
class Run {
  readonly refusals: PeerRefusal[] = []
  /** Calls `f`; a throw is a refusal at `owner`. */
  try(owner: Path, f: () => unknown): void {
    try {
      f()
    } catch (error) {
      this.refusals.push({ owner, error: String((error as Error)?.message ?? error).split('\n')[0] as string })
    }
  }
  /** Calls `set(value)` on a builder when the JSON has the field. */
  set(owner: Path, o: Json, key: string, b: Builder, method: string, map: (v: unknown) => unknown = (v) => v): void {
    if (o[key] === undefined) return
    this.try(owner, () => b[method](map(o[key])))
  }
}

/** The peer's refusals of a message body. */
export function peerMessage(body: unknown): PeerRefusal[] {
  const run = new Run()
  if (!isObj(body)) return run.refusals
  const embeds: unknown[] = Array.isArray(body.embeds) ? body.embeds : []
  const components: unknown[] = Array.isArray(body.components) ? body.components : []
  for (const [i, e] of embeds.entries()) embed(run, e, ['embeds', i])
  for (const [i, c] of components.entries()) topLevel(run, c, ['components', i])
  return run.refusals
}

/** The peer's refusals of a modal (callback 9's `data`): one owner, the modal. */
export function peerModal(data: unknown): PeerRefusal[] {
  const run = new Run()
  run.try(['data'], () => new ModalBuilder(data as never).toJSON())
  return run.refusals
}

function embed(run: Run, e: unknown, owner: Path): void {
  if (!isObj(e)) {
    run.refusals.push({ owner, error: 'not an object' })
    return
  }
  const b = new EmbedBuilder()
  run.set(owner, e, 'title', b, 'setTitle')
  run.set(owner, e, 'description', b, 'setDescription')
  run.set(owner, e, 'url', b, 'setURL')
  run.set(owner, e, 'timestamp', b, 'setTimestamp', (v) => (typeof v === 'string' ? new Date(v) : v))
  run.set(owner, e, 'color', b, 'setColor')
  run.set(owner, e, 'footer', b, 'setFooter', (f) => (isObj(f) ? { text: f.text, iconURL: f.icon_url } : f))
  run.set(owner, e, 'author', b, 'setAuthor', (a) => (isObj(a) ? { name: a.name, url: a.url, iconURL: a.icon_url } : a))
  run.set(owner, e, 'image', b, 'setImage', (m) => (isObj(m) ? m.url : m))
  run.set(owner, e, 'thumbnail', b, 'setThumbnail', (m) => (isObj(m) ? m.url : m))
  const fields: unknown = e.fields
  if (Array.isArray(fields)) run.try(owner, () => b.addFields(...fields))
}

function topLevel(run: Run, c: unknown, owner: Path): void {
  if (!isObj(c)) {
    run.refusals.push({ owner, error: 'not an object' })
    return
  }
  if (c.type !== 1) {
    run.try(owner, () => createComponentBuilder(c as never).toJSON())
    return
  }
  const row: Builder = new ActionRowBuilder()
  const kids = Array.isArray(c.components) ? c.components : []
  // Each child is checked at its own owner (its setters and its toJSON); the row's
  // toJSON would only check them again, and checks nothing of its own.
  kids.forEach((k, j) => {
    const built = rowChild(run, k, [...owner, 'components', j])
    if (built !== undefined) run.try(owner, () => row.addComponents(built))
  })
}

const SELECTS: Record<number, () => Builder> = {
  3: () => new StringSelectMenuBuilder(),
  5: () => new UserSelectMenuBuilder(),
  6: () => new RoleSelectMenuBuilder(),
  7: () => new MentionableSelectMenuBuilder(),
  8: () => new ChannelSelectMenuBuilder(),
}

/** A button or a select through its setters; the builder, or undefined when the peer has none for it. */
function rowChild(run: Run, c: unknown, owner: Path): Builder | undefined {
  if (!isObj(c)) {
    run.refusals.push({ owner, error: 'not an object' })
    return undefined
  }
  if (c.type === 2) {
    const b = new ButtonBuilder()
    for (const [key, method] of [
      ['style', 'setStyle'],
      ['label', 'setLabel'],
      ['custom_id', 'setCustomId'],
      ['url', 'setURL'],
      ['sku_id', 'setSKUId'],
      ['emoji', 'setEmoji'],
      ['disabled', 'setDisabled'],
    ] as const)
      run.set(owner, c, key, b, method)
    run.try(owner, () => b.toJSON())
    return b
  }
  const make = typeof c.type === 'number' ? SELECTS[c.type] : undefined
  if (make === undefined) {
    run.try(owner, () => createComponentBuilder(c as never).toJSON())
    return undefined
  }
  const b = make()
  for (const [key, method] of [
    ['custom_id', 'setCustomId'],
    ['placeholder', 'setPlaceholder'],
    ['min_values', 'setMinValues'],
    ['max_values', 'setMaxValues'],
    ['disabled', 'setDisabled'],
    ['required', 'setRequired'],
  ] as const)
    run.set(owner, c, key, b, method)
  if (c.type === 3 && Array.isArray(c.options))
    run.try(owner, () =>
      b.addOptions(
        ...(c.options as unknown[]).map((o) => {
          const ob = new StringSelectMenuOptionBuilder()
          if (!isObj(o)) return ob
          for (const [key, method] of [
            ['label', 'setLabel'],
            ['value', 'setValue'],
            ['description', 'setDescription'],
            ['emoji', 'setEmoji'],
            ['default', 'setDefault'],
          ] as const)
            run.set(owner, o, key, ob, method)
          return ob
        }),
      ),
    )
  if (Array.isArray(c.default_values)) {
    const ids = (c.default_values as unknown[]).map((d) => (isObj(d) ? d.id : d))
    const method = c.type === 5 ? 'addDefaultUsers' : c.type === 6 ? 'addDefaultRoles' : c.type === 8 ? 'addDefaultChannels' : undefined
    if (method !== undefined) run.try(owner, () => b[method](...ids))
    else run.try(owner, () => b.addDefaultValues(...(c.default_values as unknown[])))
  }
  if (c.type === 8 && Array.isArray(c.channel_types)) run.try(owner, () => b.addChannelTypes(...(c.channel_types as unknown[])))
  run.try(owner, () => b.toJSON())
  return b
}
