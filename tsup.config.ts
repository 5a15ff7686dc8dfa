import { chmod } from 'node:fs/promises'
import { build as esbuild } from 'esbuild'
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
  onSuccess: buildCli,
})
