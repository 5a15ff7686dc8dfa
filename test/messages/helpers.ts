/**
 * Helpers of the message tests: issues as `[code, path]` pairs (STYLE.md 12: by code
 * and path, not by wording), and small valid parts to build bodies from.
 */
import { MessageFlag, type Issue } from '../../src/index.js'

/** The `[code, path]` of each issue. */
export const codes = (r: { readonly issues?: readonly Issue[] | undefined }): [string, readonly (string | number)[]][] => (r.issues ?? []).map((i) => [i.code, i.path])

/** A string of `n` characters. */
export const chars = (n: number, c = 'x'): string => c.repeat(n)

/** A button of style 1 with this custom_id. */
export const btn = (custom_id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 2, style: 1, custom_id, label: 'B', ...extra })

/** An action row of these components. */
export const row = (...components: unknown[]): Record<string, unknown> => ({ type: 1, components })

/** A text display. */
export const text = (content = 'hi'): Record<string, unknown> => ({ type: 10, content })

/** A string select with `n` options. */
export const select = (custom_id: string, n = 2, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 3,
  custom_id,
  options: Array.from({ length: n }, (_, i) => ({ label: `L${i}`, value: `v${i}` })),
  ...extra,
})

/** A text input of a modal, in a label. */
export const labelled = (custom_id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 18,
  label: 'Why?',
  component: { type: 4, custom_id, style: 1, ...extra },
})

/** The flag of layout messages (public API v10, IS_COMPONENTS_V2). */
export const V2 = MessageFlag.IsComponentsV2
