/**
 * The rules' views of the option-kind table (wire/option-kinds.ts): names by type
 * value, capability bits by type value, and for each capability the sentence
 * naming the types that have it. Built once, when the module loads.
 */
import { optionKind, type OptionField } from '../wire/option-kinds.js'

/** The type values 0 to 11: 0 and any other number are not option types. */
const TYPES = Array.from({ length: 12 }, (_, t) => t)

/** The spec names of the option types by value; '' where a value is not one. */
export const optionTypeNames = (): readonly string[] => TYPES.map((t) => optionKind(t)?.name ?? '')

/** Capability bits by option type value: the bits of the fields its row allows; 0 for a value that is not a type. */
export const capabilitiesByType = (bitOf: Readonly<Record<OptionField, number>>): readonly number[] =>
  TYPES.map((t) => optionKind(t)?.fields.reduce((caps, field) => caps | bitOf[field], 0) ?? 0)

/** 'A, B and C' (or 'A, B or C'). */
function list(names: readonly string[], last: 'and' | 'or'): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} ${last} ${names[names.length - 1] as string}`
}

/**
 * For each capability bit, the option types that have it, for messages: 'STRING
 * and INTEGER options', or 'value options (not SUB_COMMAND or SUB_COMMAND_GROUP)'
 * when every type that carries a value has it.
 */
export function appliesTo(caps: readonly number[], bits: readonly number[]): Readonly<Record<number, string>> {
  const out: Record<number, string> = {}
  for (const bit of bits) {
    const have = TYPES.filter((t) => ((caps[t] ?? 0) & bit) !== 0)
    const lack = TYPES.filter((t) => caps[t] !== 0 && ((caps[t] ?? 0) & bit) === 0)
    const name = (t: number): string => optionKind(t)?.name ?? ''
    out[bit] =
      lack.length > 0 && lack.every((t) => optionKind(t)?.value === 'none') ? `value options (not ${list(lack.map(name), 'or')})` : `${list(have.map(name), 'and')} options`
  }
  return out
}
