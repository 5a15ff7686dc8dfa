import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chmod, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build as esbuild, type Metafile } from 'esbuild'
import { defineConfig } from 'tsup'

type Resolved = { path: string; external: boolean } | undefined
type PluginBuild = {
  initialOptions: { outExtension?: Record<string, string> }
  onResolve(options: { filter: RegExp }, callback: (args: { importer: string }) => Resolved): void
}

/**
 * The core is one module in the build: `dist/internal.js` (src/internal.ts, the
 * private entry `slashkit/internal`). The root entry re-exports its public names
 * from it, and `slashkit/rest`, `slashkit/emulator`, `slashkit/http`,
 * `slashkit/testing` and the CLI reach the core through it only
 * (test/package/layers.test.ts): those imports become an import of the sibling
 * file `./internal.js` (`./internal.cjs` in the CJS build), so the core is loaded
 * once and its classes (`ValidationError`, the builders) are the same for every
 * entry. The same for the entries a layer reaches above the core: `slashkit/http`
 * and the CLI load the REST client from `./rest.js`, the CLI the emulator from
 * `./emulator.js`, instead of bundling a second copy.
 *
 * A sibling path, not the package's own name (`slashkit/internal`): Node resolves
 * a relative file without reading package.json's `exports`, which took 1.6 ms of
 * `require('slashkit')` (bench/startup.mjs, in-process CPU time, 11.05 -> 9.40 ms).
 * Files one folder deeper (src/emulator/invoke/) import it as '../../internal.js'.
 */
const entriesAsSiblings = {
  name: 'entries-as-siblings',
  setup(build: PluginBuild) {
    // tsup bundles both builds as ESM (then Rollup makes the CJS one); the output
    // extension tells them apart: '.cjs' for the CJS build of this type-module package.
    const ext = build.initialOptions.outExtension?.['.js'] ?? '.js'
    const sibling = (name: string): Resolved => ({ path: `./${name}${ext}`, external: true })
    const upper = /[/\\]src[/\\](rest|emulator|cli|http|testing)[/\\]/
    build.onResolve({ filter: /^\.\/internal\.js$/ }, (args) => (/[/\\]src[/\\]index\.ts$/.test(args.importer) ? sibling('internal') : undefined))
    build.onResolve({ filter: /^(\.\.\/)+(index|internal)\.js$/ }, (args) => (upper.test(args.importer) ? sibling('internal') : undefined))
    build.onResolve({ filter: /^\.\.\/rest\/index\.js$/ }, (args) => (/[/\\]src[/\\](http|cli)[/\\]/.test(args.importer) ? sibling('rest') : undefined))
    build.onResolve({ filter: /^\.\.\/emulator\/index\.js$/ }, (args) => (/[/\\]src[/\\]cli[/\\]/.test(args.importer) ? sibling('emulator') : undefined))
  },
}

/**
 * Internal property names renamed in the build to one letter each, the longest
 * that every bundle of one command writes out at each read and write:
 * - the builder chain's fields (src/builders/state.ts, `Builder`: `'~parent'`,
 *   `'~op'`, `'~key'`, `'~a'`, `'~b'`, 19 reads and writes, `o["~parent"]`);
 * - what one walk of the command rules passes between its checks (src/rules/walk.ts,
 *   `Walk`: `exact`, `dictMet`, `metName`, `metRequired`, `metDict`). These are
 *   plain names, so no file outside src/rules/ may use them as a property
 *   (`checkWalkNames`): it would be renamed too.
 * The letters are fixed here, not chosen by esbuild, so that every build (the ESM
 * core, the CJS areas, the CLI) agrees: a builder or a walk made by one file is read
 * by another. They are upper case: no builder or walk has another property of one
 * upper-case letter (their methods and other fields are lower case). The
 * declarations keep the long names (`@internal` on the builder's fields).
 * Measured (bench/size.mjs, from the built package): see docs/internals.md,
 * "Ledger of performance tricks".
 */
const MANGLED_PROPS = {
  '~parent': 'P',
  '~op': 'O',
  '~key': 'K',
  '~a': 'A',
  '~b': 'B',
  exact: 'E',
  dictMet: 'D',
  metName: 'N',
  metRequired: 'R',
  metDict: 'M',
} as const
const WALK_NAMES = ['exact', 'dictMet', 'metName', 'metRequired', 'metDict'] as const
const mangle = {
  mangleProps: new RegExp(`^(${Object.keys(MANGLED_PROPS).join('|')})$`),
  mangleQuoted: true,
  mangleCache: { ...MANGLED_PROPS },
}

