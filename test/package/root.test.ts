/**
 * The root entry exports what programs call (issue 17, "The root entry exports
 * what users call; layer 6 reaches internals through a private entry the build
 * maps like the root"): DESIGN.md's public API, what README.md and docs/ name,
 * the wire shapes and enums, and the builder types. The helpers layers 6 and 7
 * share with the core are in the private entry `slashkit/internal`
 * (src/internal.ts), which the root re-exports from, so the core is one module:
 * a value of the root is the same object as the internal entry's, in the source,
 * in the ESM build and in the CJS build. The built-package half runs against dist/
 * (built by `npm test` before vitest).
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import * as root from '../../src/index.js'
import * as internal from '../../src/internal.js'

const require = createRequire(import.meta.url)
const repo = new URL('../../', import.meta.url).pathname

/** A sample of the core's internals that the root exported before issue 17. */
const INTERNALS = [
  'OPTION_CAPABILITIES',
  'OptionCapability',
  'codePoints',
  'commandSize',
  'chatNamePattern',
  'isSnowflake',
  'formatPath',
  'serializePermissions',
  'toBits',
  'canonicalId',
  'isLocale',
  'LOCALE_HEADER',
  'CALLBACKS_FOR',
  'MESSAGE_CONTENT_MAX',
  'EPHEMERAL',
] as const

/** Names a module exports, types included, as the compiler sees them. */
function exportNames(program: ts.Program, file: string): Set<string> {
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(join(repo, file))
  const symbol = source && checker.getSymbolAtLocation(source)
  if (!symbol) throw new Error(`no module symbol for ${file}`)
  return new Set(checker.getExportsOfModule(symbol).map((s) => s.name))
}

/** Identifiers README.md and docs/*.md name: in `code spans` and in fenced code blocks (not docs/internals.md, which is about the internals). */
function documentedNames(): Set<string> {
  const texts = [
    'README.md',
    ...readdirSync(join(repo, 'docs'))
      .filter((f) => f.endsWith('.md') && f !== 'internals.md')
      .map((f) => `docs/${f}`),
  ].map((f) => readFileSync(join(repo, f), 'utf8'))
  const names = new Set<string>()
  for (const text of texts) {
    const code = [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g), ...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string)
    for (const chunk of code) for (const m of chunk.matchAll(/[A-Za-z_$][\w$]*/g)) names.add(m[0])
  }
  return names
}

describe('the root entry (src/index.ts) and the private entry (src/internal.ts)', () => {
  it('the root no longer exports the sample of internals; the private entry does', () => {
    for (const name of INTERNALS) {
      expect(name in root, name).toBe(false)
      expect(name in internal, name).toBe(true)
    }
  })

  it("every value of the root is the private entry's own (one core)", () => {
    const values = Object.keys(root)
    expect(values.length).toBeGreaterThan(60)
    for (const name of values) expect((root as Record<string, unknown>)[name], name).toBe((internal as Record<string, unknown>)[name])
  })

  it('keeps DESIGN.md\'s public API ("Who uses it", "Contract")', () => {
    for (const name of [
      'slash',
      'user',
      'message',
      'entryPoint',
      'option',
      'choice',
      'commands',
      'validateCommand',
      'validateCommands',
      'ValidationError',
      'parse',
      'safeParse',
      'parseAutocomplete',
      'InteractionError',
      'fromJSON',
      'router',
    ])
      expect(typeof (root as Record<string, unknown>)[name], name).not.toBe('undefined')
  })

  it('exports, types included, every name of the core that README.md or docs/ show in code (or slashkit/testing does)', { timeout: 60_000 }, () => {
    const program = ts.createProgram([join(repo, 'src/index.ts'), join(repo, 'src/internal.ts'), join(repo, 'src/testing/index.ts')], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      types: [],
    })
    const publicNames = exportNames(program, 'src/index.ts')
    const all = exportNames(program, 'src/internal.ts')
    for (const name of publicNames) expect(all.has(name), `${name} is exported by the root but not by the private entry`).toBe(true)
    const documented = [...documentedNames()].filter((name) => all.has(name))
    expect(documented.length).toBeGreaterThan(50)
    // What tests of a bot need is in slashkit/testing, out of the root (DESIGN.md "Layers" 7).
    const testing = exportNames(program, 'src/testing/index.ts')
    expect(documented.filter((name) => !publicNames.has(name) && !testing.has(name))).toEqual([])
    expect(publicNames.has('fakeInteraction')).toBe(false)
    // Types the root keeps: what `toJSON`, `parse` and the builders return.
    for (const name of ['Issue', 'IssueCode', 'CommandJSON', 'SlashCommand', 'StringOption', 'InferResult', 'BuiltChatInputJSON', 'Locale'])
      expect(publicNames.has(name), name).toBe(true)
    for (const name of ['CheckSet', 'FakeUser', 'MessageBodyKind', 'ParseSettings', 'HeaderSource']) {
      expect(publicNames.has(name), name).toBe(false)
      expect(all.has(name), name).toBe(true)
    }
  })
})

