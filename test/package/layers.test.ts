/**
 * The layers of DESIGN.md ("Layers"): imports only point downwards, and the core
 * (wire, rules, builders, parse, locale, permissions) imports nothing from Node. In
 * layer 6, rest and the emulator reach the core only through its private entry
 * (src/internal.ts, dist/internal.js in the build), rest imports nothing else,
 * and only the emulator's server names a Node module (the CLI is Node code). The
 * imports are read by test/package/imports.ts (its own test and the one against
 * circles are in test/package/circles.test.ts).
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, sourceFiles as files } from './imports.js'

const src = new URL('../../src/', import.meta.url).pathname
const LAYERS: Record<string, number> = { wire: 1, rules: 2, builders: 3, parse: 4, locale: 5, permissions: 5, rest: 6, emulator: 6, cli: 6, http: 7, testing: 7 }
const CORE = ['wire', 'rules', 'builders', 'parse', 'locale', 'permissions']

const imports = (file: string): string[] => importsOf(readFileSync(file, 'utf8'))

const layerOf = (file: string): string => relative(src, file).split('/')[0] as string

describe('layers (DESIGN.md "Layers")', () => {
  const all = files(src).filter((f) => relative(src, f).includes('/'))

  it('finds the source files it checks', () => {
    expect(all.length).toBeGreaterThan(10)
  })

  it.each(all.map((f) => [relative(src, f), f] as const))('%s imports only its own or lower layers', (_, file) => {
    const own = LAYERS[layerOf(file)]
    expect(own).toBeDefined()
    for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
      const target = layerOf(join(file, '..', spec))
      // src/internal.ts is the core's private entry: layer 5, the top of the core.
      if (target === 'internal.js' && (own as number) >= 6) continue
      // The CLI reads its version from package.json (data, not code), for `slashkit --version`.
      if (layerOf(file) === 'cli' && spec === '../../package.json') continue
      expect(LAYERS[target], `${relative(src, file)} imports ${spec}`).toBeDefined()
      expect(LAYERS[target] as number, `${relative(src, file)} imports ${spec} (a higher layer)`).toBeLessThanOrEqual(own as number)
    }
  })

  it.each(all.filter((f) => CORE.includes(layerOf(f))).map((f) => [relative(src, f), f] as const))('%s (core) imports nothing from Node or any package', (_, file) => {
    for (const spec of imports(file)) expect(spec.startsWith('.'), `${relative(src, file)} imports ${spec}`).toBe(true)
  })
})

describe('layer 6 (DESIGN.md "Layers" 6: rest, emulator, cli)', () => {
  const six = files(src).filter((f) => ['rest', 'emulator', 'cli'].includes(layerOf(f)))

  it('finds the files of the layer', () => {
    expect(six.some((f) => layerOf(f) === 'rest')).toBe(true)
    expect(six.some((f) => layerOf(f) === 'emulator')).toBe(true)
  })

  it.each(six.map((f) => [relative(src, f), f] as const))('%s reaches the core only through its private entry (src/internal.ts)', (_, file) => {
    // The build maps that one import to dist/internal.js (tsup.config.ts), the module
    // the root entry re-exports too, so the core is loaded once, whichever entries a
    // program imports.
    for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
      const target = relative(src, join(file, '..', spec))
      if (!target.includes('/')) expect(target, `${relative(src, file)} imports ${spec}`).toBe('internal.js')
      else expect(CORE.includes(layerOf(join(file, '..', spec))), `${relative(src, file)} imports ${spec} (a core file)`).toBe(false)
    }
  })

  it.each(files(join(src, 'rest')).map((f) => [relative(src, f), f] as const))('%s (rest) imports only the core and rest itself', (_, file) => {
    for (const spec of imports(file)) {
      expect(spec.startsWith('.'), `${relative(src, file)} imports ${spec}`).toBe(true)
      const target = relative(src, join(file, '..', spec))
      expect(target === 'internal.js' || target.startsWith('rest/'), `${relative(src, file)} imports ${spec}`).toBe(true)
    }
  })

  it.each(six.filter((f) => layerOf(f) !== 'cli').map((f) => [relative(src, f), f] as const))("%s names no Node module unless it is the emulator's server", (_, file) => {
    // Any mention counts, dynamic imports and specifiers held in variables too.
    const named = /['"`]node:[a-z_/]+['"`]/.test(readFileSync(file, 'utf8'))
    expect(named, relative(src, file)).toBe(relative(src, file) === 'emulator/server.ts')
    for (const spec of imports(file)) expect(spec.startsWith('.'), `${relative(src, file)} imports ${spec}`).toBe(true)
  })
})

describe('layer 7 (DESIGN.md "Layers" 7: http, testing)', () => {
  const seven = files(src).filter((f) => ['http', 'testing'].includes(layerOf(f)))

  it('finds the files of the layer', () => {
    expect(seven.some((f) => layerOf(f) === 'http')).toBe(true)
    expect(seven.some((f) => layerOf(f) === 'testing')).toBe(true)
  })

  it.each(seven.map((f) => [relative(src, f), f] as const))('%s reaches the core and the client only through their entries, and names Node only in serve.ts', (_, file) => {
    // The build maps '../internal.js' to dist/internal.js and '../rest/index.js' to dist/rest.js (tsup.config.ts).
    for (const spec of imports(file)) {
      expect(spec.startsWith('.'), `${relative(src, file)} imports ${spec}`).toBe(true)
      const target = relative(src, join(file, '..', spec))
      // Type-only imports of the emulator: serve.ts types node:http as the emulator's server does;
      // testing/connect.ts joins a handler to an emulator the test makes (no emulator code in slashkit/testing).
      const typeOnly = (module: string): boolean => new RegExp(`import type \\{[^}]*\\} from '\\.\\./emulator/${module}\\.js'`).test(readFileSync(file, 'utf8'))
      const allowed =
        target === 'internal.js' ||
        target === 'rest/index.js' ||
        target.startsWith('http/') ||
        target.startsWith('testing/') ||
        (target === 'emulator/server.js' && typeOnly('server')) ||
        (target === 'emulator/index.js' && typeOnly('index'))
      expect(allowed, `${relative(src, file)} imports ${spec}`).toBe(true)
    }
    const named = /['"`]node:[a-z_/]+['"`]/.test(readFileSync(file, 'utf8'))
    expect(named, relative(src, file)).toBe(relative(src, file) === 'http/serve.ts')
  })
})