/** Throws if a file of the build still holds one of the names `mangle` renames, as a quoted name or a property read. */
async function checkMangled(file: string): Promise<void> {
  const code = await readFile(file, 'utf8')
  const left = Object.keys(MANGLED_PROPS).find((name) => code.includes(`"${name}"`) || code.includes(`'${name}'`) || new RegExp(`\\.${name}\\b(?!\\()`).test(code))
  if (left !== undefined) throw new Error(`tsup.config.ts: ${file} still names the property ${left} (see MANGLED_PROPS)`)
}

/** Throws if a source file outside src/rules/ uses one of the walk's names as a property: the build would rename it. */
function checkWalkNames(): void {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))
  const names = WALK_NAMES.join('|')
  const property = new RegExp(`\\.(${names})\\b|\\b(${names})\\??\\s*:|['"](${names})['"]`)
  for (const file of walk(resolve('src')).filter((f) => !f.startsWith(resolve('src', 'rules')))) {
    const hit = readFileSync(file, 'utf8')
      .split('\n')
      .find((line) => !/^\s*(\*|\/\/)/.test(line) && property.test(line))
    if (hit !== undefined) throw new Error(`tsup.config.ts: ${relative(resolve('.'), file)} uses a name the build renames (MANGLED_PROPS): ${hit.trim()}`)
  }
}

/**
 * The CLI is an executable, not an entry to import: one ESM file (package.json's
 * `bin`), no CJS twin and no declarations, built after the entries it loads.
 */
async function buildCli(): Promise<void> {
  await esbuild({
    entryPoints: ['src/cli/bin.ts'],
    outfile: 'dist/cli.js',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    packages: 'external',
    plugins: [entriesAsSiblings],
    logLevel: 'warning',
    ...mangle,
  })
  await chmod('dist/cli.js', 0o755)
}

/**
 * The CJS core, loaded by area (issue 29, "the root entry loads only the core"):
 * `require('slashkit')` compiled the whole core (215 KB) before a program could
 * call `slash`. In the CJS build, dist/internal-base.cjs holds layers 1 to 3
 * (wire, the command rules, the command builders: what defining and validating
 * commands needs, 67 KB) and each area above is a file of its own, loaded the first
 * time one of its names is read: dist/internal-parse.cjs, internal-locale.cjs,
 * internal-permissions.cjs, internal-messages.cjs (the rules and builders of
 * messages, components and custom_id routes) and internal-lobbies.cjs.
 * dist/index.cjs and dist/internal.cjs (written over tsup's) export every name as a
 * getter that loads its area's file on the first read (the base's too: the require
 * itself loads no code of the core, and a program pays for an area when it first
 * reads one of its names), then the name becomes a plain value. Each file is
 * loaded by a literal `require`, so a bundler of the CJS build finds them all. Measured (bench/startup.mjs --against the build
 * before, 20 interleaved rounds at a load of 10 to 16, with plainExports below):
 * the require alone 7.9 -> 2.5 ms of CPU; the require and one command defined and
 * built 9.4 -> 7.9 ms.
 * Every module is in exactly one file, so its state and classes are one; a file
 * reaches another area's names through that area's file (`require('./internal-base.cjs')`).
 * The ESM build keeps the core in one module (dist/internal.js): an ES module's
 * imports all load before it runs, so splitting it would save nothing, and
 * bundlers tree-shake it. Measured (bench/startup.mjs --against the single file,
 * 40 interleaved rounds, CPU time of the require alone): 10.1 -> 8.4 ms and
 * 11.5 -> 8.4 ms in two runs at load 10 to 12.
 */
const LAZY_AREAS = ['parse', 'locale', 'permissions', 'messages', 'lobbies'] as const
type Area = 'base' | (typeof LAZY_AREAS)[number]

/**
 * The area of a source file of the core, by its path under src/ (undefined outside
 * the core): the folders above the builders are an area each; so are the rules and
 * builders of messages, components and custom_id routes (issue 30) with their
 * limits, and the lobby rules, which no command rule or builder imports.
 */
