/**
 * slashkit: define, validate, register and handle application commands (API v10).
 *
 * @packageDocumentation
 */
export * from './wire/index.js'
export * from './rules/index.js'
export * from './build/index.js'
export * from './parse/index.js'
export * from './locale/index.js'
export * from './permissions/index.js'
