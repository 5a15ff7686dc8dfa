#!/usr/bin/env node
/**
 * Makes test/rules/issue-record.json (issue 29, fourth round): the issues that
 * today's `validateCommand` and `validateCommands` give, code, path and message in
 * order, on
 * - every input of test/rules/ that plain data can hold (recorded by a vitest run
 *   of those files with scripts/record-issues.setup.mjs; the fast-check files are
 *   left out, their inputs change from run to run);
 * - seeded mutations of issue 29's workload and of the bench fixture, each one to
 *   three edits of one command (a name too long, upper case, a duplicate name, a
 *   localized duplicate, a choice of the wrong type, a size just over 8,000, a
 *   missing field, a wrong type, an own `__proto__`, ...), run through both.
 * Deterministic. test/rules/issue-record.test.ts compares the rules with it.
 *
 *   node scripts/record-issues.mjs
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { startVitest } from 'vitest/node'
import { mulberry32, makeCommandSet } from '../bench/fixture.mjs'
import { applyEdits, decode, encode, recordOf } from '../bench/issue-record.mjs'
import { makeWorkload } from '../bench/workload.mjs'

const root = new URL('..', import.meta.url).pathname
const tmp = mkdtempSync(join(tmpdir(), 'record-issues-'))
const out = join(tmp, 'inputs.jsonl')
process.env.RECORD_ISSUES_OUT = out
writeFileSync(out, '')
const vitest = await startVitest('test', [], {
  root,
  run: true,
  config: false,
  include: ['test/rules/*.test.ts'],
  exclude: ['test/rules/{bounds,differential,lobbies-openapi,lobbies,name-filters,properties,issue-record}.test.ts'],
  setupFiles: ['scripts/record-issues.setup.mjs'],
  reporters: ['dot'],
})
await vitest?.close()

const lib = join(tmp, 'slashkit.mjs')
await build({
  stdin: { contents: "export { validateCommand, validateCommands } from './src/index.ts'\nexport { commandSize } from './src/rules/index.ts'", resolveDir: root, loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  outfile: lib,
  logLevel: 'error',
})
const { validateCommand, validateCommands, commandSize } = await import(pathToFileURL(lib).href)
const run = (fn, input, options) => recordOf(fn === 'one' ? validateCommand(input, options) : validateCommands(input, options))

// The tests' inputs, each once, in a stable order.
const lines = [...new Set(readFileSync(out, 'utf8').split('\n').filter(Boolean))].sort()
rmSync(tmp, { recursive: true, force: true })
const cases = lines.map((line) => {
  const { fn, input, options } = JSON.parse(line)
  return { fn, input, options, issues: run(fn, decode(input), options) }
})

// ---------------------------------------------------------------- mutations

/** Every object of a command the rules walk, with its path and kind. */
function nodesOf(command) {
  const nodes = [{ path: [], kind: 'command', node: command, siblings: undefined }]
  const options = (holder, path) => {
    const list = holder.options
    if (!Array.isArray(list)) return
    list.forEach((o, i) => {
      const p = [...path, 'options', i]
      nodes.push({ path: p, kind: 'option', node: o, siblings: list })
      options(o, p)
      if (Array.isArray(o.choices))
        o.choices.forEach((ch, j) => {
          nodes.push({ path: [...p, 'choices', j], kind: 'choice', node: ch, siblings: o.choices })
        })
    })
  }
  options(command, [])
  return nodes
}

const MUTATIONS = [
  'long',
  'upper',
  'duplicate',
  'localized-duplicate',
  'choice-type',
  'size',
  'missing',
  'wrong-type',
  'proto',
  'locale',
  'set-duplicate',
  'astral',
  'long-localized',
  'description',
]

