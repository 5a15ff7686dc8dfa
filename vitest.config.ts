import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
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
