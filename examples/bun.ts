/**
 * Recipe: the bot on Bun. `PUBLIC_KEY=... bun examples/bun.ts`, then point the
 * app's Interactions Endpoint URL at it (behind HTTPS). `Bun.serve` takes a fetch
 * handler as it is. Type-checked with the examples, and driven by
 * test/http/recipes.test.ts (which runs under Node: the server starts only on Bun).
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
