/**
 * Recipe: the bot on Deno. In a project whose package.json lists slashkit (`npm install
 * slashkit`; Deno reads node_modules): `PUBLIC_KEY=... deno run --allow-net --allow-env
 * --sloppy-imports examples/deno.ts`. The examples import `./bot.js` for the TypeScript
 * file bot.ts, which Deno maps only with `--sloppy-imports` (a Deno project of its own
 * imports `./bot.ts`). `Deno.serve` takes the handler as it is (the connection's info it
 * passes second is not a worker's context). Deno has no `waitUntil`: late edits and
 * follow-ups run in the process, which lives on. Type-checked with the examples, run on
 * Deno itself by test/runtime/engines.test.ts and in Node by test/http/recipes.test.ts.
 */
import type { InteractionHandler } from 'slashkit/http'
import { bot } from './bot.js'

/** The part of Deno's global this recipe uses. */
declare const Deno: { serve(options: { port: number }, handler: (request: Request) => Promise<Response>): unknown; env: { get(name: string): string | undefined } } | undefined

export function makeHandler(publicKey: string): InteractionHandler {
  return bot(publicKey)
}

if (typeof Deno !== 'undefined') {
  const handler = makeHandler(Deno.env.get('PUBLIC_KEY') ?? '')
  Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8000) }, (request) => handler(request))
}
