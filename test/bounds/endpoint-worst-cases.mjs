/**
 * The interactions endpoint (slashkit/http `createHandler`) against the largest
 * bodies it accepts, filled with the worst shapes (issue 19). Run by
 * test/bounds/endpoint.test.ts in a child process started with
 * --max-old-space-size=64; the library module is named on the command line. One
 * JSON line per case: its status, the size of the body, the issues the handler's
 * onError saw, and the heap used after it (MB).
 */
const lib = await import(process.argv[2])
const { commands, slash, option, createHandler, generateTestKeys, MAX_BODY_BYTES } = lib

const ban = slash('ban', 'Ban a member').options(option.user('target', 'Who').required(), option.string('reason', 'Why').maxLength(512))
const config = slash('config', 'Settings').subcommand('set', 'Change', (s) => s.options(option.string('key', 'Key').required()))
const keys = await generateTestKeys()
const errors = []
const handler = createHandler({
  publicKey: keys.publicKey,
  app: commands(ban, config),
  handlers: { ban: () => 'banned', config: { set: () => 'set' } },
  onError: (e) => void errors.push(e),
})

const U = '500000000000000001'
const head = (data) => ({ id: '100000000000000001', application_id: '400000000000000001', type: 2, token: 'token', version: 1, data: { id: '3', type: 1, ...data } })
/** Pads a list with copies of `item` until the body's JSON is just under `limit` bytes. */
function fill(make, item, limit = MAX_BODY_BYTES - 64) {
  const base = JSON.stringify(make([])).length
  const each = JSON.stringify(item).length + 1
  return make(Array.from({ length: Math.floor((limit - base) / each) }, () => item))
}
const manyKeys = (limit = MAX_BODY_BYTES - 200) => {
  const users = {}
  let size = 0
  for (let i = 0; size < limit; i++) {
    const id = String(500000000000000000n + BigInt(i))
    users[id] = { id }
    size += id.length * 2 + 14
  }
  return users
}

const cases = [
  ['a million... null options, to the limit', fill((options) => head({ name: 'ban', options }), null)],
  ['option objects, to the limit', fill((options) => head({ name: 'ban', options }), { type: 6, name: 'target', value: U })],
  ['subcommand options, to the limit', fill((options) => head({ name: 'config', options: [{ type: 1, name: 'set', options }] }), { type: 3, name: 'key', value: 'x' })],
  ['subcommand entries, to the limit', fill((options) => head({ name: 'config', options }), { type: 1, name: 'set' })],
  [
    'one string value of the whole size',
    head({
      name: 'ban',
      options: [
        { type: 6, name: 'target', value: U },
        { type: 3, name: 'reason', value: 'x'.repeat(MAX_BODY_BYTES - 400) },
      ],
    }),
  ],
  ['a resolved map of the whole size', head({ name: 'ban', options: [{ type: 6, name: 'target', value: U }], resolved: { users: manyKeys() } })],
  ['unknown keys of the whole size', { ...head({ name: 'ban', options: [{ type: 6, name: 'target', value: 'nope' }] }), ...manyKeys() }],
  // As text: JSON.stringify would overflow the stack on it (JSON.parse does not).
  ['arrays nested to the limit', JSON.stringify(head({ name: 'ban', options: 0 })).replace('"options":0', `"options":${'['.repeat(500_000)}${']'.repeat(500_000)}`)],
  ['one byte over the limit', `"${'x'.repeat(MAX_BODY_BYTES - 1)}"`],
]

for (const [name, body] of cases) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const before = errors.length
  const response = await handler(await keys.request(text))
  const answer = await response.text()
  const issues = errors.slice(before).map((e) => (Array.isArray(e?.issues) ? e.issues.length : -1))
  console.log(
    JSON.stringify({
      case: name,
      bytes: new TextEncoder().encode(text).length,
      status: response.status,
      ephemeral: response.status === 200 ? JSON.parse(answer).data?.flags === 64 : undefined,
      issues,
      heapMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
    }),
  )
}
