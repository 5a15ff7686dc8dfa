/**
 * Modals as typed plain data (callback type 9, public API v10): a `custom_id`, a
 * title and 1 to 40 components, each input inside a label (the layout the service
 * recommends; OpenAPI `LabelComponentForModalRequest`), text displays between
 * them. Each input keeps its literal `custom_id` and the type of what it submits
 * in its type, so `ModalFields` (and a modal route's `read`) types the submission.
 */
import { ComponentType, TextInputStyle } from '../../wire/components.js'
import { argumentError, assertItems, assertList, assertObject, assertOptions, assertString } from '../../rules/arguments.js'
import type {
  ActionRowJSON,
  CheckboxGroupJSON,
  CheckboxJSON,
  ChoiceOptionJSON,
  ChannelSelectJSON,
  FileUploadJSON,
  LabelChildJSON,
  LabelJSON,
  MentionableSelectJSON,
  ModalComponentJSON,
  RadioGroupJSON,
  RoleSelectJSON,
  StringSelectJSON,
  TextInputJSON,
  UserSelectJSON,
} from '../../wire/components.js'
import type { BoundCheck, CountCheck, CustomIdCheck, MinCheck, TextCheck } from './types.js'
import type { SlashkitError } from '../types/error.js'
import type { WithId } from './components.js'

/**
 * Options of `textInput`. A literal label (`L`), placeholder (`P`) and pre-filled
 * value (`V`) are held to their limits: 45, 100 and 4000 characters; literal
 * lengths (`Lo`, `Hi`) to 0 to 4000 and 1 to 4000, the first at most the second.
 */
export interface TextInputOptions<L extends string = string, P extends string = string, V extends string = string, Lo extends number = number, Hi extends number = number>
  extends WithId {
  /** `'short'` (one line, the default) or `'paragraph'`. */
  readonly style?: 'short' | 'paragraph'
  /** Only for a text input in an action row (the classic layout); in a label, the label names it. 1-45 characters. */
  readonly label?: TextCheck<L, 'a text input label'>
  /** The fewest characters the user may submit: 0 to 4000, at most `maxLength`. */
  readonly minLength?: MinCheck<Lo, Hi, "a text input's minLength", 'maxLength'>
  /** The most characters the user may submit: 1 to 4000. */
  readonly maxLength?: BoundCheck<Hi, "a text input's maxLength">
  /** Default true. */
  readonly required?: boolean
  /** Pre-filled text: at most 4000 characters. */
  readonly value?: TextCheck<V, 'a text input value'>
  /** Shown while the input is empty: at most 100 characters. */
  readonly placeholder?: TextCheck<P, 'a text input placeholder'>
}

/**
 * A text input; put it in a `label`. What it submits is a string.
 *
 * @example
 * label('Why?', textInput('reason', { style: 'paragraph', maxLength: 500 }))
 */
export function textInput<
  const Id extends string,
  const L extends string = string,
  const P extends string = string,
  const V extends string = string,
  const Lo extends number = number,
  const Hi extends number = number,
>(customId: CustomIdCheck<Id>, options?: TextInputOptions<L, P, V, Lo, Hi>): TextInputJSON & { custom_id: Id } {
  assertString('textInput', 'customId', customId)
  assertOptions('textInput', 'options', options)
  const style = options?.style
  if (style !== undefined && style !== 'short' && style !== 'paragraph') throw argumentError('textInput', 'options.style', "'short' or 'paragraph'", style)
  const out: TextInputJSON & { custom_id: Id } = {
    type: ComponentType.TextInput,
    custom_id: customId as Id,
    style: style === 'paragraph' ? TextInputStyle.Paragraph : TextInputStyle.Short,
  }
  if (options == null) return out
  if (options.label !== undefined) out.label = options.label
  if (options.minLength !== undefined) out.min_length = options.minLength as number
  if (options.maxLength !== undefined) out.max_length = options.maxLength as number
  if (options.required !== undefined) out.required = options.required
  if (options.value !== undefined) out.value = options.value
  if (options.placeholder !== undefined) out.placeholder = options.placeholder
  if (options.id !== undefined) out.id = options.id
  return out
}

/**
 * A label (1-45 characters) and an optional description (1-100) around one input
 * of a modal: a text input, a select, a file upload, a radio group, a checkbox group
 * or a checkbox.
 *
 * @example
 * label('Colour', stringSelect('colour', [selectOption('Red', 'red'), selectOption('Blue', 'blue')]), { description: 'Pick one' })
 */
export function label<const C extends object, const T extends string, const D extends string = string>(
  text: TextCheck<T, 'a label'>,
  component: C extends LabelChildJSON ? C : SlashkitError<'a label holds one input: a text input, a select, a file upload, a radio group or a checkbox'>,
  options?: { readonly description?: TextCheck<D, 'a label description'>; readonly id?: number },
): LabelJSON<Extract<C, LabelChildJSON>> {
  assertString('label', 'text', text)
  assertObject('label', 'component', component, 'an input: a text input, a select, a file upload, a radio group or a checkbox')
  assertOptions('label', 'options', options)
  const out: LabelJSON<Extract<C, LabelChildJSON>> = { type: ComponentType.Label, label: text, component: { ...(component as Extract<C, LabelChildJSON>) } }
  if (options?.description !== undefined) out.description = options.description
  if (options?.id !== undefined) out.id = options.id
  return out
}

