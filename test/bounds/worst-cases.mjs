/**
 * The worst inputs of docs/issues.md "Limits on input", run one after the other
 * against the library module named on the command line. test/bounds/memory.test.ts
 * runs this file in a child process started with --max-old-space-size=64 and reads
 * one JSON line per case from its output: the case, whether it was refused, the
 * number of issues, the first code and path, and the heap used after it (MB).
 *
 * Before the bound on work (src/rules/bounds.ts), the first case alone built a
 * million issues (about 590 MB of heap) and the process died of heap exhaustion.
 */
const lib = await import(process.argv[2])
const { slash, option, safeParse, safeParseAutocomplete, validateCommand, validateCommands, validateLobby, fromJSON, configure } = lib
const { validateOverwrites } = lib

const definition = slash('ban', 'Ban a member').options(option.user('target', 'Who to ban').required(), option.string('reason', 'Why').maxLength(512).autocomplete())
const sub = slash('config', 'Settings').subcommand('set', 'Set', (s) => s.options(option.string('key', 'Key').required()))

const sparse = () => {
  const a = []
  a.length = 2 ** 32 - 1
  return a
}
const invocation = (options, type = 2, name = 'ban') => ({ id: '1', application_id: '2', type, token: 't', version: 1, data: { id: '3', name, type: 1, options } })
// 5 MB of JSON text: an interaction whose options are a million nulls, as a body brings it.
const body = JSON.stringify(invocation(Array.from({ length: 1_000_000 }, () => null)))
const wide = () => {
  const o = { name: 'c', description: 'd' }
  for (let i = 0; i < 200_000; i++) o[`k${i}`] = null
  return o
}

const refusal = (run) => {
  try {
    run()
  } catch (error) {
    if (Array.isArray(error?.issues)) return { ok: false, issues: error.issues }
    throw error
  }
  return { ok: true }
}

const cases = [
  ['safeParse: 5 MB body of a million null options', () => safeParse(definition, JSON.parse(body))],
  ['safeParse: sparse options of length 2^32-1', () => safeParse(definition, invocation(sparse()))],
  ['safeParse: sparse options of a subcommand', () => safeParse(sub, invocation([{ type: 1, name: 'set', options: sparse() }], 2, 'config'))],
  ['safeParseAutocomplete: sparse options', () => safeParseAutocomplete(definition, invocation(sparse(), 4))],
  ['validateCommand: sparse options', () => validateCommand({ name: 'c', description: 'd', options: sparse() })],
  ['validateCommand: sparse choices', () => validateCommand({ name: 'c', description: 'd', options: [{ type: 3, name: 'o', description: 'd', choices: sparse() }] })],
  ['validateCommand: sparse contexts', () => validateCommand({ name: 'c', description: 'd', contexts: sparse() })],
  ['validateCommand: 200,000 unknown keys', () => validateCommand(wide())],
  ['validateCommands: sparse list', () => validateCommands(sparse())],
  ['validateCommands: a million nulls', () => validateCommands(JSON.parse(JSON.stringify(Array.from({ length: 1_000_000 }, () => null))))],
  ['fromJSON: sparse options', () => refusal(() => fromJSON({ name: 'c', description: 'd', options: sparse() }))],
  ['fromJSON: sparse contexts', () => refusal(() => fromJSON({ name: 'c', description: 'd', contexts: sparse() }))],
  ['fromJSON: sparse choices', () => refusal(() => fromJSON({ name: 'c', description: 'd', options: [{ type: 3, name: 'o', description: 'd', choices: sparse() }] }))],
  ['validateLobby: sparse members', () => validateLobby({ members: sparse() })],
  ['validateOverwrites: sparse permissions', () => validateOverwrites({ permissions: sparse() })],
]

for (const jitless of [false, true]) {
  configure({ jitless })
  for (const [name, run] of cases) {
    if (jitless && !name.startsWith('safeParse')) continue
    const r = run()
    const first = r.issues?.[0]
    console.log(
      JSON.stringify({
        case: jitless ? `${name} (jitless)` : name,
        ok: r.ok,
        issues: r.issues?.length ?? 0,
        code: first?.code,
        path: first?.path,
        heapMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
      }),
    )
  }
}
