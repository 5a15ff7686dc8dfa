/**
 * `slashkit invoke MODULE '/cmd args' --as USER`: one invocation from the shell,
 * through `emulator.invoke`, and its transcript printed (session.ts says what the
 * module exports).
 */
import type { InvokeInput, InvokePlace, InvokeResult } from '../emulator/index.js'
import { openSession, userOf, type Session } from './session.js'
import { describeTranscript, type PrintedEntry } from './transcript.js'

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
  }
}

/** The lines that say what happened. */
export function describeResult(result: InvokeResult): string[] {
  switch (result.outcome) {
    case 'refused':
      return [`refused [${result.code}]: ${result.message}`]
    case 'failed':
      return [`failed [${result.code}] after ${result.ms} ms: ${result.message}`]
    case 'checked':
      return [`checked: ${JSON.stringify(result.interaction.data)}`]
    default: {
      const lines = [`answered in ${result.ms} ms (${result.access.because})`]
      if (result.choices !== undefined) for (const c of result.choices) lines.push(`  choice: ${c.name} = ${JSON.stringify(c.value)}`)
      return lines
    }
  }
}

export interface InvokeWorld {
  readonly stdout: (line: string) => void
  readonly stderr: (line: string) => void
  readonly cwd: string
}

/** Runs `slashkit invoke`; resolves to the exit code (0 answered, 1 refused or failed, 2 usage). */
export async function invokeCli(args: readonly string[], flags: InvokeFlags, world: InvokeWorld, usage: string): Promise<number> {
  const [file, line, ...more] = args
  if (file === undefined || line === undefined || more.length > 0) {
    world.stderr(`invoke needs a module and one command line in quotes\n\n${usage}`)
    return 2
  }
  const wait = flags.wait === undefined ? 1000 : Number(flags.wait)
  if (!Number.isInteger(wait) || wait < 0 || wait > 60_000) {
    world.stderr(`--wait must be a whole number of milliseconds from 0 to 60000 (was ${JSON.stringify(flags.wait)})`)
    return 2
  }
  const session = await openSession(world.cwd, file, flags.app)
  const input = { ...baseInput(session, flags), command: line }
  const who = input.user.username ?? input.user.id
  world.stdout(`> ${line}  (as ${who}, ${input.place?.guild === undefined ? 'in a DM with the app' : `in guild ${input.place.guild.id}`}, ${input.locale ?? 'en-US'})`)
  const result = await session.emulator.invoke(input)
  for (const l of describeResult(result)) world.stdout(l)
  if (result.outcome !== 'answered') return 1
  // Edits and follow-ups come after the callback: print them once the app has been quiet for a while.
  const transcript = await result.settle(wait, wait + 10_000)
  const opened = session.emulator.interactions.get(result.interaction.id)?.openedAt ?? 0
  if (result.choices === undefined) for (const l of describeTranscript(transcript as readonly PrintedEntry[], opened)) world.stdout(l)
  return 0
}
