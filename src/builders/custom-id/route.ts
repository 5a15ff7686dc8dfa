/**
 * Typed `custom_id` routes. A route has a name and typed parameters; it makes the
 * components whose custom_id carries them (`vote.button({ choice: 'yes' }, 'Yes')`)
 * and reads them back (`vote.parse(customId)`), typed. A modal route also holds
 * its modal's inputs, so what the modal submits is typed too (parse/components.ts
 * `readModalFields`, read.ts, which the route reaches as `~read`). The encoding is
 * codec.ts's; the lookup of a custom_id among many routes is parse/components.ts's
 * `matchCustomId`.
 */
import type {
  ButtonJSON,
  ChannelSelectJSON,
  ComponentType,
  MentionableSelectJSON,
  ModalComponentJSON,
  RoleSelectJSON,
  SelectDefaultValueJSON,
  SelectOptionJSON,
  StringSelectJSON,
  UserSelectJSON,
} from '../../wire/components.js'
import type { ChannelTypeInput } from '../types/options.js'
import type { SlashkitError } from '../types/error.js'
import { decode, encode, layoutOf, SEPARATOR, type DecodeFailure, type Layout } from './codec.js'
import type { Params, ParamValues, ValuesCheck } from './params.js'
import type { Fits, KeysOf, NameUnits } from './width.js'
import {
  button,
  channelSelect,
  mentionableSelect,
  roleSelect,
  stringSelect,
  userSelect,
  type ButtonOptions,
  type DefaultsOptions,
  type SelectOptions,
} from '../messages/components.js'
import type { ModalCount, ModalItems, TypedModalJSON } from '../messages/modal.js'
import type { OptionsCheck, TextCheck } from '../messages/types.js'
import { readFields, readValues, type RouteRead } from './read.js'
import { argumentError, assertList } from '../../rules/arguments.js'
import { SELECT_OPTION_TEXT_MAX } from '../../rules/message-limits.js'

/** What `parse` makes of a custom_id: its values, or why not (another route's, minted for an older shape of this route, or damaged). */
export type RouteParse<V> = { readonly ok: true; readonly values: V } | { readonly ok: false; readonly reason: 'other' | DecodeFailure }

/** Options of a route's button: its label and the options of `button`. */
export interface RouteButtonOptions extends ButtonOptions {
  readonly label?: string
}

/**
 * The one kind of component a route may be declared for (`route(name, params, kind)`):
 * its handler then gets what that kind sends (a button no values, a string select the
 * chosen options' values, a user, role, mentionable or channel select ids), and
 * its other component makers are refused. A route declared for no kind makes any.
 */
export type RouteKind = 'button' | 'stringSelect' | 'userSelect' | 'roleSelect' | 'mentionableSelect' | 'channelSelect'

/**
 * A route declared for string selects of these option values
 * (`route(name, params, { stringSelect: ['fries', 'salad'] })`): its selects offer
 * only these values, and its handler's `values` are typed by them.
 */
export interface SelectValues<S extends string = string> {
  readonly stringSelect: readonly S[]
}

/** What `route`'s third argument takes: one kind of component, or string selects of declared values. */
export type RouteDeclaration = RouteKind | SelectValues

/** The kind a declaration makes. */
type KindOf<D> = D extends RouteKind ? D : 'stringSelect'

/** The values a declaration's string selects offer: the declared ones, or any string. */
type ValuesOf<D> = D extends SelectValues<infer S> ? S : string

/** Whether option `O`'s value is one of `S` (or a `string`, left to the run time). */
type IsDeclared<O, S extends string> = O extends { readonly value: infer V extends string } ? (string extends V ? true : [V] extends [S] ? true : false) : true

/**
 * The options of a route's string select: 1 to 25 (`OptionsCheck`, as `stringSelect`
 * takes them), and on a route that declared its values (`S`), each option's value
 * among them, else a sentence in place of each option that offers another.
 */
