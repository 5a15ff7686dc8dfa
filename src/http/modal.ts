/**
 * A small modal builder (callback type 9, public API v10) and the reader of what a
 * MODAL_SUBMIT interaction (type 5) sends back. A modal is a `custom_id`, a title
 * and text inputs; its submit comes back with the same `custom_id`, which
 * `createHandler` routes to the `modals` handler whose key is a prefix of it.
 */
import { ComponentType, type ComponentJSON, type ModalJSON, type ModalSubmitComponent } from '../internal.js'

/** A text input (component type 4) of a modal. */
export interface TextInputOptions {
  /** 1 short (one line, the default) or 2 paragraph. */
  readonly style?: 'short' | 'paragraph'
  /** Default true (public API v10). */
  readonly required?: boolean
  readonly minLength?: number
  readonly maxLength?: number
  readonly placeholder?: string
  /** A pre-filled value. */
  readonly value?: string
}

/** An immutable modal builder: every call returns a new one. */
export interface Modal {
  readonly customId: string
  /** Adds a text input in its own row (at most 5 per modal in the classic layout). */
  text(customId: string, label: string, options?: TextInputOptions): Modal
  /** The callback `data`: `{ custom_id, title, components }`. */
  toJSON(): ModalJSON
}

class ModalImpl implements Modal {
  constructor(
    readonly customId: string,
    private readonly title: string,
    private readonly rows: readonly ComponentJSON[],
  ) {}

  text(customId: string, label: string, options: TextInputOptions = {}): Modal {
    const input: ComponentJSON = { type: ComponentType.TextInput, custom_id: customId, label, style: options.style === 'paragraph' ? 2 : 1 }
    if (options.required !== undefined) input.required = options.required
    if (options.minLength !== undefined) input.min_length = options.minLength
    if (options.maxLength !== undefined) input.max_length = options.maxLength
    if (options.placeholder !== undefined) input.placeholder = options.placeholder
    if (options.value !== undefined) input.value = options.value
    return new ModalImpl(this.customId, this.title, [...this.rows, { type: ComponentType.ActionRow, components: [input] }])
  }

  toJSON(): ModalJSON {
    return { custom_id: this.customId, title: this.title, components: this.rows.map((r) => ({ ...r, components: (r.components ?? []).map((c) => ({ ...c })) })) }
  }
}

/**
 * A modal: `custom_id` (1-100 characters; its submit is routed by it) and a title
 * (1-45 characters), then its text inputs. Checked when it is shown
 * (`validateInteractionResponse`).
 *
 * @example
 * const report = modal('report:42', 'Report a message').text('reason', 'Why?', { style: 'paragraph', maxLength: 500 })
 * report.toJSON().components[0] // { type: 1, components: [{ type: 4, custom_id: 'reason', label: 'Why?', style: 2, max_length: 500 }] }
 */
export function modal(customId: string, title: string): Modal {
  return new ModalImpl(customId, title, [])
}

/**
 * The submitted values of a modal, by the `custom_id` of each input: a text input's
 * `value`, a select's `values`. Reads action rows and labels (component 18) alike;
 * keys are own properties of a prototype-free object, so `__proto__` is just a key.
 */
export function modalFields(components: unknown): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>
  const stack: unknown[] = Array.isArray(components) ? [...components] : []
  // Bounded: a modal holds at most 40 components; a hostile payload is cut off, not walked forever.
  for (let steps = 0; stack.length > 0 && steps < 1000; steps++) {
    const c = stack.pop() as ModalSubmitComponent | null
    if (typeof c !== 'object' || c === null) continue
    if (typeof c.custom_id === 'string') {
      if (typeof c.value === 'string') out[c.custom_id] = c.value
      else if (Array.isArray(c.values)) out[c.custom_id] = c.values.filter((v): v is string => typeof v === 'string')
    }
    if (Array.isArray(c.components)) stack.push(...c.components)
    if (typeof c.component === 'object' && c.component !== null) stack.push(c.component)
  }
  return out
}
