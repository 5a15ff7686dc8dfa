/**
 * The dictionaries `localizeAll` takes, typed from a definition's type-only
 * records (`'~command'`, `'~child'`, `'~types'`): one mapped type per level, no
 * recursion beyond the spec's two levels of nesting. A key the
 * definition does not have is an excess property, so a misspelled option name is
 * a compile error; a section the definition cannot have reads as a sentence.
 */
import type { Locale } from '../wire/enums.js'
import type { OptionTypes, TypesOf } from '../builders/types/options.js'
import type { SlashkitError } from '../builders/types/error.js'
import type { Listed, Nearest } from '../builders/types/suggest.js'

/** The texts of a USER or MESSAGE command: a name only. */
export interface NameTexts {
  readonly name?: string
  /** @deprecated USER and MESSAGE commands have no description. */
  readonly description?: SlashkitError<'USER and MESSAGE commands have no description (spec: Other command rules 2)'>
}

/** A name and a description (entry point commands). */
// The refusals below are written in place, not behind aliases of their own: a
// compiler's first line names an alias (`'NoChoices'`), and the sentence only
// in the elaboration.

export interface Texts {
  readonly name?: string
  readonly description?: string
}

type ChoiceKeys<T extends OptionTypes> = T['mode'] extends 'choices' ? T['value'] & (string | number) : never

/** The texts of one option; choice names keyed by choice value (`{ red: 'Rot' }`, `{ 7: 'Woche' }`). */
export type OptionTexts<O> =
  TypesOf<O> extends infer T extends OptionTypes
    ? {
        readonly name?: string
        readonly description?: string
        readonly choices?: [ChoiceKeys<T>] extends [never]
          ? SlashkitError<'this option has no choices; only options with .choices(...) take choice names'>
          : { readonly [V in ChoiceKeys<T>]?: string }
      }
    : never

/** The texts of an options list, by option name. */
export type OptionsTexts<Options extends readonly unknown[]> = Options extends readonly []
  ? SlashkitError<'there are no options here'>
  : { readonly [O in Options[number] as TypesOf<O>['name']]?: OptionTexts<O> }

type ChildOf<X> = X extends { readonly '~child'?: infer C } ? NonNullable<C> : never
type SubName<X> = X extends unknown ? (ChildOf<X> extends { readonly kind: 'subcommand'; readonly name: infer N extends string } ? N : never) : never
type GroupName<X> = X extends unknown ? (ChildOf<X> extends { readonly kind: 'group'; readonly name: infer N extends string } ? N : never) : never

/** The texts of a subcommand and its options. */
export type SubcommandTexts<X> =
  ChildOf<X> extends { readonly options: infer O extends readonly unknown[] }
    ? { readonly name?: string; readonly description?: string; readonly options?: OptionsTexts<O> }
    : never

/** The texts of subcommands, by name. */
export type SubcommandsTexts<Subs> = { readonly [X in Subs as SubName<X>]?: SubcommandTexts<X> }

/** The texts of a group and its subcommands. */
export type GroupTexts<X> =
  ChildOf<X> extends { readonly subcommands: infer S extends readonly unknown[] }
    ? { readonly name?: string; readonly description?: string; readonly subcommands?: SubcommandsTexts<S[number]> }
    : never

type GroupsTexts<C> = { readonly [X in C as GroupName<X>]?: GroupTexts<X> }

/** The texts of a loosely typed definition (`fromJSON`): any names. */
export interface LooseTexts {
  readonly name?: string
  readonly description?: string
  readonly options?: { readonly [name: string]: LooseOptionTexts | undefined }
  readonly subcommands?: { readonly [name: string]: LooseSubcommandTexts | undefined }
  readonly groups?: { readonly [name: string]: LooseGroupTexts | undefined }
}
export interface LooseOptionTexts {
  readonly name?: string
  readonly description?: string
  readonly choices?: { readonly [value: string]: string | undefined }
}
export interface LooseSubcommandTexts {
  readonly name?: string
  readonly description?: string
  readonly options?: { readonly [name: string]: LooseOptionTexts | undefined }
}
export interface LooseGroupTexts {
  readonly name?: string
  readonly description?: string
  readonly subcommands?: { readonly [name: string]: LooseSubcommandTexts | undefined }
}

type CommandRecordOf<D> = D extends { readonly '~command'?: infer R } ? NonNullable<R> : never

/** The texts of one command in one locale, typed from its definition. */
export type CommandTexts<D> =
  CommandRecordOf<D> extends infer R
    ? R extends { readonly loose: true }
      ? LooseTexts
      : R extends { readonly type: 1; readonly options: infer O extends readonly unknown[]; readonly children: infer C extends readonly unknown[] }
        ? {
            readonly name?: string
            readonly description?: string
            readonly options?: C extends readonly [] ? OptionsTexts<O> : SlashkitError<'this command has subcommands or groups; option texts go under subcommands'>
            readonly subcommands?: [SubName<C[number]>] extends [never] ? SlashkitError<'this command has no subcommands at its top level'> : SubcommandsTexts<C[number]>
            readonly groups?: [GroupName<C[number]>] extends [never] ? SlashkitError<'this command has no groups'> : GroupsTexts<C[number]>
          }
        : R extends { readonly type: 4 }
          ? Texts
          : R extends { readonly type: 2 | 3 }
            ? NameTexts
            : never
    : never

type SetMembers<D> = D extends { readonly '~set'?: { readonly commands: infer C extends readonly unknown[] } } ? C[number] : never

type NameOf<M> = CommandRecordOf<M> extends { readonly name: infer N extends string } ? N : never

/** The texts of every command of a set in one locale, by command name. */
export type SetTexts<D> = { readonly [M in SetMembers<D> as NameOf<M>]?: CommandTexts<M> }

/**
 * The second argument of `localizeAll`: locale key to the texts of the
 * definition (or of each command of a set, by name).
 *
 * @example
 * const de: Dictionaries<typeof ban>['de'] = { name: 'bannen', options: { target: { name: 'ziel' } } }
 */
export type Dictionaries<D> = { readonly [L in Locale]?: '~set' extends keyof D ? SetTexts<D> : CommandTexts<D> }

/** The locales of a key's language (`'fr-FR'`: `'fr'`; `'es'` or `'es-MX'`: `'es-ES'` and `'es-419'`), else those `Nearest` finds (`'FR'`: `'fr'`). */
type NearLocales<X extends string> = SameLanguage<X> extends infer S extends string ? ([S] extends [never] ? Nearest<X, Locale> : S) : never

type SameLanguage<X extends string, L extends string = Locale> = X extends `${infer Lang}-${string}`
  ? L extends Lang | `${Lang}-${string}`
    ? L
    : never
  : L extends `${X}-${string}`
    ? L
    : never

/**
 * `localizeAll`'s keys that are no locale of the service, each typed as the sentence
 * of what it is not, with the nearest locales: `{}` when every key is a locale, so a
 * valid call instantiates nothing more; nothing for dictionaries typed by `string`
 * keys (read from files), which the run time checks (`locale.unknown`).
 */
export type LocaleKeys<K extends PropertyKey> = string extends K
  ? unknown
  : {
      readonly [X in Exclude<K, Locale> &
        string]: SlashkitError<`'${X}' is not a locale of the service${[NearLocales<X>] extends [never] ? '; the locales are the values of Locales' : `; did you mean ${Listed<NearLocales<X>>}?`}`>
    }