type DeclaredOptions<N extends string, S extends string, O extends readonly SelectOptionJSON[]> = string extends S
  ? OptionsCheck<O>
  : false extends { [I in keyof O]: IsDeclared<O[I], S> }[number]
    ? NoInfer<{
        [I in keyof O]: IsDeclared<O[I], S> extends true
          ? O[I]
          : SlashkitError<`route '${N}' declares no select value '${O[I]['value']}'; add it to the route's stringSelect values`>
      }>
    : OptionsCheck<O>

/** The `this` of a component maker of kind `M` on a route of kind `K`: anything when `K` allows it, else a sentence. */
type Makes<N extends string, K extends RouteKind, M extends RouteKind> = M extends K ? unknown : SlashkitError<`route '${N}' is declared for ${K & string}; it makes no ${M}`>

/**
 * What every route for buttons and select menus is, whatever it makes: the part a
 * list of routes is typed by (`AnyRoute`), so a route declared for one kind, whose
 * other makers refuse their `this`, still joins any list.
 */
export interface ComponentRoute<N extends string = string, P extends Params = Params, K extends RouteKind = RouteKind, S extends string = string> {
  readonly name: N
  readonly params: P
  /** The kind of component the route was declared for, or `undefined` for any (`route`'s third argument). */
  readonly '~kind'?: K
  /** The option values its string selects may offer (`{ stringSelect: [...] }`), or `undefined` for any. */
  readonly '~select'?: readonly S[]
  /** The encoding, computed once (codec.ts). */
  readonly '~layout': Layout
  /**
   * The custom_id of `values`. Throws a `RangeError` naming the parameter whose
   * value does not fit, or that takes it past 100 characters; a literal out of its
   * parameter's literal bounds is refused by the types first (`ValuesCheck`).
   */
  id<const V extends ParamValues<P>>(values: ValuesCheck<N, P, V>): string
  /** The values of a custom_id of this route, typed; `other` for another route's, `stale` for one minted before the route's shape changed, `malformed` for a damaged one. */
  parse(customId: string): RouteParse<ParamValues<P>>
  /** Internal: what a component interaction's `data` carries for the handler (read.ts `readValues`). */
  '~read'(data: Readonly<Record<string, unknown>>): RouteRead
}

/** A route for buttons and select menus, and the components it makes: each maker of a kind the route was not declared for refuses its `this`. */
export interface Route<N extends string = string, P extends Params = Params, K extends RouteKind = RouteKind, S extends string = string> extends ComponentRoute<N, P, K, S> {
  /** A button (primary, secondary, success or danger) whose custom_id carries `values`; a literal label has at most 80 characters. */
  button<const V extends ParamValues<P>, const L extends string>(
    this: Makes<N, K, 'button'>,
    values: ValuesCheck<N, P, V>,
    label?: TextCheck<L, 'a button label'> | RouteButtonOptions,
    options?: ButtonOptions,
  ): ButtonJSON
  /** A string select whose custom_id carries `values`; on a route declared with `{ stringSelect: [...] }`, its options' values are among those. */
  stringSelect<
    const V extends ParamValues<P>,
    const O extends readonly SelectOptionJSON[],
    const Ph extends string = string,
    const Lo extends number = number,
    const Hi extends number = number,
  >(
    this: Makes<N, K, 'stringSelect'>,
    values: ValuesCheck<N, P, V>,
    options: DeclaredOptions<N, S, O>,
    props?: SelectOptions<Ph, Lo, Hi, O['length']>,
  ): StringSelectJSON<O[number]['value']>
  /** A user select whose custom_id carries `values`; a literal placeholder has at most 150 characters (as every select's). */
  userSelect<const V extends ParamValues<P>, const Ph extends string = string, const Lo extends number = number, const Hi extends number = number>(
    this: Makes<N, K, 'userSelect'>,
    values: ValuesCheck<N, P, V>,
    props?: DefaultsOptions<Ph, Lo, Hi>,
  ): UserSelectJSON
  roleSelect<const V extends ParamValues<P>, const Ph extends string = string, const Lo extends number = number, const Hi extends number = number>(
    this: Makes<N, K, 'roleSelect'>,
    values: ValuesCheck<N, P, V>,
    props?: DefaultsOptions<Ph, Lo, Hi>,
  ): RoleSelectJSON
  mentionableSelect<const V extends ParamValues<P>, const Ph extends string = string, const Lo extends number = number, const Hi extends number = number>(
    this: Makes<N, K, 'mentionableSelect'>,
    values: ValuesCheck<N, P, V>,
    props?: SelectOptions<Ph, Lo, Hi> & { readonly defaults?: readonly SelectDefaultValueJSON<'user' | 'role'>[] },
  ): MentionableSelectJSON
  channelSelect<const V extends ParamValues<P>, const Ph extends string = string, const Lo extends number = number, const Hi extends number = number>(
    this: Makes<N, K, 'channelSelect'>,
    values: ValuesCheck<N, P, V>,
    props?: DefaultsOptions<Ph, Lo, Hi> & { readonly channelTypes?: readonly ChannelTypeInput[] },
  ): ChannelSelectJSON
}

