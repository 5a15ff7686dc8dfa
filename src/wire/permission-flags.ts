/**
 * The permission flag names, by bit: the name at index `i` is the flag `1n << i`.
 * The spec names only MANAGE_GUILD (1 << 5, "Command permission endpoints" rule 4)
 * and Administrator (1 << 3); the rest of the bit set is not shown there, so these
 * are the public API v10 values (test/wire/enums.test.ts holds them equal to
 * discord-api-types').
 */
const FLAG_NAMES = [
  'CreateInstantInvite',
  'KickMembers',
  'BanMembers',
  'Administrator',
  'ManageChannels',
  // 5: shown in the spec ("Command permission endpoints" rule 4).
  'ManageGuild',
  'AddReactions',
  'ViewAuditLog',
  'PrioritySpeaker',
  'Stream',
  'ViewChannel',
  'SendMessages',
  'SendTTSMessages',
  'ManageMessages',
  'EmbedLinks',
  'AttachFiles',
  'ReadMessageHistory',
  'MentionEveryone',
  'UseExternalEmojis',
  'ViewGuildInsights',
  'Connect',
  'Speak',
  'MuteMembers',
  'DeafenMembers',
  'MoveMembers',
  'UseVAD',
  'ChangeNickname',
  'ManageNicknames',
  'ManageRoles',
  'ManageWebhooks',
  'ManageGuildExpressions',
  'UseApplicationCommands',
  'RequestToSpeak',
  'ManageEvents',
  'ManageThreads',
  'CreatePublicThreads',
  'CreatePrivateThreads',
  'UseExternalStickers',
  'SendMessagesInThreads',
  'UseEmbeddedActivities',
  'ModerateMembers',
  'ViewCreatorMonetizationAnalytics',
  'UseSoundboard',
  'CreateGuildExpressions',
  'CreateEvents',
  'UseExternalSounds',
  'SendVoiceMessages',
  // 47: no flag (the public API v10 leaves the bit unused).
  '',
  'SetVoiceChannelStatus',
  'SendPolls',
  'UseExternalApps',
  'PinMessages',
  'BypassSlowmode',
] as const

/** The name of one permission flag, e.g. `'BanMembers'`. */
export type PermissionFlagName = Exclude<(typeof FLAG_NAMES)[number], ''>

/**
 * Permission flag bits by name (`PermissionFlags.BanMembers` is `1n << 2n`), in
 * the order of their bits. Built from the names rather than written as 52 bigint
 * literals: the table is in every bundle that turns names into bits, and this
 * form takes 68 bytes less of one command's bundle (gzip).
 */
export const PermissionFlags: { readonly [N in PermissionFlagName]: bigint } = /* @__PURE__ */ flagTable()

function flagTable(): { readonly [N in PermissionFlagName]: bigint } {
  const table: Record<string, bigint> = {}
  for (let bit = 0; bit < FLAG_NAMES.length; bit++) if (FLAG_NAMES[bit] !== '') table[FLAG_NAMES[bit] as string] = 1n << BigInt(bit)
  return table as { readonly [N in PermissionFlagName]: bigint }
}

/**
 * The bit of a permission flag name, or -1 for a string that names none (an empty
 * string, the unused bit 47's slot, or `__proto__` included). Read from the list of
 * names rather than `PermissionFlags`, so that a bundle that turns names into bits
 * without using `PermissionFlags` (one command's builder) leaves the table out.
 */
export function flagBit(name: string): number {
  return name === '' ? -1 : FLAG_NAMES.indexOf(name as PermissionFlagName)
}