/**
 * A file upload (modals only): 0 to 10 files; submits the attachment ids.
 *
 * @example
 * label('Screenshots', fileUpload('shots', { maxValues: 3 }))
 */
export function fileUpload<const Id extends string, const Lo extends number = number, const Hi extends number = number>(
  customId: CustomIdCheck<Id>,
  options?: {
    readonly minValues?: MinCheck<Lo, Hi, "a file upload's minValues", 'maxValues'>
    readonly maxValues?: BoundCheck<Hi, "a file upload's maxValues">
    readonly required?: boolean
    readonly id?: number
  },
): FileUploadJSON & { custom_id: Id } {
  assertString('fileUpload', 'customId', customId)
  assertOptions('fileUpload', 'options', options)
  const out: FileUploadJSON & { custom_id: Id } = { type: ComponentType.FileUpload, custom_id: customId as Id }
  if (options?.minValues !== undefined) out.min_values = options.minValues as number
  if (options?.maxValues !== undefined) out.max_values = options.maxValues as number
  if (options?.required !== undefined) out.required = options.required
  if (options?.id !== undefined) out.id = options.id
  return out
}

/** An option of a radio group or a checkbox group: `[label, value]` or its JSON. */
export type ChoiceInput<V extends string> = readonly [label: string, value: V] | ChoiceOptionJSON<V>

const choiceOf = <V extends string>(c: ChoiceInput<V>): ChoiceOptionJSON<V> => (Array.isArray(c) ? { label: c[0], value: c[1] } : { ...(c as ChoiceOptionJSON<V>) })

/** The arguments of a radio or checkbox group: a custom_id, a list of `[label, value]` or option objects, props. */
function assertGroup(fn: string, customId: unknown, options: readonly unknown[], props: unknown): void {
  assertString(fn, 'customId', customId)
  assertList(fn, 'options', options)
  for (let i = 0; i < options.length; i++)
    if (typeof options[i] !== 'object' || options[i] === null) throw argumentError(fn, `options[${i}]`, '[label, value] or { label, value, description?, default? }', options[i])
  assertOptions(fn, 'props', props)
}

/**
 * A radio group (modals only): one of 2 to 10 options. Required unless `required:
 * false` (public API v10, "Radio Group": `required` defaults to true): the handler
 * then reads one of the options' values, and `null` only from an optional group.
 *
 * @example
 * label('Size', radioGroup('size', [['Small', 's'], ['Large', 'l']]))
 */
export function radioGroup<const Id extends string, const V extends string, const R extends boolean = true>(
  customId: CustomIdCheck<Id>,
  options: readonly ChoiceInput<V>[],
  props?: { readonly required?: R; readonly id?: number },
): RadioGroupJSON<V> & { custom_id: Id; required?: NoInfer<R> } {
  assertGroup('radioGroup', customId, options, props)
  const out: RadioGroupJSON<V> & { custom_id: Id; required?: R } = { type: ComponentType.RadioGroup, custom_id: customId as Id, options: options.map(choiceOf) }
  if (props?.required !== undefined) out.required = props.required
  if (props?.id !== undefined) out.id = props.id
  return out
}

/**
 * A checkbox group (modals only): any of 1 to 10 options; submits the chosen values.
 *
 * @example
 * label('Toppings', checkboxGroup('toppings', [['Cheese', 'cheese'], ['Olives', 'olives']], { maxValues: 2 }))
 */
export function checkboxGroup<const Id extends string, const V extends string, const Lo extends number = number, const Hi extends number = number>(
  customId: CustomIdCheck<Id>,
  options: readonly ChoiceInput<V>[],
  props?: {
    readonly minValues?: MinCheck<Lo, Hi, "a checkbox group's minValues", 'maxValues'>
    readonly maxValues?: BoundCheck<Hi, "a checkbox group's maxValues">
    readonly required?: boolean
    readonly id?: number
  },
): CheckboxGroupJSON<V> & { custom_id: Id } {
  assertGroup('checkboxGroup', customId, options, props)
  const out: CheckboxGroupJSON<V> & { custom_id: Id } = { type: ComponentType.CheckboxGroup, custom_id: customId as Id, options: options.map(choiceOf) }
  if (props?.minValues !== undefined) out.min_values = props.minValues as number
  if (props?.maxValues !== undefined) out.max_values = props.maxValues as number
  if (props?.required !== undefined) out.required = props.required
  if (props?.id !== undefined) out.id = props.id
  return out
}

/**
 * A checkbox (modals only); submits true or false.
 *
 * @example
 * label('I agree to the rules', checkbox('agree'))
 */
