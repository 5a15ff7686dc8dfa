/**
 * The bot of bench/burst.mjs, in a process of its own: `serve` with `createHandler`
 * from the build in `argv[2]` (a directory with dist/), `/echo` answered at once, or
 * after 3.5 s (past the service's 3 seconds: the automatic deferral, then a follow-up)
 * when its text starts with "slow". Prints its URL as one JSON line; on a message from
 * the parent, closes (its late work done), answers with its onError count and leaves.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const [dir, publicKey, baseUrl, applicationId, token] = process.argv.slice(2)
const load = (entry) => import(pathToFileURL(join(dir, 'dist', `${entry}.js`)).href)
const [{ commands, option, slash }, { createHandler, serve }, { createClient }] = await Promise.all([load('index'), load('http'), load('rest')])
const app = commands(slash('echo', 'Echo').options(option.string('text', 'Text').required()))
let errors = 0
const handler = createHandler({
  publicKey,
  app,
  rest: createClient({ token: `Bot ${token}`, applicationId, baseUrl }),
  onError: () => {
    errors++
  },
  handlers: {
    echo: async ({ options }, ctx) => {
      if (options.text.startsWith('slow')) {
        await new Promise((r) => setTimeout(r, 3500))
        await ctx.followUp(`later: ${options.text}`)
      }
      return `echo ${options.text}`
    },
  },
})
const server = await serve(handler, { port: 0 })
console.log(JSON.stringify({ url: `${server.url}/interactions` }))
process.on('message', async () => {
  // The late work first (the slow ones' follow-ups): a follow-up that fails is told to onError.
  await server.close({ timeout: 10_000 })
  process.send?.({ errors }, () => process.exit(0))
})
