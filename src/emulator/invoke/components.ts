/**
 * What the chat client does when a user presses a button, picks values in a select
 * menu, or fills a modal (public API v10; the spec shows only commands): it finds
 * the component by its `custom_id` in the message (or the modal) the app sent,
 * refuses what it would not let the user do (a disabled component, a link button,
 * values outside the menu's options or counts), and writes the interaction's `data`
 * (`custom_id`, `component_type`, `values`, `resolved` for the entity selects; for a
 * modal, the submitted components with their values). Nested layouts are read too:
 * action rows, sections' accessories, containers, and the labels of modals.
 */
import { ComponentType, ResolvedEntityKey, type ModalSubmitComponent, type Resolved, type ResolvedMap } from '../../internal.js'
import type { ComponentRefusalCode, ModalFieldInput } from './invoke-types.js'
import { componentIds } from '../model.js'
import type { Refusal } from './options.js'
import { findDeclared, putDeclared, type Index } from './world.js'

/** A media reference of a component: its URL, and the file of the message it shows (kept-messages.ts links them). */
export interface SentMedia {
  readonly url?: string
  readonly attachment_id?: string
}

/** A component as the app sent it (public API v10 fields the client reads and shows). */
export interface SentComponent {
  readonly type: number
  readonly id?: number
  readonly custom_id?: string
  readonly style?: number
  readonly label?: string
  readonly emoji?: { readonly name?: string }
  readonly url?: string
  readonly disabled?: boolean
  readonly placeholder?: string
  readonly options?: readonly { readonly value: string; readonly label?: string; readonly default?: boolean }[]
  readonly min_values?: number
  readonly max_values?: number
  readonly channel_types?: readonly number[]
  /** An entity select's preselected users, roles or channels. */
  readonly default_values?: readonly { readonly id: string; readonly type?: string }[]
  readonly required?: boolean
  readonly min_length?: number
  readonly max_length?: number
  /** A text input's pre-filled value. */
  readonly value?: string
  /** A text display's text. */
  readonly content?: string
  readonly components?: readonly SentComponent[]
  readonly component?: SentComponent
  readonly accessory?: SentComponent
  /** A thumbnail's image: as returned, a file of the message has its URL and its id as `attachment_id`. */
  readonly media?: SentMedia
  /** A media gallery's items. */
  readonly items?: readonly { readonly media?: SentMedia; readonly description?: string; readonly spoiler?: boolean }[]
  /** A file component's file (`attachment://NAME`, with `attachment_id` as returned). */
  readonly file?: SentMedia
  /** A thumbnail's, a gallery item's or a file's alt text. */
  readonly description?: string
  readonly spoiler?: boolean
  /** A separator: 1 small, 2 large; and whether a line is drawn (default true). */
  readonly spacing?: number
  readonly divider?: boolean
  /** A container's colour bar (0xRRGGBB). */
  readonly accent_color?: number | null
  /** A premium button's SKU. */
  readonly sku_id?: string
}

/** The `data.resolved` maps an entity select's values come from (public API v10), by component type. */
const SELECT_MAPS: Readonly<Record<number, readonly ResolvedMap[]>> = {
  5: ['users'],
  6: ['roles'],
  7: ['users', 'roles'],
  8: ['channels'],
}

/** What a modal's file upload (19) names: the files the user uploads, declared as attachments. */
const UPLOADS: readonly ResolvedMap[] = ['attachments']

/** Every component of a list, nested ones included, in order (bounded: a hostile message is cut off). */
export function allComponents(list: unknown): SentComponent[] {
  const out: SentComponent[] = []
  const stack: unknown[] = Array.isArray(list) ? [...list].reverse() : []
  for (let steps = 0; stack.length > 0 && steps < 1000; steps++) {
    const c = stack.pop() as SentComponent | null
    if (typeof c !== 'object' || c === null) continue
    out.push(c)
    const children: unknown[] = [...(Array.isArray(c.components) ? c.components : []), c.component, c.accessory].filter((x) => x !== undefined)
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i])
  }
  return out
}

/**
 * The component of a message a user names: by its `custom_id`; else, as a user sees
 * it, the one button with that label, or the one component of a route of that name
 * (a typed route's `custom_id` is `name:` and packed values no one types).
 */
export function componentOf(list: unknown, name: string): SentComponent | undefined {
  const seen = componentsNamed(list, name)
  return seen.length === 1 ? seen[0] : undefined
}

/** The components `name` may mean in `list`: the one with that `custom_id`, else each with that label or made by the route of that name. */
export function componentsNamed(list: unknown, name: string): SentComponent[] {
  const all = allComponents(list)
  const exact = all.find((c) => c.custom_id === name)
  if (exact !== undefined) return [exact]
  return all.filter((c) => typeof c.custom_id === 'string' && (c.label === name || c.custom_id.startsWith(`${name}:`)))
}

