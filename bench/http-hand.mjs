/**
 * The setup of bench/http.mjs's row on a build of the library (`lib`: `commands`,
 * `option`, `slash`, `fakeInteraction`, `generateTestKeys`): test keys, the app of
 * two commands, its handlers, a signed request of `/ban` (made anew for each call:
 * a `Request` body is read once) and the hand-written endpoint (`hand`).
 *
 * @example
 * const { request, hand } = await httpRow({ ...(await import('../dist/index.js')), ...(await import('../dist/testing.js')) })
 */
export async function httpRow(lib) {
  const { commands, option, slash, fakeInteraction, generateTestKeys } = lib
  const keys = await generateTestKeys()
  const ban = slash('ban', 'Ban a member').options(option.user('target', 'Who').required(), option.integer('days', 'Days').min(0).max(7))
  const app = commands(ban, slash('ping', 'Pong'))
  const payload = fakeInteraction(ban, { options: { target: { user: { username: 'eve' } }, days: 3 }, guildId: '200000000000000002' })
  const signed = await keys.request(payload)
  const body = JSON.stringify(payload)
  const headers = Object.fromEntries(signed.headers)
  const request = () => new Request('http://localhost/interactions', { method: 'POST', headers, body })
  const handlers = { ban: ({ options }) => `Banned ${options.target.user.username} (${options.days ?? 0})`, ping: () => 'pong' }
  return { keys, app, handlers, payload, body, headers, request, hand: await handWritten(keys.publicKey) }
}

/**
 * The setup of bench/http.mjs's component row (`lib` as for `httpRow`, with `route`,
 * `param` and `fakeComponentInteraction`): a poll's button pressed, answered with
 * UPDATE_MESSAGE (callback 7). slashkit's side routes a typed `custom_id` (packed,
 * its values decoded and checked); the hand-written side reads a plain one
 * (`vote:<poll>:<choice>`, split at ":") and checks the choice itself. Each side gets
 * its own signed request, the same but for the custom_id.
 *
 * @example
 * const { request, handRequest, hand } = await componentRow({ ...(await import('../dist/index.js')), ...(await import('../dist/testing.js')) })
 */
export async function componentRow(lib) {
  const { commands, slash, route, param, fakeComponentInteraction, generateTestKeys } = lib
  const keys = await generateTestKeys()
  const poll = '1180218955160375406'
  const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('pizza', 'sushi', 'salad') }, 'button')
  const app = commands(slash('lunch', 'Start a lunch poll'))
  const handlers = { lunch: () => 'Lunch?' }
  const components = { vote: ({ params }, ctx) => ctx.update({ content: `${ctx.user.username} voted ${params.choice}`, components: [] }) }
  const pressed = fakeComponentInteraction({ component: vote.button({ poll, choice: 'sushi' }, 'Sushi'), guildId: '200000000000000002' })
  const signedBy = async (customId) => {
    const payload = { ...pressed, data: { ...pressed.data, custom_id: customId } }
    const signed = await keys.request(payload)
    const body = JSON.stringify(payload)
    const headers = Object.fromEntries(signed.headers)
    return () => new Request('http://localhost/interactions', { method: 'POST', headers, body })
  }
  return {
    keys,
    app,
    handlers,
    routes: [vote],
    components,
    request: await signedBy(vote.id({ poll, choice: 'sushi' })),
    handRequest: await signedBy(`vote:${poll}:sushi`),
    hand: await handWritten(keys.publicKey),
  }
}

/**
 * The hand-written endpoint of bench/http.mjs's rows: what a bot author writes
 * without a library, WebCrypto Ed25519 verify, `JSON.parse` and a `switch`,
 * answering the two commands of the row (`ban`, `ping`) and the component row's
 * button as `createHandler` does.
 */
async function handWritten(publicKey) {
  const keyBytes = Uint8Array.from(publicKey.match(/../g), (h) => parseInt(h, 16))
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'Ed25519' }, false, ['verify'])
  const encoder = new TextEncoder()
  return async (req) => {
    const text = await req.text()
    const sig = req.headers.get('x-signature-ed25519')
    const ts = req.headers.get('x-signature-timestamp')
    if (sig === null || ts === null) return new Response('', { status: 401 })
    const ok = await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      Uint8Array.from(sig.match(/../g), (h) => parseInt(h, 16)),
      encoder.encode(ts + text),
    )
    if (!ok) return new Response('', { status: 401 })
    const i = JSON.parse(text)
    switch (i.type) {
      case 1:
        return Response.json({ type: 1 })
      case 2:
        switch (i.data.name) {
          case 'ban': {
            const target = i.data.options.find((o) => o.name === 'target').value
            const days = i.data.options.find((o) => o.name === 'days')?.value
            return Response.json({ type: 4, data: { content: `Banned ${i.data.resolved.users[target].username} (${days ?? 0})` } })
          }
          case 'ping':
            return Response.json({ type: 4, data: { content: 'pong' } })
        }
        break
      case 3: {
        // A plain custom_id, `vote:<poll>:<choice>`, checked as a bot author would.
        const [name, poll, choice] = i.data.custom_id.split(':')
        if (name === 'vote' && /^\d{17,20}$/.test(poll) && (choice === 'pizza' || choice === 'sushi' || choice === 'salad')) {
          const user = i.member?.user ?? i.user
          return Response.json({ type: 7, data: { content: `${user.username} voted ${choice}`, components: [] } })
        }
        break
      }
    }
    return new Response('', { status: 400 })
  }
}
