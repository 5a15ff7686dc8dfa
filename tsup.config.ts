import { defineConfig } from 'tsup'

/**
 * The core is one module in the build: `dist/internal.js` (src/internal.ts, the
 * private entry `slashkit/internal`). The root entry re-exports its public names
 * from it, and `slashkit/rest`, `slashkit/emulator`, `slashkit/http`,
 * `slashkit/testing` and the CLI reach the core through it only
 * (test/package/layers.test.ts): those imports become the package's own
 * `slashkit/internal`, so the core is loaded once and its classes
 * (`ValidationError`, the builders) are the same for every entry, in ESM and CJS.
 * Files one folder deeper (src/emulator/invoke/) import it as '../../internal.js'.
 */
const coreAsPackage = {
  name: 'core-as-package',
  setup(build: { onResolve(options: { filter: RegExp }, callback: (args: { importer: string }) => { path: string; external: boolean } | undefined): void }) {
    build.onResolve({ filter: /^\.\/internal\.js$/ }, (args) => (/[/\\]src[/\\]index\.ts$/.test(args.importer) ? { path: 'slashkit/internal', external: true } : undefined))
    build.onResolve({ filter: /^(\.\.\/)+(index|internal)\.js$/ }, (args) =>
      /[/\\]src[/\\](rest|emulator|cli|http|testing)[/\\]/.test(args.importer) ? { path: 'slashkit/internal', external: true } : undefined,
    )
    // slashkit/http reaches the REST client through its entry too (one RestError class).
    build.onResolve({ filter: /^\.\.\/rest\/index\.js$/ }, (args) => (/[/\\]src[/\\]http[/\\]/.test(args.importer) ? { path: 'slashkit/rest', external: true } : undefined))
  },
}

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    rest: 'src/rest/index.ts',
    redis: 'src/rest/redis.ts',
    emulator: 'src/emulator/index.ts',
    http: 'src/http/index.ts',
    testing: 'src/testing/index.ts',
    cli: 'src/cli/bin.ts',
  },
  format: ['esm', 'cjs'],
  // The CLI is an executable, not an entry to import: no declarations.
  dts: {
    entry: {
      index: 'src/index.ts',
      internal: 'src/internal.ts',
      rest: 'src/rest/index.ts',
      redis: 'src/rest/redis.ts',
      emulator: 'src/emulator/index.ts',
      http: 'src/http/index.ts',
      testing: 'src/testing/index.ts',
    },
  },
  clean: true,
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  splitting: false,
  esbuildPlugins: [coreAsPackage],
})
