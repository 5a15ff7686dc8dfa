/**
 * `slashkit invoke MODULE LINE... --as USER`: one conversation from the shell: a
 * command, then presses, choices and modal submits on what the app answered
 * (steps.ts reads the lines), through `emulator.invoke`, `press`, `choose` and
 * `submit`, each outcome and transcript printed (session.ts says what the module
 * exports).
 */
import { ChannelType, formatIssues, isValidationError } from '../internal.js'
import type { ActInput, Answered, Emulator, InvokeInput, InvokePlace, InvokeResult, ComponentResult, ModalResult, RequestRecord } from '../emulator/index.js'
import { controlCall, emulatorBase } from './remote.js'
import { openSession, openStage, userOf, type Stage } from './session.js'
import { readStep, type Step } from './steps.js'
import { describeTranscript, refusalsIn, refusalsOf, type PrintedEntry, type PrintedRefusal } from './transcript.js'

/** The flags `invoke` and `dev` read. */
export interface InvokeFlags {
  readonly as?: string | undefined
  readonly guild?: string | undefined
  readonly channel?: string | undefined
  readonly dm?: boolean | undefined
  readonly locale?: string | undefined
  readonly focused?: string | undefined
  readonly app?: string | undefined
  /** `invoke`: how long the app must be quiet (ms) before the transcript is printed. */
  readonly wait?: string | undefined
  /** `invoke`: how long to wait at most (ms) for the app, a deferral included. */
  readonly 'max-wait'?: string | undefined
  /** `invoke`: the address of a running `slashkit emulator` to play the lines at (a bot in its own process). */
  readonly emulator?: string | undefined
}