const refuse = (code: ComponentRefusalCode, path: readonly (string | number)[], message: string): Refusal<ComponentRefusalCode> => ({ code, path, message })

/** A button's or a select's `data` for a MESSAGE_COMPONENT interaction, or why the client refuses it. */
export interface ComponentData {
  readonly custom_id: string
  readonly component_type: number
  readonly values?: string[]
  readonly resolved?: Resolved
}

/**
 * Pressing (`values` undefined) or choosing in the component `c`: a button that
 * sends an interaction, or a select and the values picked.
 */
export function componentData(c: SentComponent, values: readonly string[] | undefined, index: Index, inGuild: boolean): ComponentData | Refusal<ComponentRefusalCode> {
  const id = c.custom_id as string
  const where = ['components', id]
  if (c.disabled === true) return refuse('component.disabled', where, `'${id}' is disabled: the client does not let it be used`)
  if (c.type === ComponentType.Button) {
    if (values !== undefined) return refuse('component.kind', where, `'${id}' is a button: press it, there is nothing to choose`)
    return { custom_id: id, component_type: c.type }
  }
  if (c.type === ComponentType.StringSelect || Object.hasOwn(SELECT_MAPS, c.type)) {
    if (values === undefined) return refuse('component.kind', where, `'${id}' is a select menu: choose values in it, it is not pressed`)
    const picked = selectValues(c, values, index, inGuild, where)
    if ('code' in picked) return picked
    return { custom_id: id, component_type: c.type, values: picked.values, ...(picked.resolved === undefined ? {} : { resolved: picked.resolved }) }
  }
  return refuse('component.kind', where, `'${id}' is a component of type ${c.type}, which sends no interaction`)
}

/**
 * The values of a select as the client sends them: a string select's option values
 * (an option may be named by its label), or the ids of declared users, roles and
 * channels (by id, mention or name) with their objects in `resolved`; as many as
 * `min_values` to `max_values` (public API v10 defaults 1 and 1), each once.
 */
export function selectValues(
  c: SentComponent,
  given: readonly string[],
  index: Index,
  inGuild: boolean,
  where: readonly (string | number)[],
): { readonly values: string[]; readonly resolved?: Resolved } | Refusal<ComponentRefusalCode> {
  const id = c.custom_id as string
  const min = c.min_values ?? 1
  const max = c.max_values ?? 1
  if (!Array.isArray(given) || given.some((v) => typeof v !== 'string'))
    return refuse(
      'select.values',
      where,
      `the values of '${id}' are a list of strings${c.type === ComponentType.FileUpload ? ": the ids or filenames of the step's attachments" : ''}`,
    )
  if (given.length < min || given.length > max)
    return refuse('select.values', where, `'${id}' takes ${min === max ? min : `${min} to ${max}`} value${max === 1 ? '' : 's'} (was ${given.length})`)
  const values: string[] = []
  let resolved: Resolved | undefined
  for (const v of given) {
    let value: string | undefined
    if (c.type === ComponentType.StringSelect) {
      const option = (c.options ?? []).find((o) => o.value === v) ?? (c.options ?? []).find((o) => o.label === v)
      if (option === undefined) return refuse('select.values', where, `'${v}' is not an option of '${id}' (it has ${(c.options ?? []).map((o) => o.value).join(', ')})`)
      value = option.value
    } else {
      const maps = SELECT_MAPS[c.type] ?? (c.type === ComponentType.FileUpload ? UPLOADS : [])
      for (const map of maps) {
        const found = findDeclared(map, v, index)
        if (found === undefined) continue
        const type = found.type ?? (inGuild ? 0 : 1)
        if (map === 'channels' && c.channel_types !== undefined && c.channel_types.length > 0 && !c.channel_types.includes(type))
          return refuse('select.values', where, `'${v}' is a channel of type ${type}; '${id}' offers types ${c.channel_types.join(', ')}`)
        putDeclared(map, found.id, index, (resolved ??= {}), inGuild)
        value = found.id
        break
      }
      if (value === undefined) return refuse('select.values', where, `'${v}' is not a declared ${maps.map((m) => ResolvedEntityKey[m]).join(' or ')}, so '${id}' does not offer it`)
    }
    if (values.includes(value)) return refuse('select.values', where, `'${v}' is chosen twice in '${id}'`)
    values.push(value)
  }
  return resolved === undefined ? { values } : { values, resolved }
}

/**
 * A modal as the client submits it (public API v10 MODAL_SUBMIT `data.components`):
 * the modal's layout (action rows or labels) with each input's `custom_id` and
 * value (a text input's `value`, a select's `values`) and each component's `id`
 * (given, or numbered as the service numbers them: `componentIds`). The client checks a
 * text input's `required` (default true), `min_length` and `max_length`.
 */