function areaOf(file: string): Area | undefined {
  // An import names the .js file of a .ts source.
  const path = relative(resolve('src'), file).replaceAll('\\', '/').replace(/\.js$/, '.ts')
  if (/^rules\/(components|embeds|message-body|message-edit|message-fields|message-limits|callbacks)\.ts$|^builders\/(messages|custom-id)\//.test(path)) return 'messages'
  if (path === 'rules/lobbies.ts') return 'lobbies'
  const top = path.split('/')[0] ?? ''
  if (['wire', 'rules', 'builders'].includes(top)) return 'base'
  return (LAZY_AREAS as readonly string[]).includes(top) ? (top as Area) : undefined
}

/** The source files of an area (the barrels, index.ts, left out: each file is exported on its own). */
function filesOf(area: Area): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') && e.name !== 'index.ts' ? [join(dir, e.name)] : [],
    )
  return ['wire', 'rules', 'builders', 'parse', 'locale', 'permissions'].flatMap((top) => walk(resolve('src', top))).filter((f) => areaOf(f) === area)
}

/**
 * esbuild's CJS output with plain exports: one object literal of the names set
 * as `module.exports` at the end of the file, instead of a getter per name made
 * at the top (`__export`, then `__toCommonJS` copying each getter again). The
 * names are the same; a read of one is a property read, not two getter calls.
 * One literal, not a store per name (`exports.name = value;`): the base's 222
 * stores took 0.47 to 0.56 ms of its load, the literal 0.21 to 0.25 ms (CPU
 * time around the statement, three runs each). An area reads another's names at
 * the time of use (`import_walk.name`), and no area's file requires one
 * that requires it back (buildCjsCore checks), so no name is read before it is set.
 * Measured (CPU time of `require('slashkit')` alone, the root loading the base
 * then, 40 interleaved rounds at a load of 16): 8.56 -> 8.18 ms; the real work of
 * requiring and building one command 9.79 -> 8.04 ms (30 rounds).
 */
function plainExports(code: string, file: string): string {
  const block = /^var (\w+_exports) = \{\};\n__export\(\1, \{\n([\s\S]*?)\n\}\);\nmodule\.exports = __toCommonJS\(\1\);\n/m.exec(code)
  const prelude = /^var __defProp = [\s\S]*?\nvar __toCommonJS = .*\n/.exec(code)
  if (block === null || prelude === null || prelude.index !== 0) throw new Error(`tsup.config.ts: ${file} is not esbuild's CJS output as plainExports knows it`)
  const lines = (block[2] ?? '').split('\n')
  const pairs = lines.map((line) => /^ {2}([A-Za-z_$][\w$]*): \(\) => ([A-Za-z_$][\w$.]*),?$/.exec(line))
  if (pairs.some((p) => p === null)) throw new Error(`tsup.config.ts: ${file} exports a name plainExports cannot read`)
  const rest = code.slice(prelude[0].length).replace(block[0], '')
  if (/\b__(defProp|getOwnPropDesc|getOwnPropNames|hasOwnProp|export|copyProps|toCommonJS)\b/.test(rest))
    throw new Error(`tsup.config.ts: ${file} uses an esbuild helper plainExports removes`)
  return `${rest}module.exports = {\n${pairs.map((p) => (p?.[1] === p?.[2] ? `  ${p?.[1]},` : `  ${p?.[1]}: ${p?.[2]},`)).join('\n')}\n};\n`
}

/**
 * An area above the base that another reads is loaded on the first read of one
 * of its names, not with its reader: `import_codec = require("./internal-messages.cjs")`
 * becomes a function that requires the file once, and `import_codec.SEPARATOR`
 * its call, `import_codec().SEPARATOR`. The parse area reads one constant of the
 * messages' (the custom_id separator, when a component interaction comes): a bot
 * that only parses commands no longer compiles the rules and builders of messages
 * (internal-messages.cjs, 74 KB). Measured (CPU time of the require, one
 * `parse(...)` of a command interaction, 30 interleaved rounds): see
 * docs/internals.md, "Ledger of performance tricks". The base is required as it
 * is: every area reads it at once.
 */
function lazyAreas(code: string, file: string): string {
  if (/\blazyArea\b/.test(code)) throw new Error(`tsup.config.ts: ${file} already has a name lazyAreas adds (lazyArea)`)
  let out = code
  for (const r of code.matchAll(/\b(import_[\w$]+) = require\("\.\/internal-(\w+)\.cjs"\)/g)) {
    const [whole, name, area] = r as unknown as [string, string, string]
    if (area === 'base') continue
    out = out.replace(whole, `${name} = lazyArea(() => require("./internal-${area}.cjs"))`)
    out = out.replace(new RegExp(`\\b${name.replaceAll('$', '\\$')}\\.`, 'g'), `${name}().`)
    if (new RegExp(`\\b${name.replaceAll('$', '\\$')}\\b(?!\\(| = lazyArea)`).test(out)) throw new Error(`tsup.config.ts: ${file} uses ${name} other than by reading a name of it`)
  }
  return out === code ? code : `var lazyArea = (load) => {\n  let area;\n  return () => area ??= load();\n};\n${out}`
}

