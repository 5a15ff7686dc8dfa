/**
 * The gateway as the service plays it to a bot (public API v10, "Gateway"; the
 * spec shows its events, not its transport): Hello, Identify and READY, Heartbeat
 * and its ACK, Resume with the events missed replayed, Invalid Session, and the
 * close codes of each mistake. Interactions go to a bot's session when its
 * application has no interactions endpoint URL (public API v10: "Receiving an
 * Interaction"), on the shard of their guild. No socket and no Node API: a link
 * (`GatewayLink`) sends text and closes; server.ts gives it a WebSocket.
 */
import { GatewayOpcode, isRecord } from '../../internal.js'
import type { Apps } from '../auth.js'
import { applicationOf, botApplication, botUser } from '../application.js'
import { randomHex } from '../model.js'
import { utf8Bytes } from '../multipart.js'
import { CloseCode, web } from './frames.js'
import { applicationFlags, disallowedIntents } from './intents.js'

/** Public API v10, "Gateway Close Event Codes": those the emulator closes with. */
export const enum GatewayClose {
  UnknownError = 4000,
  UnknownOpcode = 4001,
  DecodeError = 4002,
  NotAuthenticated = 4003,
  AuthenticationFailed = 4004,
  AlreadyAuthenticated = 4005,
  InvalidSeq = 4007,
  RateLimited = 4008,
  InvalidShard = 4010,
  InvalidApiVersion = 4012,
  InvalidIntents = 4013,
  DisallowedIntents = 4014,
}

/** The reason each close code is sent with (public API v10's descriptions). */
const REASONS: Readonly<Record<GatewayClose, string>> = {
  [GatewayClose.UnknownError]: 'Unknown error.',
  [GatewayClose.UnknownOpcode]: 'Unknown opcode.',
  [GatewayClose.DecodeError]: 'Error while decoding payload.',
  [GatewayClose.NotAuthenticated]: 'Not authenticated.',
  [GatewayClose.AuthenticationFailed]: 'Authentication failed.',
  [GatewayClose.AlreadyAuthenticated]: 'Already authenticated.',
  [GatewayClose.InvalidSeq]: 'Invalid seq.',
  [GatewayClose.RateLimited]: 'Rate limited.',
  [GatewayClose.InvalidShard]: 'Invalid shard.',
  [GatewayClose.InvalidApiVersion]: 'Invalid API version.',
  [GatewayClose.InvalidIntents]: 'Invalid intent(s).',
  [GatewayClose.DisallowedIntents]: 'Disallowed intent(s).',
}

/** What a session needs of its transport: send one text message, close with a code. */
export interface GatewayLink {
  send(text: string): void
  close(code: number, reason: string): void
}

/** One connection as the transport drives it: each text message the bot sends, and the end of the connection. */
export interface GatewayConnection {
  receive(text: string): void
  /** The socket closed, with the client's close code (1000 and 1001 end the session: it cannot be resumed). */
  closed(code: number): void
}

/** A session as `emulator.gateway.sessions()` lists it. */
export interface GatewaySessionInfo {
  readonly sessionId: string
  readonly applicationId: string
  /** `[shard_id, num_shards]`. */
  readonly shard: readonly [number, number]
  readonly intents: number
  /** The last sequence number sent. */
  readonly seq: number
  /** Whether a connection holds it now (a session without one can be resumed). */
  readonly connected: boolean
}

/** Public API v10: the interval Hello gives (the service's usual 41.25 s). */
export const HEARTBEAT_INTERVAL_MS = 41_250
/** Public API v10, "Rate Limiting": 120 gateway commands per connection per 60 s, else 4008. */
const SENDS_PER_MINUTE = 120
const RATE_WINDOW_MS = 60_000
/** Public API v10, "Sending Events": a payload over 4096 bytes is refused with 4002. */
export const PAYLOAD_MAX = 4096
/** How many events a session keeps for a Resume, and how many sessions are kept (a sane bound; the service's own is not shown). */
const BACKLOG_MAX = 1000
const SESSIONS_MAX = 100
/** Public API v10, "Session Start Limit": a new bot's identifies a day. */
const IDENTIFIES_PER_DAY = 1000
/** The intents API v10 defines: bits 0 to 25. */
const INTENTS_LIMIT = 2 ** 26