/** One to three edits of one command of `set`, or undefined when the mutation drawn does not apply. */
function mutate(set, next) {
  const int = (n) => Math.floor(next() * n)
  const pick = (list) => list[int(list.length)]
  const index = int(set.length)
  const command = set[index]
  const edits = []
  const count = 1 + (next() < 0.3 ? int(3) : 0)
  for (let e = 0; e < count; e++) {
    const what = pick(MUTATIONS)
    const nodes = nodesOf(command)
    const { path, kind, node, siblings } = pick(nodes)
    const chat = command.type === undefined || command.type === 1
    const at = (...tail) => [...path, ...tail]
    switch (what) {
      case 'long':
        edits.push({ path: at('name'), value: (kind === 'choice' ? 'y' : 'x').repeat(kind === 'choice' ? 101 : 33) })
        break
      case 'upper':
        if (typeof node.name === 'string') edits.push({ path: at('name'), value: node.name.slice(0, 1).toUpperCase() + node.name.slice(1) })
        break
      case 'duplicate': {
        const other = siblings && pick(siblings)
        if (other && other !== node && typeof other.name === 'string') edits.push({ path: at('name'), value: other.name })
        break
      }
      case 'localized-duplicate': {
        const localized = nodes.filter((n) => n.kind === 'option' && n.node.name_localizations && n.siblings.length > 1)
        if (localized.length === 0) break
        const one = pick(localized)
        const other = pick(one.siblings)
        const locale = pick(Object.keys(one.node.name_localizations))
        const value = next() < 0.5 ? other.name : other.name_localizations?.[locale]
        if (other !== one.node && typeof value === 'string') edits.push({ path: [...one.path, 'name_localizations', locale], value })
        break
      }
      case 'choice-type':
        if (kind === 'choice') edits.push({ path: at('value'), value: typeof node.value === 'number' ? String(node.value) : node.value.length })
        break
      case 'size': {
        if (!chat) break
        // Descriptions, then choice names, lengthened to 100; the last one to reach 8,001 exactly.
        const copy = structuredClone(command)
        const grow = nodesOf(copy)
        grow.sort((a, b) => (a.kind === 'choice' ? 1 : 0) - (b.kind === 'choice' ? 1 : 0))
        let size = commandSize(copy)
        for (const n of grow) {
          if (size > 8000) break
          const key = n.kind === 'choice' ? 'name' : 'description'
          const before = size
          n.node[key] = 'd'.repeat(100)
          size = commandSize(copy)
          if (size > 8001) n.node[key] = 'd'.repeat(100 - (size - 8001))
          size = commandSize(copy)
          if (size !== before) edits.push({ path: [...n.path, key], value: n.node[key] })
        }
        // Then choices of 100 characters added to the options that have some.
        for (const n of grow) {
          const list = n.node.choices
          while (size <= 8000 && n.kind === 'option' && Array.isArray(list) && list.length < 25) {
            const choice = { name: 'd'.repeat(100), value: typeof list[0]?.value === 'string' ? 'v' : 1 }
            list.push(choice)
            size = commandSize(copy)
            if (size > 8001) choice.name = 'd'.repeat(100 - (size - 8001))
            size = commandSize(copy)
            edits.push({ path: [...n.path, 'choices', list.length - 1], value: choice })
          }
        }
        break
      }
      case 'missing':
        edits.push({ path: at(pick(kind === 'choice' ? ['name', 'value'] : kind === 'option' ? ['name', 'description', 'type'] : ['name', 'description'])), remove: true })
        break
      case 'wrong-type': {
        const [key, value] = pick([
          ['name', 42],
          ['options', {}],
          ['required', 'yes'],
          ['choices', 'x'],
          ['name_localizations', []],
          ['description', null],
          ['type', 99],
          ['min_value', 'x'],
          ['max_length', 1.5],
        ])
        edits.push({ path: at(key), value })
        break
      }
      case 'proto':
        edits.push({ path: at('__proto__'), value: pick([{}, 'x', { polluted: true }]) })
        break
      case 'locale':
        edits.push({ path: at('name_localizations', pick(['xx', 'en', 'toString', '__proto__'])), value: 'abc' })
        break
      case 'set-duplicate': {
        const other = pick(set)
        if (other !== command && typeof other.name === 'string') edits.push({ path: ['name'], value: other.name })
        break
      }
      case 'astral':
        edits.push({ path: at(kind === 'choice' ? 'name' : 'description'), value: '\u{1d49c}'.repeat(kind === 'choice' ? 100 + int(2) : 99 + int(3)) })
        break
      case 'long-localized': {
        const locales = node.description_localizations ? Object.keys(node.description_localizations) : []
        if (locales.length > 0) edits.push({ path: at('description_localizations', pick(locales)), value: 'l'.repeat(101) })
        break
      }
      case 'description':
        if (!chat && kind === 'command') edits.push({ path: ['description'], value: 'A description' })
        else edits.push({ path: at('description'), value: '' })
        break
    }
  }
  return edits.length > 0 ? { index, edits: edits.map((e) => ('value' in e ? { path: e.path, value: encode(e.value) } : e)) } : undefined
}

const mutations = []
for (const [base, set, seed, count] of [
  ['workload', makeWorkload(), 0x2901, 200],
  ['fixture', makeCommandSet(), 0x2902, 120],
]) {
  const next = mulberry32(seed)
  while (mutations.filter((m) => m.base === base).length < count) {
    const m = mutate(set, next)
    if (m === undefined) continue
    const copy = applyEdits(set, m.index, m.edits)
    mutations.push({ base, ...m, one: run('one', copy[m.index]), set: run('set', copy) })
  }
}

const file = join(root, 'test/rules/issue-record.json')
writeFileSync(file, `${JSON.stringify({ note: 'Made by node scripts/record-issues.mjs: do not edit.', cases, mutations })}\n`)
// In the house format, so that `biome check .` passes over it.
execFileSync('npx', ['biome', 'format', '--write', file], { cwd: root, stdio: 'ignore' })
const issues = cases.reduce((n, c) => n + c.issues.length, 0) + mutations.reduce((n, m) => n + m.one.length + m.set.length, 0)
console.log(`${cases.length} inputs of test/rules/, ${mutations.length} mutations, ${issues} issues -> ${file}`)