describe('the built entries: slashkit re-exports slashkit/internal, which holds the core once', () => {
  /** The root's values are the private entry's objects; the sample of internals is only there. */
  const oneCore = (outer: Record<string, unknown>, inner: Record<string, unknown>): void => {
    for (const name of ['ValidationError', 'InteractionError', 'slash', 'option', 'parse']) expect(outer[name], name).toBe(inner[name])
    expect(outer.ValidationError).toBeTypeOf('function')
    for (const name of INTERNALS) {
      expect(name in outer, name).toBe(false)
      expect(name in inner, name).toBe(true)
    }
  }

  it('ESM: the same objects from both entries, the internals only in slashkit/internal', async () => {
    oneCore(await import('slashkit'), await import('slashkit/internal'))
  })

  it('CJS: the same, through require', () => {
    oneCore(require('slashkit') as Record<string, unknown>, require('slashkit/internal') as Record<string, unknown>)
  })

  it('the root files define no code of the core: they load the sibling files of the core (tsup.config.ts)', () => {
    for (const [file, sibling] of [
      ['dist/index.js', './internal.js'],
      ['dist/index.cjs', './internal-base.cjs'],
      ['dist/internal.cjs', './internal-base.cjs'],
    ] as const) {
      const text = readFileSync(join(repo, file), 'utf8')
      // Either quote: the shipped files are minified (scripts/slim-dist.mjs), which prints double quotes.
      expect(text, file).toMatch(new RegExp(`(['"])${sibling.replaceAll('.', '\\.')}\\1`))
      expect(text, file).not.toMatch(/\bValidationError\s*=\s*class\b/)
    }
    expect(readFileSync(join(repo, 'dist/internal.js'), 'utf8')).toMatch(/\bValidationError\s*=\s*class\b/)
    expect(readFileSync(join(repo, 'dist/internal-base.cjs'), 'utf8')).toMatch(/\bValidationError\s*=\s*class\b/)
  })

  it("CJS: require('slashkit') loads no area of the core; each loads on the first read of one of its names (issue 29)", () => {
    const program = `
      const seen = () => Object.keys(require.cache).map((f) => require('path').basename(f)).filter((f) => f.startsWith('internal')).sort().join(' ')
      const root = require('./dist/index.cjs')
      const out = [seen()]
      root.slash('ping', 'Pong').toJSON()
      out.push(seen())
      out.push(typeof root.parse, seen())
      out.push(typeof root.validateInteractionResponse, typeof root.validateLobby, typeof root.localizeAll, typeof root.permissions, seen())
      const internal = require('./dist/internal.cjs')
      out.push(String(Object.keys(root).every((k) => root[k] === internal[k])), String(Object.keys(internal).length))
      process.stdout.write(JSON.stringify(out))`
    const out = JSON.parse(execFileSync(process.execPath, ['-e', program], { cwd: repo, encoding: 'utf8' })) as string[]
    // The commands' area (wire, rules, builders) on the first builder; parse/ reads the
    // messages' area only when it reads a custom_id (the next test).
    expect(out.slice(0, 4)).toEqual(['', 'internal-base.cjs', 'function', 'internal-base.cjs internal-parse.cjs'])
    expect(out[8]).toBe('internal-base.cjs internal-lobbies.cjs internal-locale.cjs internal-messages.cjs internal-parse.cjs internal-permissions.cjs')
    expect(out[9]).toBe('true')
    expect(Number(out[10])).toBeGreaterThan(100)
  })

  it("CJS: parse/ loads the messages' area when it first reads a custom_id, and routes by it then (tsup.config.ts, lazyAreas)", () => {
    const program = `
      const seen = () => Object.keys(require.cache).map((f) => require('path').basename(f)).filter((f) => f.startsWith('internal-')).sort().join(' ')
      const root = require('./dist/index.cjs')
      const ping = root.slash('ping', 'Pong').options(root.option.string('x', 'y').required())
      const hit = root.parse(ping, { type: 2, id: '1', application_id: '2', token: 't', version: 1, data: { id: '3', name: 'ping', type: 1, options: [{ name: 'x', type: 3, value: 'hi' }] } })
      const out = [hit.options.x, seen()]
      out.push(JSON.stringify(root.matchCustomId([], 'vote:yes')), seen())
      const vote = root.route('vote', { choice: root.param.oneOf('yes', 'no') })
      const match = root.matchCustomId([vote], vote.id({ choice: 'no' }))
      out.push(String(match.ok && match.route === vote && match.values.choice))
      process.stdout.write(JSON.stringify(out))`
    const out = JSON.parse(execFileSync(process.execPath, ['-e', program], { cwd: repo, encoding: 'utf8' })) as string[]
    expect(out).toEqual(['hi', 'internal-base.cjs internal-parse.cjs', '{"ok":false,"reason":"unknown"}', 'internal-base.cjs internal-messages.cjs internal-parse.cjs', 'no'])
  })

  it('CJS: a bundler of the CJS build finds every area file (each is loaded by a literal require)', async () => {
    const out = await build({
      stdin: { contents: "const s = require('./dist/index.cjs'); console.log(typeof s.parse, typeof s.localizeAll, s.slash('ping', 'Pong').toJSON().name)", resolveDir: repo },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
      logLevel: 'silent',
    })
    // Run where no dist/ is: every file the entry loads must be in the bundle.
    const text = execFileSync(process.execPath, ['-'], { input: out.outputFiles[0]?.text ?? '', cwd: tmpdir(), encoding: 'utf8' })
    expect(text.trim()).toBe('function function ping')
  })
})
