/**
 * Gateway facts beyond the spec (public API v10, "Gateway Opcodes", "Gateway Intents"
 * and "Application Flags"): the opcodes the emulator's gateway and
 * `slashkit/testing`'s `connectGateway` read and send; the privileged intents, which an application switches on in its
 * settings, and the flag each shows once switched on for an unverified application.
 * test/emulator/gateway.test.ts holds them equal to discord-api-types'.
 */

/** The privileged gateway intents, by discord-api-types' names (`GatewayIntentBits`). */
export const PrivilegedIntent = {
  GuildMembers: 1 << 1,
  GuildPresences: 1 << 8,
  MessageContent: 1 << 15,
} as const

/** The application flag of each privileged intent switched on, for an unverified application (`GATEWAY_..._LIMITED`). */
export const LimitedIntentFlag: { readonly [K in keyof typeof PrivilegedIntent]: number } = {
  // 1 << 15, 1 << 13 and 1 << 19, written out. The minified build keeps `1<<19` (shorter than its value) and
  // joins the tables into one `var`; esbuild 0.27 then keeps this table, unused, in every user's bundle (+40 B gzip).
  GuildMembers: 32_768,
  GuildPresences: 8_192,
  MessageContent: 524_288,
}

/** Public API v10, "Gateway Opcodes". */
export const GatewayOpcode = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
  RequestSoundboardSounds: 31,
} as const
export type GatewayOpcode = (typeof GatewayOpcode)[keyof typeof GatewayOpcode]
