/**
 * Loaded by scripts/record-issues.mjs into a vitest run of test/rules/: every
 * input the tests give `validateCommand` and `validateCommands` that plain data
 * can hold (no getter, proxy, class instance, cycle, symbol; at most 4,000
 * characters encoded) is appended to the file RECORD_ISSUES_OUT names.
 */
import { appendFileSync } from 'node:fs'
import { types } from 'node:util'
import { vi } from 'vitest'
import { encode } from '../bench/issue-record.mjs'

const out = process.env.RECORD_ISSUES_OUT

/** Whether `v` is plain data `encode` keeps as it is. */
function plain(v, depth = 0) {
  if (depth > 40) return false
  if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') return false
  if (typeof v !== 'object' || v === null) return true
  if (types.isProxy(v)) return false
  const proto = Object.getPrototypeOf(v)
  if (proto !== (Array.isArray(v) ? Array.prototype : Object.prototype) && proto !== null) return false
  if (Object.getOwnPropertySymbols(v).length > 0) return false
  const descriptors = Object.getOwnPropertyDescriptors(v)
  for (const k of Object.keys(descriptors)) {
    const d = descriptors[k]
    if (Array.isArray(v) && k === 'length') continue
    if (!('value' in d) || !d.enumerable || !plain(d.value, depth + 1)) return false
  }
  return !Array.isArray(v) || Object.keys(v).length === v.length
}

function record(fn, json, options) {
  if (out === undefined || !plain(json) || (options !== undefined && !plain(options))) return
  const line = JSON.stringify({ fn, input: encode(json), options: { scope: options?.scope, fetched: options?.fetched } })
  if (line.length <= 4_000) appendFileSync(out, `${line}\n`)
}

vi.mock('../src/rules/validate.ts', async (importOriginal) => {
  const m = await importOriginal()
  return {
    ...m,
    validateCommand: (json, options) => (record('one', json, options), m.validateCommand(json, options)),
    validateCommands: (json, options) => (record('set', json, options), m.validateCommands(json, options)),
  }
})
