/**
 * The state of one walk of the command rules (rules/command.ts): what the checks
 * pass to one another besides the issues. Each check of a command, an option or
 * choices on its own takes its own walk, so a check that runs while another is
 * walking (a getter of the value under check calling `validateCommand`) leaves
 * the other's state alone.
 */
import type { IssueCollector } from './issues.js'

/** Slots of the "Naming rules" 5 tables: the top 9 bits of a hash. */
export const SLOT_SHIFT = 23

export class Walk {
  /** Where the issues go. */
  c: IssueCollector
  /**
   * Whether `for...in` may visit inherited keys, so each key is checked to be
   * own: when Object.prototype has enumerable keys (an environment added one), or
   * once another realm's plain object was met (see `isPlain` in command.ts).
   */
  exact = false
  /** Whether the command is read as the service returns it (`fetched` of `validateCommand`). */
  fetched = false
  /** Whether the value `checkLocalizations` last looked at was a dictionary. */
  dictMet = false
  /** What `checkOption` met in the option it checked last: its name, */
  metName: unknown = undefined
  /** whether `required` is true, */
  metRequired = false
  /** and whether its name_localizations is a dictionary. */
  metLocalized = false
  /**
   * The tables of "Naming rules" 5 (made at the first use): a slot holds the
   * `generation` of the options array that last set it, so a table is never
   * cleared between arrays.
   */
  seenDefault: Int32Array | undefined = undefined
  seenLocalized: Int32Array | undefined = undefined
  generation = 0

  constructor(c: IssueCollector) {
    this.c = c
  }
}

/** The walk kept for the next check, or `undefined` while one is in use. */
let spare: Walk | undefined

/**
 * A walk for one check, writing to `c`: the spare one, or a fresh one while the
 * spare is in use (a check running inside another). Hand it back with `endWalk`.
 */
export function startWalk(c: IssueCollector, exact: boolean, fetched: boolean): Walk {
  const w = spare ?? new Walk(c)
  spare = undefined
  w.c = c
  w.exact = exact
  w.fetched = fetched
  return w
}

/**
 * Keeps `w` for the next check. Not called after a throw (a hostile value): the
 * next check then takes a fresh walk.
 */
export function endWalk(w: Walk): void {
  w.metName = undefined
  spare = w
}
