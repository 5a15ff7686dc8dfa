/**
 * Recipe: the bot on Deno. `PUBLIC_KEY=... deno run --allow-net --allow-env
 * examples/deno.ts` (with `npm:slashkit` mapped in an import map or deno.json).
 * `Deno.serve` takes a fetch handler as it is. Type-checked with the examples,
 * and driven by test/http/recipes.test.ts (the server starts only on Deno).
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