interface Session {
  readonly id: string
  readonly app: string
  readonly shard: readonly [number, number]
  readonly intents: number
  seq: number
  link: GatewayLink | undefined
  /** The dispatches sent, by sequence, for a Resume. */
  readonly backlog: { readonly s: number; readonly text: string }[]
}

const packet = (op: GatewayOpcode, d: unknown, s: number | null = null, t: string | null = null): string => JSON.stringify({ op, d, s, t })

/** The emulator's gateway, as `emulator.gateway` (docs/emulator.md, "A gateway bot"). */
export interface EmulatorGateway {
  /**
   * The sessions bots identified or resumed since the last `reset`, connected or not.
   *
   * @example
   * await until(() => server.emulator.gateway.sessions().some((s) => s.connected))
   */
  sessions(): GatewaySessionInfo[]
  /**
   * Connects a WebSocket of your own server (Bun's, Deno's) to the gateway:
   * `startEmulator` does it for its own socket. `url` is the one the bot connected
   * to; the returned connection takes each text message and the close.
   *
   * @example
   * const connection = emulator.gateway.connect({ send: (t) => ws.send(t), close: (c, r) => ws.close(c, r) }, request.url)
   */
  connect(link: GatewayLink, url: string): GatewayConnection
}

/** The gateway of one emulator: its sessions, and the events it dispatches to them. */
export class Gateway implements EmulatorGateway {
  private live = new Map<string, Session>()
  /** Identifies per application since the last reset: `session_start_limit.remaining` of GET /gateway/bot. */
  private readonly starts = new Map<string, number>()

  constructor(
    private readonly apps: Apps,
    private readonly now: () => number,
  ) {}

  /** Forgets every session (their connections are closed, as a restart of the service would). */
  clear(): void {
    for (const s of this.live.values()) s.link?.close(GatewayClose.UnknownError, REASONS[GatewayClose.UnknownError])
    this.live = new Map()
    this.starts.clear()
  }

  private started(app: string): number {
    return this.starts.get(app) ?? 0
  }

  /** GET /gateway/bot for the caller `owner`: the URL to connect to (`host` is where the emulator is served) and the session start limit left. */
  gatewayBot(owner: string, host: string): Record<string, unknown> {
    const app = applicationOf(owner) ?? owner
    return {
      url: `ws://${host}/gateway`,
      shards: 1,
      // Public API v10: 1000 identifies a day for a new bot; the emulator's day is since its last reset.
      session_start_limit: { total: IDENTIFIES_PER_DAY, remaining: Math.max(0, IDENTIFIES_PER_DAY - this.started(app)), reset_after: 86_400_000, max_concurrency: 1 },
    }
  }

  sessions(): GatewaySessionInfo[] {
    return [...this.live.values()].map((s) => ({
      sessionId: s.id,
      applicationId: s.app,
      shard: [s.shard[0], s.shard[1]],
      intents: s.intents,
      seq: s.seq,
      connected: s.link !== undefined,
    }))
  }

  /** Whether a connected session of `app` would get an event of `guildId` (its shard's). */
  connected(app: string, guildId?: string): boolean {
    for (const s of this.live.values()) if (s.app === app && s.link !== undefined && onShard(s, guildId)) return true
    return false
  }

  /**
   * Sends the event `t` with `d` to each connected session of `app` on the shard of
   * `guildId` (shard 0 without one: public API v10, "Sharding"); a session without a
   * connection keeps it for its Resume.
   */
  dispatch(app: string, t: string, d: unknown, guildId?: string): void {
    for (const s of this.live.values()) {
      if (s.app !== app || !onShard(s, guildId)) continue
      const text = packet(GatewayOpcode.Dispatch, d, ++s.seq, t)
      s.backlog.push({ s: s.seq, text })
      if (s.backlog.length > BACKLOG_MAX) s.backlog.splice(0, s.backlog.length - BACKLOG_MAX)
      s.link?.send(text)
    }
  }