/** The place of an invocation from the flags and the module's world. */
export function placeOf(session: Stage, flags: InvokeFlags): InvokePlace {
  if (flags.dm === true) return { channel: { id: '300000000000000009', type: ChannelType.DM } }
  const channels = session.world.channels
  const wanted = flags.channel
  const channel = wanted === undefined ? channels[0] : (channels.find((c) => c.id === wanted || c.name === wanted.replace(/^#/u, '')) ?? { id: wanted })
  // The world's guild may carry a name for the page; the place is where: its id and locale.
  const guild = flags.guild === undefined ? { id: session.world.guild.id, locale: session.world.guild.locale } : { id: flags.guild }
  return channel === undefined ? { guild } : { guild, channel }
}

/** Everything `invoke` takes but the command, from a session and flags. */
export function baseInput(session: Stage, flags: InvokeFlags): Omit<InvokeInput, 'command'> {
  return {
    applicationId: session.applicationId,
    endpoint: session.endpoint,
    user: userOf(session, flags.as),
    place: placeOf(session, flags),
    ...(flags.locale === undefined ? {} : { locale: flags.locale }),
    ...(flags.focused === undefined ? {} : { focused: flags.focused }),
    users: session.world.users,
    roles: session.world.roles,
    channels: session.world.channels,
    attachments: session.world.attachments,
    messages: session.world.messages,
  }
}

/** The lines that say what happened. */
export function describeResult(result: InvokeResult | ComponentResult | ModalResult): string[] {
  switch (result.outcome) {
    case 'refused':
      return [`refused [${result.code}]: ${result.message}`]
    case 'failed':
      return [`failed [${result.code}] after ${result.ms} ms: ${result.message}`]
    case 'checked':
      return [`checked: ${JSON.stringify(result.interaction.data)}`]
    default: {
      const r = result as Answered & { access?: { because: string }; choices?: readonly { name: string; value: unknown }[] }
      const lines = [`answered in ${r.ms} ms${r.access === undefined ? '' : ` (${r.access.because})`}`]
      if (r.choices !== undefined) for (const c of r.choices) lines.push(`  choice: ${c.name} = ${JSON.stringify(c.value)}`)
      return lines
    }
  }
}

export interface InvokeWorld {
  readonly stdout: (line: string) => void
  readonly stderr: (line: string) => void
  readonly cwd: string
  /** The private key the emulator signs with (keys.ts). */
  readonly key: string
}

type Outcome = InvokeResult | ComponentResult | ModalResult
type Act = 'invoke' | 'press' | 'choose' | 'submit'
type Wait = { readonly quietMs: number; readonly maxMs?: number }

/** What the app did after its answer, once it is done for now. */
interface Settled {
  readonly transcript: readonly PrintedEntry[]
  readonly thinking: boolean
  readonly ended: string
  /** When the interaction was opened, on the emulator's clock (the transcript's times are since then). */
  readonly opened: number
  readonly refusals: readonly PrintedRefusal[]
}

/** Plays one act as the user (`wait` undefined: an autocomplete, nothing to wait for) and tells how it settled. */
type Player = (act: Act, input: object, wait: Wait | undefined) => Promise<{ readonly result: Outcome; settled(): Promise<Settled> }>

/** The lines played at an emulator in this process. */
const here =
  (emulator: Emulator): Player =>
  async (act, input, wait) => {
    const result = await (emulator[act] as (input: object) => Promise<Outcome>)(input)
    return {
      result,
      async settled() {
        const { interaction } = result as Answered
        const s = await (result as Answered).wait(wait)
        const opened = emulator.interactions.get(interaction.id)?.openedAt ?? 0
        return { transcript: s.transcript as readonly PrintedEntry[], thinking: s.thinking, ended: s.ended, opened, refusals: refusalsOf(emulator, interaction.id) }
      },
    }
  }

/**
 * The lines played at a running `slashkit emulator` over its own calls (docs/emulator.md,
 * "On loopback"): `POST /emulator/ACT` with the wait, then the interaction's record for
 * the time it opened and what the emulator refused of the app.
 */
const there =
  (base: string): Player =>
  async (act, input, wait) => {
    // Bounded: the emulator answers once the app is done, at most the wait's cap (the interaction's 15 minutes).
    const call = (path: string, body?: object) => controlCall(base, path, body, (wait?.maxMs ?? 15 * 60_000) + 30_000)
    const result = (await call(`/emulator/${act}`, wait === undefined ? input : { ...input, wait })) as unknown as Outcome & Record<string, unknown>
    if (typeof result.outcome !== 'string') throw new Error(`--emulator ${base}: /emulator/${act} answered no outcome`)
    return {
      result,
      async settled() {
        const id = (result as Answered).interaction.id
        const record = await call(`/emulator/interactions/${encodeURIComponent(id)}`)
        const transcript = Array.isArray(result.transcript) ? (result.transcript as PrintedEntry[]) : []
        const opened = typeof record.openedAt === 'number' ? record.openedAt : 0
        const refused = Array.isArray(record.refused) ? (record.refused as RequestRecord[]) : []
        const refusals = typeof record.token === 'string' ? refusalsIn({ token: record.token, openedAt: opened }, refused) : []
        return { transcript, thinking: result.thinking === true, ended: String(result.ended), opened, refusals }
      },
    }
  }

/** Plays one step of the conversation. */
function play(player: Player, session: Stage, flags: InvokeFlags, step: Step, wait: Wait) {
  const base = baseInput(session, flags)
  // Presses, choices and submits happen where the message or the modal is: no place, no focus.
  const act: ActInput = {
    endpoint: base.endpoint,
    applicationId: base.applicationId,
    user: base.user,
    ...(base.locale === undefined ? {} : { locale: base.locale }),
    users: session.world.users,
    roles: session.world.roles,
    channels: session.world.channels,
    attachments: session.world.attachments,
  }
  switch (step.kind) {
    case 'command':
      // An autocomplete is answered with choices at once: nothing to wait for.
      return player('invoke', { ...base, command: step.line }, base.focused === undefined ? wait : undefined)
    case 'user':
    case 'message': {
      // A USER command names a declared user as options do (@name, <@id>, an id); a MESSAGE command a message by id.
      const user = session.world.users.find((u) => `@${u.username}` === step.target || `<@${u.id}>` === step.target || u.id === step.target)
      const target = step.kind === 'user' ? (user?.id ?? step.target.replace(/^<@!?(\d+)>$/u, '$1')) : step.target
      const { focused, ...plain } = base
      return player('invoke', { ...plain, command: { command: step.name, target } }, wait)
    }
    case 'press':
      return player('press', { ...act, customId: step.customId }, wait)
    case 'choose':
      return player('choose', { ...act, customId: step.customId, values: step.values }, wait)
    default:
      return player('submit', { ...act, fields: step.fields }, wait)
  }
}

const ms = (flag: string, value: string | undefined, fallback: number | undefined, max: number): number | undefined | string => {
  if (value === undefined) return fallback
  const n = Number(value)
  return Number.isInteger(n) && n >= 0 && n <= max ? n : `--${flag} must be a whole number of milliseconds from 0 to ${max} (was ${JSON.stringify(value)})`
}

/** Runs `slashkit invoke`; resolves to the exit code (0 every line answered, 1 one refused or failed, 2 usage). */
export async function invokeCli(args: readonly string[], flags: InvokeFlags, world: InvokeWorld, usage: string): Promise<number> {
  const [file, ...lines] = args
  if (file === undefined || lines.length === 0) {
    world.stderr(`invoke needs a module and at least one line in quotes\n\n${usage}`)
    return 2
  }
  const quiet = ms('wait', flags.wait, 1000, 60_000)
  const cap = ms('max-wait', flags['max-wait'], undefined, 15 * 60_000)
  for (const bad of [quiet, cap])
    if (typeof bad === 'string') {
      world.stderr(bad)
      return 2
    }
  const steps = lines.map(readStep)
  for (const s of steps)
    if ('error' in s) {
      world.stderr(`${s.error}\n\n${usage}`)
      return 2
    }
  const remote = flags.emulator === undefined ? undefined : emulatorBase(flags.emulator)
  if (typeof remote === 'object') {
    world.stderr(remote.error)
    return 2
  }
  let session: Stage
  let player: Player
  if (remote === undefined) {
    const opened = await openSession(world.cwd, file, flags.app, world.key)
    // A bot in its own process verifies with the key it was told: say which it is.
    if (typeof opened.endpoint === 'string') world.stdout(`(signing with public key ${opened.publicKey})`)
    session = opened
    player = here(opened.emulator)
  } else {
    // The emulator there signs and delivers to the bot, which sends its follow-ups there too.
    session = await openStage(world.cwd, file, flags.app)
    world.stdout(`(playing the user at ${remote}, delivering to ${String(session.endpoint)})`)
    player = there(remote)
  }
  const wait: Wait = { quietMs: quiet as number, ...(cap === undefined ? {} : { maxMs: cap as number }) }
  for (const [n, step] of (steps as Step[]).entries()) {
    const line = lines[n] as string
    const input = baseInput(session, flags)
    const who = input.user.username ?? input.user.id
    const where =
      step.kind === 'command' || step.kind === 'user' || step.kind === 'message'
        ? `, ${input.place?.guild === undefined ? 'in a DM with the app' : `in guild ${input.place.guild.id}`}, ${input.locale ?? 'en-US'}`
        : ''
    world.stdout(`> ${line}  (as ${who}${where})`)
    let played: Awaited<ReturnType<typeof play>>
    try {
      played = await play(player, session, flags, step, wait)
    } catch (error) {
      // A field no step takes, an id that is no snowflake: the module's world (or a flag) made them.
      if (!isValidationError(error)) throw error
      world.stderr(`${file}: its world, with the flags, is refused by the emulator: ${formatIssues(error.issues)}`)
      return 1
    }
    const result = played.result
    for (const l of describeResult(result)) world.stdout(l)
    if (result.outcome !== 'answered') return 1
    if ((result as Answered & { choices?: unknown }).choices !== undefined) continue
    // Edits and follow-ups come after the callback: print them once the app is done for now.
    const settled = await played.settled()
    for (const l of describeTranscript(settled.transcript, settled.opened, settled.refusals)) world.stdout(l)
    if (settled.thinking)
      world.stdout(
        settled.ended === 'expired'
          ? "  (the interaction's 15 minutes ran out while the app was still thinking)"
          : `  (still thinking after ${cap} ms: --max-wait ran out before the deferral was resolved)`,
      )
  }
  return 0
}
