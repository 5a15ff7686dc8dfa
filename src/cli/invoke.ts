/**
 * `slashkit invoke MODULE LINE... --as USER`: one conversation from the shell: a
 * command, then presses, choices and modal submits on what the app answered
 * (steps.ts reads the lines), through `emulator.invoke`, `press`, `choose` and
 * `submit`, each outcome and transcript printed (session.ts says what the module
 * exports).
 */
import type { ActInput, Answered, InvokeInput, InvokePlace, InvokeResult, ComponentResult, ModalResult } from '../emulator/index.js'
import { openSession, userOf, type Session } from './session.js'
import { readStep, type Step } from './steps.js'
import { describeTranscript, refusalsOf, type PrintedEntry } from './transcript.js'

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
}

/** The place of an invocation from the flags and the module's world. */
export function placeOf(session: Session, flags: InvokeFlags): InvokePlace {
  if (flags.dm === true) return { channel: { id: '300000000000000009', type: 1 } }
  const channels = session.world.channels
  const wanted = flags.channel
  const channel = wanted === undefined ? channels[0] : (channels.find((c) => c.id === wanted || c.name === wanted.replace(/^#/u, '')) ?? { id: wanted })
  const guild = flags.guild === undefined ? session.world.guild : { id: flags.guild }
  return channel === undefined ? { guild } : { guild, channel }
}

/** Everything `invoke` takes but the command, from a session and flags. */
export function baseInput(session: Session, flags: InvokeFlags): Omit<InvokeInput, 'command'> {
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

/** Plays one step of the conversation. */
function play(session: Session, flags: InvokeFlags, step: Step): Promise<InvokeResult | ComponentResult | ModalResult> {
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
      return session.emulator.invoke({ ...base, command: step.line })
    case 'user':
    case 'message': {
      // A USER command names a declared user as options do (@name, <@id>, an id); a MESSAGE command a message by id.
      const user = session.world.users.find((u) => `@${u.username}` === step.target || `<@${u.id}>` === step.target || u.id === step.target)
      const target = step.kind === 'user' ? (user?.id ?? step.target.replace(/^<@!?(\d+)>$/u, '$1')) : step.target
      const { focused, ...plain } = base
      return session.emulator.invoke({ ...plain, command: { command: step.name, target } })
    }
    case 'press':
      return session.emulator.press({ ...act, customId: step.customId })
    case 'choose':
      return session.emulator.choose({ ...act, customId: step.customId, values: step.values })
    default:
      return session.emulator.submit({ ...act, fields: step.fields })
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
  const session = await openSession(world.cwd, file, flags.app, world.key)
  // A bot in its own process verifies with the key it was told: say which it is.
  if (typeof session.endpoint === 'string') world.stdout(`(signing with public key ${session.publicKey})`)
  for (const [n, step] of (steps as Step[]).entries()) {
    const line = lines[n] as string
    const input = baseInput(session, flags)
    const who = input.user.username ?? input.user.id
    const where =
      step.kind === 'command' || step.kind === 'user' || step.kind === 'message'
        ? `, ${input.place?.guild === undefined ? 'in a DM with the app' : `in guild ${input.place.guild.id}`}, ${input.locale ?? 'en-US'}`
        : ''
    world.stdout(`> ${line}  (as ${who}${where})`)
    const result = await play(session, flags, step)
    for (const l of describeResult(result)) world.stdout(l)
    if (result.outcome !== 'answered') return 1
    const answered = result as Answered & { choices?: unknown }
    if (answered.choices !== undefined) continue
    // Edits and follow-ups come after the callback: print them once the app is done for now.
    const settled = await answered.wait({ quietMs: quiet as number, ...(cap === undefined ? {} : { maxMs: cap as number }) })
    const opened = session.emulator.interactions.get(answered.interaction.id)?.openedAt ?? 0
    for (const l of describeTranscript(settled.transcript as readonly PrintedEntry[], opened, refusalsOf(session.emulator, answered.interaction.id))) world.stdout(l)
    if (settled.thinking)
      world.stdout(
        settled.ended === 'expired'
          ? "  (the interaction's 15 minutes ran out while the app was still thinking)"
          : `  (still thinking after ${cap} ms: --max-wait ran out before the deferral was resolved)`,
      )
  }
  return 0
}