/** Builds dist/internal-AREA.cjs: every export of the area's files; another area's modules become a require of its file. */
async function buildArea(area: Area): Promise<Map<Area, Set<string>>> {
  const outfile = `dist/internal-${area}.cjs`
  const result = await esbuild({
    stdin: {
      contents: filesOf(area)
        .map((f) => `export * from './${relative(resolve('src'), f).replaceAll('\\', '/')}'`)
        .join('\n'),
      resolveDir: resolve('src'),
      loader: 'ts',
      sourcefile: `internal-${area}.ts`,
    },
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    target: 'es2022',
    minifySyntax: true,
    ...mangle,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'areas-as-siblings',
        setup(build) {
          build.onResolve({ filter: /^\./ }, (args) => {
            const target = areaOf(resolve(dirname(args.importer), args.path))
            return target === undefined || target === area || args.importer === '' ? undefined : { path: `./internal-${target}.cjs`, external: true }
          })
        },
      },
    ],
  })
  if ((result.metafile as Metafile).outputs[outfile] === undefined) throw new Error(`tsup.config.ts: esbuild wrote no ${outfile}`)
  const code = lazyAreas(plainExports(await readFile(outfile, 'utf8'), outfile), outfile)
  await writeFile(outfile, code)
  // Which names of other areas this one reads: `import_walk.walkThing` in esbuild's CJS
  // output, after `import_walk = require("./internal-base.cjs")` (`import_codec().SEPARATOR`
  // for an area loaded lazily, see lazyAreas).
  const uses = new Map<Area, Set<string>>()
  for (const r of code.matchAll(/\b(import_[\w$]+) = (?:lazyArea\(\(\) => )?require\("\.\/internal-(\w+)\.cjs"\)/g)) {
    const other = r[2] as Area
    if (!uses.has(other)) uses.set(other, new Set())
    for (const m of code.matchAll(new RegExp(`\\b${(r[1] as string).replaceAll('$', '\\$')}(?:\\(\\))?\\.([A-Za-z_$][\\w$]*)`, 'g'))) uses.get(other)?.add(m[1] as string)
  }
  return uses
}

/**
 * Writes the CJS core by area (see LAZY_AREAS) and dist/internal.cjs over tsup's:
 * each area's names as getters that load its file once (then the name is a plain
 * value). The names are those of the ESM build's dist/internal.js, so both builds
 * export the same.
 */
