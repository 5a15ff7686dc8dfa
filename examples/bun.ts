/**
 * Recipe: the bot on Bun. `PUBLIC_KEY=... bun examples/bun.ts`, then point the
 * app's Interactions Endpoint URL at it (behind HTTPS). `Bun.serve` takes the
 * handler as it is (the server it passes second is not a worker's context). Bun has
 * no `waitUntil`: late edits and follow-ups run in the process, which lives on.
 * Type-checked with the examples, run on Bun itself by test/runtime/engines.test.ts
 * and in Node by test/http/recipes.test.ts.
 */
import type { InteractionHandler } from 'slashkit/http'
import { bot } from './bot.js'

/** The part of Bun's global this recipe uses. */
declare const Bun: { serve(options: { port: number; fetch: (request: Request) => Promise<Response> }): unknown } | undefined
declare const process: { env: Record<string, string | undefined> }

export function makeHandler(publicKey: string): InteractionHandler {
  return bot(publicKey)
}

if (typeof Bun !== 'undefined') {
  const handler = makeHandler(process.env.PUBLIC_KEY ?? '')
  Bun.serve({ port: Number(process.env.PORT ?? 3000), fetch: (request) => handler(request) })
}
