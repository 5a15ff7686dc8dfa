/**
 * The type of `commands(...)`: a set of definitions for one bulk overwrite, with
 * the set rules the types can see (spec: "Naming rules" 3, "Limits").
 */
import type { BulkCommandJSON, GuildBulkCommandJSON } from '../../wire/commands.js'
import type { BuiltCommandJSON, BuiltGuildBulkCommandJSON } from './json.js'
import type { CommandType } from '../../wire/enums.js'
import type { Scope } from '../../rules/command.js'
import type { SlashkitError } from './error.js'
import type { KnownName } from './names.js'
import type { Next } from './util.js'

/**
 * What every definition carries for the set: its type, name, whether it is global
 * only, and whether it is typed loosely (`fromJSON`: its global-ness is unknown and
 * its JSON may hold what no builder emits).
 */
interface CommandRecord {
  readonly type: CommandType
  readonly name: string
  readonly global: boolean
  readonly loose?: boolean
}

/** Any definition a set can hold: a builder or a `fromJSON` result. */
export interface AnyDefinition {
  readonly '~command'?: CommandRecord | undefined
  // `Function`, not a signature: the commands' generic `toJSON` then relates to it
  // in one step, instead of a signature comparison per definition type.
  readonly toJSON: Function
}

type RecordOf<D> = D extends { readonly '~command'?: infer R } ? Extract<R, CommandRecord> : never
type Key<D> = RecordOf<D> extends infer R extends CommandRecord ? (KnownName<R['name']> extends never ? never : `${R['type']}:${R['name']}`) : never

type TypeName = { 1: 'CHAT_INPUT'; 2: 'USER'; 3: 'MESSAGE'; 4: 'PRIMARY_ENTRY_POINT' }

/**
 * "Naming rules" 3: names unique per type within one set; one entry point. One walk
 * that collects only the problems, as `{ at: index; error }`, so a valid set costs
 * a single pass and no mapped type.
 */
type Problems<D extends readonly unknown[], Seen extends string = never, Entry extends boolean = false, I extends unknown[] = [], Found = never> = D extends readonly [
  infer H,
  ...infer T,
]
  ? Problems<
      T,
      Seen | Key<H>,
      Entry extends true ? true : RecordOf<H>['type'] extends 4 ? true : false,
      [...I, 0],
      | Found
      | (Key<H> extends never
          ? never
          : Key<H> extends Seen
            ? {
                at: `${I['length']}`
                error: SlashkitError<`the set already has a ${TypeName[RecordOf<H>['type']]} command named '${RecordOf<H>['name']}'; names are unique per type (spec: Naming rules 3)`>
              }
            : Entry extends true
              ? RecordOf<H>['type'] extends 4
                ? { at: `${I['length']}`; error: SlashkitError<'a set holds at most one entry point command (spec: Limits)'> }
                : never
              : never)
    >
  : Found

/**
 * The two facts the fast walk reads from a definition: its type and its name.
 * An interface, so that matching a definition against it is one cached
 * comparison, with no object type instantiated per step.
 */
interface CommandFacts<T, N> {
  readonly '~command'?: { readonly type: T; readonly name: N } | undefined
}

/**
 * Whether `D` keeps the set rules: one walk by index (`D[I]`) with the names seen
 * per type (`Chat`, `User`, `Message`) and whether an entry point came already,
 * stopping at a name seen before (or after a `string` one), a second entry point
 * or a loosely typed definition (`fromJSON`); `Problems` then decides, with
 * indexes and sentences. Names are tested whole, behind `NoInfer` (`NoInfer<N>
 * extends Chat`): a union name stays one walk, not 2^n, without the tuple types of
 * brackets (`[N] extends [Chat]`), whose comparison resolves their members.
 * Why: one match and one union test per step. `Stop` is where the walk ends: the
 * set's length, or 256, the last index of `Next`, for a longer set, whose rest
 * `ValidRest` walks from its start with the names seen so far.
 */
type Valid<D extends readonly unknown[], I extends keyof Next = 0, Chat = never, User = never, Message = never, Entry = false, Stop = D['length']> = I extends Stop
  ? I extends D['length']
    ? true
    : ValidRest<D, Chat, User, Message, Entry>
  : D[I] extends CommandFacts<infer T, infer N>
    ? NoInfer<T> extends 1
      ? NoInfer<N> extends Chat
        ? false
        : Valid<D, Next[I], Chat | N, User, Message, Entry, Stop>
      : NoInfer<T> extends 2
        ? NoInfer<N> extends User
          ? false
          : Valid<D, Next[I], Chat, User | N, Message, Entry, Stop>
        : NoInfer<T> extends 3
          ? NoInfer<N> extends Message
            ? false
            : Valid<D, Next[I], Chat, User, Message | N, Entry, Stop>
          : NoInfer<T> extends 4
            ? Entry extends true
              ? false
              : Valid<D, Next[I], Chat, User, Message, true, Stop>
            : false
    : false