/** A route for a modal: its inputs are part of it, so its submission is typed. */
export interface ModalRoute<N extends string = string, P extends Params = Params, C extends readonly ModalComponentJSON[] = readonly ModalComponentJSON[]> {
  readonly name: N
  readonly params: P
  readonly '~layout': Layout
  /** The modal's title and components, as defined. */
  readonly title: string
  readonly components: C
  id<const V extends ParamValues<P>>(values: ValuesCheck<N, P, V>): string
  parse(customId: string): RouteParse<ParamValues<P>>
  /** Internal: the submitted fields of a modal submit's `data`, read against the inputs (read.ts `readFields`). */
  '~read'(data: Readonly<Record<string, unknown>>): RouteRead
  /** The modal (callback 9's `data`) whose custom_id carries `values`; `title` (a literal at most 45 characters) replaces the route's. */
  modal<const V extends ParamValues<P>, const T extends string = string>(
    values: ValuesCheck<N, P, V>,
    options?: { readonly title?: TextCheck<T, 'a modal title'> },
  ): TypedModalJSON<C>
}

/** Any route. */
export type AnyRoute = ComponentRoute<string, Params> | ModalRoute<string, Params, readonly ModalComponentJSON[]>

/** The units of each parameter (width.ts), in some order. */
type UnitsOf<P> =
  KeysOf<keyof P> extends infer Ks extends readonly unknown[] ? { [I in keyof Ks]: P[Ks[I] & keyof P] extends { readonly '~units'?: infer U extends number } ? U : number } : []

/**
 * The parameters of `route(name, params)`: themselves when the largest custom_id
 * fits in 100 characters (or a width is not known to the types), else a sentence
 * in their place.
 */
export type RouteCheck<N extends string, P extends Params> = ([NameUnits<N>, ...UnitsOf<P>] extends infer U extends readonly number[] ? Fits<U, []> : 'unknown') extends 'over'
  ? NoInfer<SlashkitError<`route '${N}' can make a custom_id over 100 characters; bound its parameters tighter or shorten its name`>>
  : P

const parseWith = (layout: Layout, customId: string): RouteParse<never> => {
  if (typeof customId !== 'string' || !customId.startsWith(layout.name) || customId[layout.name.length] !== SEPARATOR) return { ok: false, reason: 'other' }
  return decode(layout, customId) as RouteParse<never>
}

/** What every route is: a name, its parameters, their layout in a custom_id, and the two ways through it. */
class RouteBase {
  readonly '~layout': Layout
  constructor(
    readonly name: string,
    readonly params: Params,
  ) {
    this['~layout'] = layoutOf(name, params)
  }
  id(values: Record<string, unknown>): string {
    return encode(this['~layout'], values)
  }
  parse(customId: string): RouteParse<never> {
    return parseWith(this['~layout'], customId)
  }
}

