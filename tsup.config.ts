import { readdirSync } from 'node:fs'
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
  })
  await chmod('dist/cli.js', 0o755)
}

/**
 * The CJS core, loaded by area (issue 29, "the root entry loads only the core"):
 * `require('slashkit')` compiled the whole core (215 KB) before a program could
 * call `slash`. In the CJS build, dist/internal-base.cjs holds layers 1 to 3
 * (wire, the command rules, the command builders: what defining and validating
 * commands needs, 76 KB) and each area above is a file of its own, loaded the first
 * time one of its names is read: dist/internal-parse.cjs, internal-locale.cjs,
 * internal-permissions.cjs, internal-messages.cjs (the rules and builders of
 * messages, components and custom_id routes) and internal-lobbies.cjs.
 * dist/index.cjs and dist/internal.cjs (written over tsup's) export the base's names
 * as they are and the other areas' as getters that load their file once.
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
 * builders of messages, components and custom_id routes (issue 30) and the lobby
 * rules, which no command rule or builder imports.
 */
function areaOf(file: string): Area | undefined {
  // An import names the .js file of a .ts source.
  const path = relative(resolve('src'), file).replaceAll('\\', '/').replace(/\.js$/, '.ts')
  if (/^rules\/(components|embeds|message-body|message-fields|callbacks)\.ts$|^builders\/(messages|custom-id)\//.test(path)) return 'messages'
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
  // Which names of other areas this one reads: `import_internal_base.walkThing` in esbuild's CJS output.
  const code = await readFile(outfile, 'utf8')
  const uses = new Map<Area, Set<string>>()
  for (const m of code.matchAll(/\bimport_internal_(base|parse|locale|permissions|messages|lobbies)\.([A-Za-z_$][\w$]*)/g)) {
    const other = m[1] as Area
    if (!uses.has(other)) uses.set(other, new Set())
    uses.get(other)?.add(m[2] as string)
  }
  return uses
}

/**
 * Writes the CJS core by area (see LAZY_AREAS) and dist/internal.cjs over tsup's:
 * the base's names as they are, the other areas' names as getters that load
 * their file once (then the name is a plain value). The names are those of the
 * ESM build's dist/internal.js, so both builds export the same.
 */
async function buildCjsCore(): Promise<void> {
  const all = ['base', ...LAZY_AREAS] as const
  const built = await Promise.all(all.map(buildArea))
  // The names each file exports, as Node sees them (a CJS metafile lists none), once all are written.
  const load = createRequire(resolve('package.json'))
  const areas = new Map(all.map((area, i) => [area, { uses: built[i] as Map<Area, Set<string>>, exports: Object.keys(load(resolve(`dist/internal-${area}.cjs`)) as object) }]))
  // The base loads no area above it: otherwise nothing would be put off.
  if ((await readFile('dist/internal-base.cjs', 'utf8')).includes('require("./internal-')) throw new Error('tsup.config.ts: internal-base.cjs requires an area above it')
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
    const lines = [
      "'use strict';",
      `// slashkit${entry === 'index' ? '' : '/internal'}, CJS: layers 1 to 3 now, each layer above on first use (tsup.config.ts, buildCjsCore).`,
      "const base = require('./internal-base.cjs');",
      'const lazy = (file, name, from) => ({',
      '  enumerable: true,',
      '  configurable: true,',
      '  get() {',
      '    const value = require(file)[from];',
      '    Object.defineProperty(exports, name, { value, enumerable: true, writable: true, configurable: true });',
      '    return value;',
      '  },',
      '});',
    ]
    for (const name of names) {
      const { area, from } = home(name)
      lines.push(
        area === 'base'
          ? `exports.${name} = base.${from};`
          : `Object.defineProperty(exports, ${JSON.stringify(name)}, lazy('./internal-${area}.cjs', ${JSON.stringify(name)}, ${JSON.stringify(from)}));`,
      )
    }
    await writeFile(`dist/${entry}.cjs`, `${lines.join('\n')}\n`)
  }
}

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
  onSuccess: async () => {
    await buildCjsCore()
    await buildCli()
  },
})