/** The parameter type of `commands(...)`: the definitions, or each offending one replaced by the sentence of its rule. */
export type CheckSet<D extends readonly AnyDefinition[]> = ValidFrom<D> extends true ? D : NoInfer<Flag<D, Problems<D>>>

/** `Valid` over a whole list, or over its first 256 definitions and then the rest (the spec allows 131; a set of 300 is refused at run time). */
type ValidFrom<D extends readonly unknown[], Chat = never, User = never, Message = never, Entry = false> = D['length'] extends keyof Next
  ? Valid<D, 0, Chat, User, Message, Entry>
  : Valid<D, 0, Chat, User, Message, Entry, 256>

/**
 * The rest of a set longer than `Next` counts, past its first 256 definitions.
 * Dropping 256 at a time copies the rest once per 256 commands, where a walk by
 * head and tail (`Problems`, which decided long sets before) copies it once per
 * command: 300 commands of bench's fixture took 425,912 instantiations, 323,473
 * now (100 take 108,605, now 108,568); 300 plain ones 122,851, now 20,409 (150
 * take 10,213). An alias of its own, so that the steps of `Valid` never
 * instantiate its 256-element pattern (inline, it cost 350 instantiations a step).
 */
type ValidRest<D extends readonly unknown[], Chat, User, Message, Entry> = D extends readonly [...Units256, ...infer Rest] ? ValidFrom<Rest, Chat, User, Message, Entry> : false

/** 256 elements of `unknown`, by doubling (a recursion one element at a time cost 35,000 instantiations). */
type Units256 = [...Units128, ...Units128]
type Units128 = [...Units64, ...Units64]
type Units64 = [...Units32, ...Units32]
type Units32 = [...Units16, ...Units16]
type Units16 = [...Units8, ...Units8]
type Units8 = [unknown, unknown, unknown, unknown, unknown, unknown, unknown, unknown]

type Flag<D extends readonly unknown[], P extends { at: string; error: unknown }> = {
  [K in keyof D]: K extends P['at'] ? Extract<P, { at: K }>['error'] : D[K]
}

/**
 * Whether some definition is known to be an entry point, which a guild cannot have
 * ("Naming rules" 3). `contexts`, `integration_types` and `dm_permission` are fine in
 * a guild bulk overwrite ("Bulk guild body"). A loose one (from `fromJSON`) is left
 * to the run-time rules.
 */
type AnyEntryPoint<D extends readonly unknown[]> = true extends EntryPointRecord<RecordOf<D[number]>> ? true : false
type EntryPointRecord<R> = R extends { readonly type: infer T } ? ('loose' extends keyof R ? false : NoInfer<T> extends 4 ? true : false) : false

/** The JSON of a definition: a builder's narrower JSON, or any payload for a loose one (`fromJSON`). */
type JSONOf<R> = R extends unknown ? ('loose' extends keyof R ? BulkCommandJSON : BuiltCommandJSON) : never
type GuildJSONOf<R> = R extends unknown ? ('loose' extends keyof R ? GuildBulkCommandJSON : BuiltGuildBulkCommandJSON) : never

/** A set of command definitions: the body of a bulk overwrite (PUT .../commands). */
export interface CommandSet<Definitions extends readonly AnyDefinition[] = readonly AnyDefinition[]> {
  /** Type only. Absent at run time. */
  readonly '~set'?: { readonly commands: Definitions }
  /** The definitions, in order. */
  readonly definitions: Definitions
  /**
   * The bulk-overwrite list, validated against every command rule and the set rules
   * (names unique per type, 100 / 15 / 15 / 1 per type; none of type 4 in a guild).
   * Throws `ValidationError` with every issue.
   */
  toJSON<const S extends Scope = 'global'>(options?: {
    readonly scope?: S extends 'guild'
      ? AnyEntryPoint<Definitions> extends true
        ? SlashkitError<'this set has an entry point, which is global only; a guild cannot have one (spec: Naming rules 3)'>
        : S
      : S
  }): (S extends 'guild' ? GuildJSONOf<RecordOf<Definitions[number]>> : JSONOf<RecordOf<Definitions[number]>>)[]
}
