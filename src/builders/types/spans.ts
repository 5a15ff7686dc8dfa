/**
 * Patterns of at least N UTF-16 units, for the length checks of literal texts. A
 * `${Span}` placeholder followed by another matches one unit (plain `${string}`
 * placeholders would collapse into `string`), so N adjacent spans and any rest match
 * a text of N units or more: one template, no recursion and no `infer`. The compiler
 * flattens a template inside a template, so the blocks of 10, 100 and 1000 spans make
 * the same one template as N spans written out, in a few bytes of declarations.
 */
export type Span = string & {}
export type Span10 = `${Span}${Span}${Span}${Span}${Span}${Span}${Span}${Span}${Span}${Span}`
export type Span100 = `${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}`
export type Span1000 = `${Span100}${Span100}${Span100}${Span100}${Span100}${Span100}${Span100}${Span100}${Span100}${Span100}`
/** At least 101 UTF-16 units. */
export type Past100 = `${Span100}${Span}${string}`
/** At least 201 UTF-16 units. */
export type Past200 = `${Span100}${Span100}${Span}${string}`