  /**
   * A new connection at `url` (what the bot connected to, `ws://host:port/gateway?v=10&encoding=json`):
   * Hello is sent at once. `v` must be 10; the encoding and compression are the
   * transport's to check. READY gives the URL without its query as `resume_gateway_url`.
   */
  connect(link: GatewayLink, url: string): GatewayConnection {
    let parsed: InstanceType<typeof web.URL>
    try {
      parsed = new web.URL(url)
    } catch {
      throw new TypeError(
        `emulator.gateway.connect: ${JSON.stringify(String(url).slice(0, 100))} is not a URL (the one the bot connected to, such as ws://127.0.0.1:8080/gateway?v=10)`,
      )
    }
    const resumeUrl = `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`
    let session: Session | undefined
    let closed = false
    const sends: number[] = []
    const close = (code: GatewayClose): void => {
      if (closed) return
      closed = true
      if (session !== undefined && session.link === link) session.link = undefined
      link.close(code, REASONS[code])
    }
    const send = (text: string): void => {
      if (!closed) link.send(text)
    }
    if (parsed.searchParams.get('v') !== '10') {
      close(GatewayClose.InvalidApiVersion)
      return { receive: () => {}, closed: () => {} }
    }
    send(packet(GatewayOpcode.Hello, { heartbeat_interval: HEARTBEAT_INTERVAL_MS }))
    return {
      receive: (text) => {
        if (closed) return
        const at = this.now()
        while (sends.length > 0 && (sends[0] as number) <= at - RATE_WINDOW_MS) sends.shift()
        sends.push(at)
        if (sends.length > SENDS_PER_MINUTE) return close(GatewayClose.RateLimited)
        // A UTF-16 unit is at most 3 bytes of UTF-8: only a longer text can be over.
        if (text.length > PAYLOAD_MAX / 3 && utf8Bytes(text).length > PAYLOAD_MAX) return close(GatewayClose.DecodeError)
        let p: unknown
        try {
          p = JSON.parse(text)
        } catch {
          return close(GatewayClose.DecodeError)
        }
        if (!isRecord(p) || typeof p.op !== 'number') return close(GatewayClose.DecodeError)
        const d = p.d
        switch (p.op) {
          case GatewayOpcode.Heartbeat:
            return send(packet(GatewayOpcode.HeartbeatAck, null))
          case GatewayOpcode.Identify: {
            if (session !== undefined) return close(GatewayClose.AlreadyAuthenticated)
            const started = this.identify(d, link, resumeUrl)
            if (typeof started === 'number') return close(started)
            session = started.session
            return send(started.ready)
          }
          case GatewayOpcode.Resume: {
            if (session !== undefined) return close(GatewayClose.AlreadyAuthenticated)
            const resumed = this.resume(d, link)
            if (typeof resumed === 'number') return close(resumed)
            // Public API v10: `d: false`, the session cannot be resumed; the bot identifies anew.
            if (resumed === undefined) return send(packet(GatewayOpcode.InvalidSession, false))
            session = resumed
            return
          }
          case GatewayOpcode.PresenceUpdate:
          case GatewayOpcode.VoiceStateUpdate:
          case GatewayOpcode.RequestGuildMembers:
          case GatewayOpcode.RequestSoundboardSounds:
            // Taken; the emulator keeps no presence, voice or members to answer with.
            return session === undefined ? close(GatewayClose.NotAuthenticated) : undefined
          default:
            return close(GatewayClose.UnknownOpcode)
        }
      },
      closed: (code) => {
        if (closed) return
        closed = true
        if (session === undefined || session.link !== link) return
        session.link = undefined
        // Public API v10: a close with 1000 or 1001 invalidates the session.
        if (code === CloseCode.Normal || code === CloseCode.GoingAway) this.live.delete(session.id)
      },
    }
  }

