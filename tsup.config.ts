import { defineConfig } from 'tsup'

/**
 * `slashkit/rest`, `slashkit/emulator`, `slashkit/http` and `slashkit/testing` reach the core through `src/index.ts`
 * only (test/package/layers.test.ts); in the build that import becomes the
 * package's own root entry, so the core is loaded once and its classes
 * (`ValidationError`, the builders) are the same for every entry. Files one
 * folder deeper (src/emulator/invoke/) import it as '../../index.js'.
 */
const coreAsPackage = {
  name: 'core-as-package',
  setup(build: { onResolve(options: { filter: RegExp }, callback: (args: { importer: string }) => { path: string; external: boolean } | undefined): void }) {
    build.onResolve({ filter: /^(\.\.\/)+index\.js$/ }, (args) =>
      /[/\\]src[/\\](rest|emulator|cli|http|testing)[/\\]/.test(args.importer) ? { path: 'slashkit', external: true } : undefined,
    )
    // slashkit/http reaches the REST client through its entry too (one RestError class).
    build.onResolve({ filter: /^\.\.\/rest\/index\.js$/ }, (args) =>
      /[/\\]src[/\\]http[/\\]/.test(args.importer) ? { path: 'slashkit/rest', external: true } : undefined,
    )
  },
}

export default defineConfig({
  entry: { index: 'src/index.ts', rest: 'src/rest/index.ts', redis: 'src/rest/redis.ts', emulator: 'src/emulator/index.ts', http: 'src/http/index.ts', testing: 'src/testing/index.ts', cli: 'src/cli/bin.ts' },
  format: ['esm', 'cjs'],
  // The CLI is an executable, not an entry to import: no declarations.
  dts: { entry: { index: 'src/index.ts', rest: 'src/rest/index.ts', redis: 'src/rest/redis.ts', emulator: 'src/emulator/index.ts', http: 'src/http/index.ts', testing: 'src/testing/index.ts' } },
  clean: true,
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  splitting: false,
  esbuildPlugins: [coreAsPackage],
})
