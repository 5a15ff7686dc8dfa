/**
 * What the components of a message or a modal are, as lines of text: `slashkit
 * invoke` prints them under each message of the transcript, and the dev page shows
 * the same description beside the controls it draws. Buttons with their style,
 * label, `custom_id` and whether disabled; selects with their options or the kind
 * of entity they offer and how many values; modal inputs; layout components (public
 * API v10 types 9 to 18) by what they hold, nested ones indented. A type it does not
 * know is named by its number. Plain TypeScript, no Node: the page bundles it.
 */
import type { SentComponent } from '../emulator/invoke/components.js'

/** A component as sent (public API v10 fields; the emulator's reading of them). */
export type ShownComponent = SentComponent

/** Public API v10 button styles, by value. */
export const BUTTON_STYLES: Readonly<Record<number, string>> = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' }
/** What the entity selects offer (public API v10 component types 5 to 8). */
const ENTITIES: Readonly<Record<number, string>> = { 5: 'users', 6: 'roles', 7: 'users and roles', 8: 'channels' }
/** Layout components (public API v10), by type. */
const LAYOUT: Readonly<Record<number, string>> = { 1: 'row', 9: 'section', 11: 'thumbnail', 12: 'media gallery', 13: 'file', 14: 'separator', 17: 'container', 18: 'label' }

const count = (c: ShownComponent): string => {
  const min = c.min_values ?? 1
  const max = c.max_values ?? 1
  return min === max ? `${min}` : `${min}-${max}`
}

/** One component on one line (its children are not included). */
export function describeComponent(c: ShownComponent): string {
  const id = c.custom_id === undefined ? '' : ` · ${c.custom_id}`
  const off = c.disabled === true ? ' · disabled' : ''
  switch (c.type) {
    case 2: {
      const label = c.label ?? c.emoji?.name ?? ''
      if (c.style === 5) return `[${label} → ${c.url ?? ''}${off}]`
      return `[${label} · ${BUTTON_STYLES[c.style ?? 0] ?? `style ${c.style}`}${id}${off}]`
    }
    case 3:
      return `<${c.custom_id ?? ''}: ${(c.options ?? []).map((o) => (o.label === undefined || o.label === o.value ? o.value : `${o.label}=${o.value}`)).join(' | ')} · pick ${count(c)}${off}>`
    case 4:
      return `${c.custom_id ?? ''} "${c.label ?? ''}" ${c.style === 2 ? 'paragraph' : 'short'}${c.required === false ? '' : ', required'}${c.min_length === undefined && c.max_length === undefined ? '' : `, ${c.min_length ?? 0}-${c.max_length ?? 4000} characters`}${c.value === undefined ? '' : `, "${c.value}"`}`
    case 5:
    case 6:
    case 7:
    case 8:
      return `<${c.custom_id ?? ''}: ${ENTITIES[c.type]}${c.channel_types === undefined ? '' : ` of types ${c.channel_types.join(', ')}`} · pick ${count(c)}${off}>`
    case 10:
      return `"${c.content ?? ''}"`
    default:
      return LAYOUT[c.type] === undefined ? `(component type ${c.type})` : `${LAYOUT[c.type]}${c.type === 18 ? ` "${c.label ?? ''}"` : ''}`
  }
}

/** The lines of a list of components: an action row's children on its line; other children indented under their parent. */
export function describeComponents(list: unknown, indent = ''): string[] {
  const lines: string[] = []
  for (const c of Array.isArray(list) ? (list as ShownComponent[]) : []) {
    if (typeof c !== 'object' || c === null) continue
    if (c.type === 1) {
      lines.push(`${indent}${(c.components ?? []).map(describeComponent).join('  ')}`)
      continue
    }
    lines.push(`${indent}${describeComponent(c)}`)
    const children = [...(c.components ?? []), ...(c.component === undefined ? [] : [c.component]), ...(c.accessory === undefined ? [] : [c.accessory])]
    if (children.length > 0 && lines.length < 200) lines.push(...describeComponents(children, `${indent}  `))
  }
  return lines
}

/** A modal (callback 9) as lines: its title and `custom_id`, then its inputs. */
export function describeModal(modal: unknown): string[] {
  const m = (typeof modal === 'object' && modal !== null ? modal : {}) as { title?: string; custom_id?: string; components?: unknown }
  return [`modal "${m.title ?? ''}" (${m.custom_id ?? ''})`, ...describeComponents(m.components, '  ')]
}