export function checkbox<const Id extends string>(customId: CustomIdCheck<Id>, options?: { readonly default?: boolean; readonly id?: number }): CheckboxJSON & { custom_id: Id } {
  assertString('checkbox', 'customId', customId)
  assertOptions('checkbox', 'options', options)
  const out: CheckboxJSON & { custom_id: Id } = { type: ComponentType.Checkbox, custom_id: customId as Id }
  if (options?.default !== undefined) out.default = options.default
  if (options?.id !== undefined) out.id = options.id
  return out
}

/** A modal (OpenAPI `ModalInteractionCallbackRequestData`) of typed components: `ModalFields<M>` reads what its submission holds. */
export interface TypedModalJSON<C extends readonly ModalComponentJSON[] = readonly ModalComponentJSON[]> {
  custom_id: string
  title: string
  components: ModalComponentJSON[]
  /** Type only: the components the modal was made with. */
  readonly '~components'?: C
}

/** Up to 40 components (OpenAPI `ModalInteractionCallbackRequestData`). */
type Upto40 =
  | 0
  | 1
  | 2
  | 3
  | 4
  | 5
  | 6
  | 7
  | 8
  | 9
  | 10
  | 11
  | 12
  | 13
  | 14
  | 15
  | 16
  | 17
  | 18
  | 19
  | 20
  | 21
  | 22
  | 23
  | 24
  | 25
  | 26
  | 27
  | 28
  | 29
  | 30
  | 31
  | 32
  | 33
  | 34
  | 35
  | 36
  | 37
  | 38
  | 39
  | 40

/**
 * A modal (callback type 9): `custom_id` 1-100 characters, title 1-45, 1 to 40
 * components (labels around inputs, text displays, or action rows of text inputs).
 * For a typed `custom_id`, make it from a route: `report.modal({ message }, 'Report', ...)`.
 *
 * @example
 * modal('feedback', 'Feedback', label('What went well?', textInput('good', { style: 'paragraph' })))
 */
export function modal<const Id extends string, const C extends readonly object[], const T extends string>(
  customId: CustomIdCheck<Id>,
  title: TextCheck<T, 'a modal title'>,
  ...components: ModalCount<ModalItems<C>>
): TypedModalJSON<Extract<C, readonly ModalComponentJSON[]>> {
  assertString('modal', 'customId', customId)
  assertString('modal', 'title', title)
  assertItems('modal', 'components', components as unknown as readonly unknown[], 'a label, a text display or a row of text inputs')
  return { custom_id: customId as Id, title, components: components as unknown as ModalComponentJSON[] }
}

/** The components of a modal (`modal(...)`, `modalRoute`): 1 to 40 (OpenAPI `ModalInteractionCallbackRequestData.components`). */
export type ModalCount<C extends readonly unknown[]> = CountCheck<C, 40, Upto40, 'a modal holds at most 40 components', 'a modal holds at least one component'>

/**
 * A modal's components, each one a modal does not hold replaced by the sentence that
 * refuses it: an input on its own (a text input, a select) goes in a label.
 */
export type ModalItems<C extends readonly object[]> = {
  [K in keyof C]: C[K] extends ModalComponentJSON
    ? C[K]
    : C[K] extends LabelChildJSON
      ? SlashkitError<"a modal's input goes in a label: label('Question', input)">
      : SlashkitError<'a modal holds labels, text displays and rows of text inputs'>
}

/** The inputs of a modal's components: the child of each label, the text inputs of each row. */
type InputsOf<C> = C extends LabelJSON<infer I> ? I : C extends ActionRowJSON<infer I> ? I : never

/** What one input submits (public API v10, modal submit data). */
type Submitted<I> = I extends TextInputJSON
  ? string
  : I extends StringSelectJSON<infer V>
    ? V[]
    : I extends UserSelectJSON | RoleSelectJSON | MentionableSelectJSON | ChannelSelectJSON | FileUploadJSON
      ? string[]
      : I extends RadioGroupJSON<infer V>
        ? I extends { required?: true }
          ? V
          : V | null
        : I extends CheckboxGroupJSON<infer V>
          ? V[]
          : I extends CheckboxJSON
            ? boolean
            : never

/** The components a modal was made with: a `modal(...)`'s (kept in its type), or a modal route's. */
type ComponentsOf<M> = M extends { readonly '~components'?: infer C extends readonly ModalComponentJSON[] }
  ? C
  : M extends { readonly components: infer C extends readonly ModalComponentJSON[] }
    ? C
    : readonly ModalComponentJSON[]

/**
 * What the submission of a modal holds (a `modal(...)`, or a modal route), by input
 * `custom_id`: a text input's string, a select's or a checkbox group's values, a
 * radio group's value (or null when it is optional), a checkbox's boolean, a file upload's attachment ids.
 */
export type ModalFields<M> = { readonly [I in InputsOf<ComponentsOf<M>[number]> as I extends { custom_id: infer K extends string } ? K : never]: Submitted<I> }
