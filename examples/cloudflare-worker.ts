/**
 * Recipe: the bot on Cloudflare Workers. `wrangler deploy` this module with
 * `PUBLIC_KEY` set (the application's public key: `wrangler secret put PUBLIC_KEY`, or
 * `vars` in wrangler.toml) and point the app's Interactions Endpoint URL at the worker.
 * Pass `ctx` on: `ctx.waitUntil` keeps the worker alive for what the handlers send
 * after the answer (late edits, follow-ups); without it workerd cancels that work
 * when the response is sent, silently. Type-checked with the examples, run on workerd
 * itself by test/runtime/engines.test.ts and in Node by test/http/recipes.test.ts.
 */
import type { ExecutionContext, InteractionHandler } from 'slashkit/http'
import { bot } from './bot.js'

export interface Env {
  readonly PUBLIC_KEY: string
}

let handler: InteractionHandler | undefined

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // Made once per isolate: the key is checked and imported on the first request.
    handler ??= bot(env.PUBLIC_KEY)
    return handler(request, ctx)
  },
}