export function modalSubmit(
  modal: { readonly custom_id: string; readonly components: readonly SentComponent[] },
  fields: Readonly<Record<string, ModalFieldInput>>,
  index: Index,
  inGuild: boolean,
): { readonly components: ModalSubmitComponent[]; readonly resolved?: Resolved } | Refusal<ComponentRefusalCode> {
  const inputs = allComponents(modal.components).filter((c) => typeof c.custom_id === 'string')
  for (const key of Object.keys(fields))
    if (!inputs.some((c) => c.custom_id === key))
      return refuse('modal.field', ['fields', key], `'${key}' is not an input of modal '${modal.custom_id}' (it has ${inputs.map((c) => c.custom_id).join(', ')})`)
  const idOf = componentIds()
  let resolved: Resolved | undefined
  let problem: Refusal<ComponentRefusalCode> | undefined
  const submitted = (c: SentComponent): ModalSubmitComponent => {
    const out: ModalSubmitComponent = { type: c.type, id: idOf(c.id) }
    if (c.custom_id !== undefined) {
      out.custom_id = c.custom_id
      const given = Object.hasOwn(fields, c.custom_id) ? fields[c.custom_id] : undefined
      if (c.type === ComponentType.TextInput) {
        const text = typeof given === 'string' ? given : ''
        const length = [...text].length
        const where = ['fields', c.custom_id]
        if (given !== undefined && typeof given !== 'string') problem ??= refuse('modal.field', where, `'${c.custom_id}' is a text input: its value is a string`)
        else if (text === '' && c.required !== false) problem ??= refuse('modal.required', where, `'${c.custom_id}' is required`)
        else if (text !== '' && length < (c.min_length ?? 0))
          problem ??= refuse('modal.length', where, `'${c.custom_id}' must be at least ${c.min_length} characters long (was ${length})`)
        else if (c.max_length !== undefined && length > c.max_length)
          problem ??= refuse('modal.length', where, `'${c.custom_id}' must be at most ${c.max_length} characters long (was ${length})`)
        out.value = text
      } else if (c.type === ComponentType.Checkbox) {
        // A checkbox submits whether it is ticked (a boolean; src/parse/components.ts reads it so).
        out.value = given === true || given === 'true' || given === 'on'
      } else if (c.type === ComponentType.RadioGroup) {
        // A radio group submits the value of the option picked, or null.
        const one = typeof given === 'string' ? given : Array.isArray(given) && given.length === 1 ? (given[0] as string) : undefined
        const option = (c.options ?? []).find((o) => o.value === one || o.label === one)
        const where = ['fields', c.custom_id]
        if ((one ?? '') === '') {
          if (c.required !== false) problem ??= refuse('modal.required', where, `'${c.custom_id}' is required`)
        } else if (option === undefined)
          problem ??= refuse('select.values', where, `'${one}' is not an option of '${c.custom_id}' (it has ${(c.options ?? []).map((o) => o.value).join(', ')})`)
        out.value = option?.value ?? null
      } else if (c.type === ComponentType.FileUpload && (given == null || (Array.isArray(given) && given.length === 0)) && c.required !== false) {
        // A required upload with no file: the client's Submit stays off (components reference, "File Upload": `required` defaults to true).
        problem ??= refuse('modal.required', ['fields', c.custom_id], `'${c.custom_id}' is required: upload at least one file`)
      } else {
        // A select, or a file upload: the ids of the declared files uploaded, the files in data.resolved.attachments
        // (components reference, "File Upload Interaction Response Structure"; min_values and max_values default to 1).
        // A checkbox group is checked as a select of its options; by default any number of them.
        const kind = c.type === ComponentType.CheckboxGroup ? { ...c, type: ComponentType.StringSelect, max_values: c.max_values ?? c.options?.length ?? 1 } : c
        const picked = selectValues(
          { ...kind, min_values: c.required === false ? 0 : (c.min_values ?? 1) },
          // Anything but a list of strings (a boolean, a number) is refused there.
          (given == null ? [] : typeof given === 'string' ? [given] : given) as readonly string[],
          index,
          inGuild,
          ['fields', c.custom_id],
        )
        if ('code' in picked) problem ??= picked
        else {
          out.values = picked.values
          if (picked.resolved !== undefined) resolved = mergeResolved(resolved, picked.resolved)
        }
      }
    }
    if (Array.isArray(c.components)) out.components = c.components.map(submitted)
    if (c.component !== undefined) out.component = submitted(c.component)
    return out
  }
  const components = modal.components.map(submitted)
  if (problem !== undefined) return problem
  return resolved === undefined ? { components } : { components, resolved }
}

function mergeResolved(a: Resolved | undefined, b: Resolved): Resolved {
  const out: Record<string, Record<string, unknown>> = {}
  for (const r of [a ?? {}, b]) for (const [map, objects] of Object.entries(r)) out[map] = { ...out[map], ...(objects as Record<string, unknown>) }
  return out as Resolved
}
