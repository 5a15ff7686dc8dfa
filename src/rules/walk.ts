/**
 * The state of one walk of the command rules (rules/command.ts): the issues, and
 * what the checks pass to one another besides them. Each `validateCommand`,
 * `validateCommands`, `validateOption` and `validateChoice` call walks with its
 * own, so a call made while another is walking (a getter of the value under
 * check calling the rules) leaves the other's state alone.
 */
import { IssueCollector, type PathSegment } from './issues.js'
import type { Catalogue } from './issue-types.js'
import { RULE_MESSAGES } from './messages.js'

/** The issues of one walk, and its state. */
export class Walk extends IssueCollector {
  /** A walk reports the codes of the command rules, from their own catalogue unless told otherwise. */
  constructor(base: readonly PathSegment[] = [], root = '', messages: Catalogue = RULE_MESSAGES) {
    super(base, root, messages)
  }

  /**
   * Whether `for...in` may visit inherited keys, so each key is checked to be own:
   * when Object.prototype has enumerable keys (an environment added one), or once
   * another realm's plain object was met (see `isObject` in command.ts).
   */
  exact = false
  /** Whether the command is read as the service returns it (`fetched` of `validateCommand`). */
  fetched = false
  /** Whether the value `checkLocalizations` last looked at was a dictionary. */
  dictMet = false
  /** What `checkOption` met in the option it checked last: its name, whether `required` is true, its name_localizations when a dictionary. */
  metName: unknown = undefined
  metRequired = false
  metDict: Record<string, unknown> | undefined = undefined
  /** The hash tables of localized names for "Naming rules" 5 (rules/localized-names.ts, `checkLocalizedNames`), made when first needed. */
  names?: Int32Array
}