async function buildCjsCore(): Promise<void> {
  const all = ['base', ...LAZY_AREAS] as const
  const built = await Promise.all(all.map(buildArea))
  // The names each file exports, as Node sees them (a CJS metafile lists none), once all are written.
  const load = createRequire(resolve('package.json'))
  const areas = new Map(all.map((area, i) => [area, { uses: built[i] as Map<Area, Set<string>>, exports: Object.keys(load(resolve(`dist/internal-${area}.cjs`)) as object) }]))
  // The base loads no area above it: otherwise nothing would be put off.
  if ((await readFile('dist/internal-base.cjs', 'utf8')).includes('require("./internal-')) throw new Error('tsup.config.ts: internal-base.cjs requires an area above it')
  // No area's file requires one that requires it back, through any chain: each sets its
  // names at its end (plainExports), so a file in a cycle would be read half-loaded.
  const cycle = (area: Area, path: Area[]): Area[] | undefined => {
    if (path.includes(area)) return [...path, area]
    for (const other of areas.get(area)?.uses.keys() ?? []) {
      const found = cycle(other, [...path, area])
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const area of all) {
    const found = cycle(area, [])
    if (found !== undefined) throw new Error(`tsup.config.ts: the CJS core's areas require each other in a cycle: ${found.join(' -> ')}`)
  }
  // Every name an area reads from another must be one that area's file exports.
  for (const [area, { uses }] of areas)
    for (const [other, names] of uses)
      for (const name of names)
        if (!areas.get(other)?.exports.includes(name)) throw new Error(`tsup.config.ts: internal-${area}.cjs reads ${name} from internal-${other}.cjs, which does not export it`)
  // Names a barrel (src/*/index.ts) exports under another name: `CONTENT_MAX as MESSAGE_CONTENT_MAX`.
  const aliases = new Map<string, { from: string; area: Area }>()
  for (const top of ['wire', 'rules', 'builders', 'parse', 'locale', 'permissions']) {
    const barrel = resolve('src', top, 'index.ts')
    for (const m of (await readFile(barrel, 'utf8')).matchAll(/^export \{([^}]*)\} from '(\.[^']+)'/gm))
      for (const x of (m[1] ?? '').matchAll(/(?:^|,)\s*([A-Za-z_$][\w$]*) as ([A-Za-z_$][\w$]*)/g)) {
        const area = areaOf(resolve(dirname(barrel), m[2] as string))
        if (area !== undefined) aliases.set(x[2] as string, { from: x[1] as string, area })
      }
  }
  const home = (name: string): { area: Area; from: string } => {
    const alias = aliases.get(name)
    if (alias !== undefined) return alias
    // A name of the base that an area above re-exports is the base's (the same value).
    if (areas.get('base')?.exports.includes(name)) return { area: 'base', from: name }
    const found = LAZY_AREAS.filter((a) => areas.get(a)?.exports.includes(name))
    if (found.length !== 1) throw new Error(`tsup.config.ts: ${name} of dist/internal.js is exported by ${found.length} areas of the CJS core`)
    return { area: found[0] as Area, from: name }
  }
  // Each CJS entry of the core, the root and slashkit/internal, over tsup's: the
  // names of its ESM twin (so both builds export the same), read from the area
  // files directly (one file fewer to load for the root than through internal.cjs).
  for (const entry of ['internal', 'index']) {
    const names = Object.keys((await import(`${pathToFileURL(resolve(`dist/${entry}.js`)).href}?${Date.now()}`)) as object)
    // Each area's names in one string, `name` or `name:from` (an alias), in the ESM build's order.
    const byArea = new Map<Area, string[]>()
    for (const name of names) {
      const { area, from } = home(name)
      byArea.set(area, [...(byArea.get(area) ?? []), name === from ? name : `${name}:${from}`])
    }
    const lines = [
      "'use strict';",
      `// slashkit${entry === 'index' ? '' : '/internal'}, CJS: each area of the core loads on the first read of one of its names (tsup.config.ts, buildCjsCore).`,
      'const area = (load, names) => {',
      '  let file;',
      "  for (const entry of names.split(' ')) {",
      "    const [name, from = name] = entry.split(':');",
      '    Object.defineProperty(exports, name, {',
      '      enumerable: true,',
      '      configurable: true,',
      '      get() {',
      '        const value = (file ??= load())[from];',
      '        Object.defineProperty(exports, name, { value, enumerable: true, writable: true, configurable: true });',
      '        return value;',
      '      },',
      '    });',
      '  }',
      '};',
      // A literal require in each loader, so that a bundler of the CJS build finds every file.
      ...[...byArea].map(([area, list]) => `area(() => require('./internal-${area}.cjs'), '${list.join(' ')}');`),
    ]
    await writeFile(`dist/${entry}.cjs`, `${lines.join('\n')}\n`)
  }
}

checkWalkNames()

export default defineConfig({
  // The entries programs import (written out here: knip reads them from this file).
  entry: {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    rest: 'src/rest/index.ts',
    redis: 'src/rest/redis.ts',
    emulator: 'src/emulator/index.ts',
    http: 'src/http/index.ts',
    testing: 'src/testing/index.ts',
  },
  format: ['esm', 'cjs'],
  // Declarations of every entry; scripts/share-declarations.mjs then keeps one set.
  dts: true,
  clean: true,
  sourcemap: false,
  target: 'es2022',
  // Constants folded and inlined across modules while the core is still modules
  // (issue 29): a bundler of dist/internal.js cannot inline a top-level `var`, so
  // one command's bundle kept every limit as a variable (9,240 -> 9,163 B gzip; the
  // messages bot 21,790 -> 21,480 B; dist/internal.js 225 -> 211 KB). Names and
  // comments stay: only the syntax is minified.
  minifySyntax: true,
  platform: 'neutral',
  treeshake: true,
  splitting: false,
  esbuildPlugins: [entriesAsSiblings],
  esbuildOptions: (options) => Object.assign(options, mangle, { mangleCache: { ...MANGLED_PROPS } }),
  onSuccess: async () => {
    await buildCjsCore()
    await buildCli()
    for (const file of ['dist/internal.js', 'dist/internal-base.cjs', 'dist/cli.js']) await checkMangled(file)
  },
})