/** The component type of each kind, as literals typed by wire/components.ts `ComponentType` (a wrong number is a compile error). */
const KIND_TYPE: {
  readonly button: typeof ComponentType.Button
  readonly stringSelect: typeof ComponentType.StringSelect
  readonly userSelect: typeof ComponentType.UserSelect
  readonly roleSelect: typeof ComponentType.RoleSelect
  readonly mentionableSelect: typeof ComponentType.MentionableSelect
  readonly channelSelect: typeof ComponentType.ChannelSelect
} = { button: 2, stringSelect: 3, userSelect: 5, roleSelect: 6, mentionableSelect: 7, channelSelect: 8 }

class RouteImpl extends RouteBase {
  readonly '~kind': RouteKind | undefined
  readonly '~select': readonly string[] | undefined
  constructor(name: string, params: Params, declared: RouteDeclaration | undefined) {
    super(name, params)
    const select = declaredValues(name, declared)
    this['~kind'] = select === undefined ? (declared as RouteKind | undefined) : 'stringSelect'
    this['~select'] = select
  }
  '~read'(data: Readonly<Record<string, unknown>>): RouteRead {
    const kind = this['~kind']
    return readValues(data, kind === undefined ? undefined : KIND_TYPE[kind], this['~select'])
  }
  /** The custom_id of `values` for a component of kind `made`; a route declared for another kind makes none (a JavaScript caller past the types). */
  private made(made: RouteKind, values: Record<string, unknown>): string {
    const kind = this['~kind']
    if (kind !== undefined && kind !== made) throw new TypeError(`route ${JSON.stringify(this.name)} is declared for ${kind}; it makes no ${made}`)
    return this.id(values)
  }
  button(values: Record<string, unknown>, label?: string | RouteButtonOptions, options?: ButtonOptions): ButtonJSON {
    const id = this.made('button', values)
    return typeof label === 'object' ? button(id, label.label, label) : button(id, label, options)
  }
  stringSelect(values: Record<string, unknown>, options: readonly SelectOptionJSON[], props?: SelectOptions): StringSelectJSON {
    const made = stringSelect(this.made('stringSelect', values), options, props)
    const declared = this['~select']
    if (declared !== undefined)
      for (const o of made.options) {
        if (!declared.includes(o.value))
          throw new RangeError(
            `route ${JSON.stringify(this.name)} declares no select value ${JSON.stringify(o.value)}; its values are ${declared.map((v) => JSON.stringify(v)).join(', ')}`,
          )
      }
    return made
  }
  userSelect(values: Record<string, unknown>, props?: DefaultsOptions): UserSelectJSON {
    return userSelect(this.made('userSelect', values), props)
  }
  roleSelect(values: Record<string, unknown>, props?: DefaultsOptions): RoleSelectJSON {
    return roleSelect(this.made('roleSelect', values), props)
  }
  mentionableSelect(values: Record<string, unknown>, props?: Parameters<typeof mentionableSelect>[1]): MentionableSelectJSON {
    return mentionableSelect(this.made('mentionableSelect', values), props)
  }
  channelSelect(values: Record<string, unknown>, props?: DefaultsOptions & { readonly channelTypes?: readonly ChannelTypeInput[] }): ChannelSelectJSON {
    return channelSelect(this.made('channelSelect', values), props)
  }
}

/**
 * The values of a `{ stringSelect: [...] }` declaration, checked (strings a select
 * option's value can be: 1 to 100 characters), or `undefined` for a kind; anything
 * else is a `TypeError` naming the route and the argument.
 */
function declaredValues(name: string, declared: unknown): readonly string[] | undefined {
  const fn = `route(${JSON.stringify(name)})`
  if (declared === undefined || (typeof declared === 'string' && Object.hasOwn(KIND_TYPE, declared))) return undefined
  const list: unknown = typeof declared === 'object' && declared !== null && Object.hasOwn(declared, 'stringSelect') ? (declared as SelectValues).stringSelect : undefined
  if (!Array.isArray(list) || list.length === 0 || Object.keys(declared as object).length !== 1)
    throw argumentError(fn, 'kind', `one of ${Object.keys(KIND_TYPE).join(', ')}, or { stringSelect: [...values] } with at least one value`, declared)
  for (let i = 0; i < list.length; i++) {
    const v: unknown = list[i]
    if (typeof v !== 'string' || v.length === 0 || [...v].length > SELECT_OPTION_TEXT_MAX)
      throw argumentError(fn, `stringSelect[${i}]`, `a string of 1 to ${SELECT_OPTION_TEXT_MAX} characters`, v)
  }
  return [...(list as string[])]
}

