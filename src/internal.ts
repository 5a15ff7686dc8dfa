/**
 * The private internal entry (`slashkit/internal`): every export of the core
 * (wire, rules, builders, parse, locale, permissions), the public ones and the
 * helpers layers 6 and 7 (rest, emulator, cli, http, testing) share with it.
 * Those layers import the core only from here ('../internal.js'); the build maps
 * that import, and the root entry's, to this one module (tsup.config.ts), so the
 * core is loaded once and its classes are the same for every entry. Not API:
 * names here change without notice; programs import `slashkit`.
 *
 * @packageDocumentation
 * @internal
 */
export * from './wire/index.js'
export { GatewayOpcode, LimitedIntentFlag, PrivilegedIntent } from './wire/gateway.js'
export * from './rules/index.js'
export * from './builders/index.js'
export * from './parse/index.js'
export * from './locale/index.js'
export * from './permissions/index.js'
export { argumentError, assertFields, assertObject, kindOf, strayKeys } from './rules/arguments.js'
