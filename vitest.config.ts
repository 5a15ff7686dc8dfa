import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Builds dist/ first when it is missing or older than src/ (the suites that read it never skip).
    globalSetup: ['test/support/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'all', include: ['test/**/*.test.ts'] } },
      // The parse tests again with the generated readers turned off: the interpreter alone must pass them too.
      {
        extends: true,
        test: {
          name: 'jitless',
          include: ['test/parse/{parse,refusals,hostile,properties,autocomplete,router,fake,bounds}.test.ts'],
          setupFiles: ['test/parse/jitless.setup.ts'],
        },
      },
    ],
  },
})