/**
 * A `custom_id` route for buttons and select menus: a name (no ":") and typed
 * parameters (`param.*`). Its components carry the values in a compact custom_id
 * (codec.ts) with a hash of the route's shape; `parse` reads them back, typed, and
 * tells a custom_id minted before the shape changed (`stale`) from a damaged one.
 * A route whose largest custom_id could pass 100 characters is refused: by the
 * types where the bounds are literals, else by a `RangeError` naming the parameter.
 * `kind` declares the one kind of component the route makes (`RouteKind`): its
 * handler's `values` are then typed by that kind, its other makers are refused,
 * and an interaction from another kind of component is a misfit (`kind`). The kind
 * is not part of the shape's hash: declaring it keeps the custom_ids already sent.
 * `{ stringSelect: [...values] }` declares string selects of those option values:
 * the options of its selects must be among them (by the types for literals, else a
 * `RangeError`), its handler's `values` are typed by them, and a pick outside them
 * (a select sent before a value was dropped) is read as `stale`.
 *
 * @example
 * const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no') })
 * const yes = vote.button({ poll: '1180218955160375406', choice: 'yes' }, 'Yes', { style: 'success' })
 * vote.parse(yes.custom_id) // { ok: true, values: { poll: '1180218955160375406', choice: 'yes' } }
 * const invite = route('invite', {}, 'userSelect') // its handler gets user ids, and it makes user selects only
 * const sides = route('sides', {}, { stringSelect: ['fries', 'salad'] }) // its handler gets ('fries' | 'salad')[]
 */
export function route<const N extends string, const P extends Params = Record<never, never>, const D extends RouteDeclaration = RouteKind>(
  name: N,
  params?: RouteCheck<N, P>,
  kind?: D,
): Route<N, P, KindOf<D>, ValuesOf<D>> {
  return new RouteImpl(name, (params ?? {}) as Params, kind) as unknown as Route<N, P, KindOf<D>, ValuesOf<D>>
}

class ModalRouteImpl extends RouteBase {
  constructor(
    name: string,
    params: Params,
    readonly title: string,
    readonly components: readonly ModalComponentJSON[],
  ) {
    super(name, params)
  }
  '~read'(data: Readonly<Record<string, unknown>>): RouteRead {
    return readFields(this, data)
  }
  modal(values: Record<string, unknown>, options?: { readonly title?: string }): TypedModalJSON {
    // Fresh copies: the definition's components are never handed out to be changed.
    return { custom_id: this.id(values), title: options?.title ?? this.title, components: structuredCopy(this.components) as ModalComponentJSON[] }
  }
}

const structuredCopy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T

/**
 * A `custom_id` route for a modal: its name, typed parameters, title and
 * components. `.modal(values)` makes the modal to show (callback 9); what the
 * user submits is read, typed by the inputs, by `readModal(route, data)` (and by
 * `handleComponents`).
 *
 * @example
 * const report = modalRoute('report', { message: param.snowflake() }, 'Report a message', [label('Why?', textInput('reason', { style: 'paragraph' }))])
 * report.modal({ message: '1180218955160375406' }) // { custom_id: 'report:...', title: 'Report a message', components: [...] }
 */
export function modalRoute<const N extends string, const P extends Params, const C extends readonly object[], const T extends string>(
  name: N,
  params: RouteCheck<N, P>,
  title: TextCheck<T, 'a modal title'>,
  components: ModalCount<ModalItems<C>>,
): ModalRoute<N, P, Extract<C, readonly ModalComponentJSON[]>> {
  assertList('modalRoute', 'components', components, 'a list of modal components')
  return new ModalRouteImpl(name, params as Params, title, components as unknown as readonly ModalComponentJSON[]) as never
}