  /** Identify (public API v10, "Identify Structure"): a session and its READY, or the close code. */
  private identify(d: unknown, link: GatewayLink, resumeUrl: string): { session: Session; ready: string } | GatewayClose {
    if (!isRecord(d) || typeof d.token !== 'string' || !isRecord(d.properties)) return GatewayClose.DecodeError
    const app = this.applicationOf(d.token)
    if (app === undefined) return GatewayClose.AuthenticationFailed
    const intents = d.intents
    if (typeof intents !== 'number' || !Number.isInteger(intents) || intents < 0 || intents >= INTENTS_LIMIT) return GatewayClose.InvalidIntents
    if (disallowedIntents(this.apps, app, intents) !== 0) return GatewayClose.DisallowedIntents
    const shard = d.shard ?? [0, 1]
    if (!Array.isArray(shard) || shard.length !== 2 || !shard.every((n) => Number.isInteger(n)) || shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1])
      return GatewayClose.InvalidShard
    const session: Session = { id: sessionId(), app, shard: [shard[0], shard[1]], intents, seq: 0, link, backlog: [] }
    this.keep(session)
    this.starts.set(app, this.started(app) + 1)
    const ready = {
      v: 10,
      user: botUser(app),
      // The emulator holds no guild objects to send GUILD_CREATE with, so READY lists none.
      guilds: [],
      session_id: session.id,
      resume_gateway_url: resumeUrl,
      shard: session.shard,
      application: { id: app, flags: applicationFlags(this.apps?.get(app)) },
    }
    const text = packet(GatewayOpcode.Dispatch, ready, ++session.seq, 'READY')
    session.backlog.push({ s: session.seq, text })
    return { session, ready: text }
  }

  /** Resume: the session, with the events after `seq` and RESUMED sent; `undefined` when it cannot be resumed; or the close code. */
  private resume(d: unknown, link: GatewayLink): Session | undefined | GatewayClose {
    if (!isRecord(d) || typeof d.token !== 'string' || typeof d.session_id !== 'string' || (typeof d.seq !== 'number' && d.seq !== null)) return GatewayClose.DecodeError
    const app = this.applicationOf(d.token)
    if (app === undefined) return GatewayClose.AuthenticationFailed
    const session = this.live.get(d.session_id)
    if (session === undefined || session.app !== app) return undefined
    const seq = d.seq ?? 0
    if (seq > session.seq) return GatewayClose.InvalidSeq
    // The missed events must all be kept, or the session cannot be resumed.
    const first = session.backlog[0]?.s ?? session.seq + 1
    if (seq + 1 < first) return undefined
    // A connection that still holds the session loses it (the service closes the old one).
    session.link?.close(GatewayClose.UnknownError, REASONS[GatewayClose.UnknownError])
    session.link = link
    for (const e of session.backlog) if (e.s > seq) link.send(e.text)
    const text = packet(GatewayOpcode.Dispatch, {}, ++session.seq, 'RESUMED')
    session.backlog.push({ s: session.seq, text })
    link.send(text)
    return session
  }

  /** The application a bot token (with or without `Bot `) identifies as, as the HTTP API finds it. */
  private applicationOf(token: string): string | undefined {
    return botApplication(this.apps, token.startsWith('Bot ') ? token : `Bot ${token}`)
  }

  /** Keeps a session; past the bound, the oldest one without a connection is forgotten. */
  private keep(session: Session): void {
    this.live.set(session.id, session)
    if (this.live.size <= SESSIONS_MAX) return
    for (const s of this.live.values())
      if (s.link === undefined) {
        this.live.delete(s.id)
        return
      }
  }
}

/** Public API v10, "Sharding": `shard_id = (guild_id >> 22) % num_shards`; events without a guild go to shard 0. */
function onShard(s: Session, guildId: string | undefined): boolean {
  const [id, count] = s.shard
  if (guildId === undefined || !/^\d{1,20}$/.test(guildId)) return id === 0
  return Number((BigInt(guildId) >> 22n) % BigInt(count)) === id
}

/** A session id: 32 hex digits, not guessable. */
const sessionId = (): string => randomHex(16)
