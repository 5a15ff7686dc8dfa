/**
 * The wire enumerations. Values the spec shows are asserted against the spec;
 * values it leaves "not shown" (channel types, USER_INSTALL, the locale list, the
 * permission bits, the other interaction and callback types) are the public API v10
 * facts, asserted as the foundation issue lists them and cross-checked against
 * discord-api-types (a devDependency), so a typo in either list fails here.
 */
import { describe, expect, it } from 'vitest'
import * as v10 from 'discord-api-types/v10'
import { serializePermissions } from '../../src/rules/permissions.js'
import { flagBit } from '../../src/wire/permission-flags.js'
import {
  ChannelType,
  CommandPermissionType,
  CommandType,
  EntryPointHandler,
  IntegrationType,
  InteractionCallbackType,
  InteractionContextType,
  InteractionType,
  LobbyMemberFlags,
  Locales,
  OptionType,
  PermissionFlags,
} from '../../src/index.js'

/** The numeric members of a TypeScript enum object (which maps both ways). */
const numeric = (e: object): Record<string, number> => Object.fromEntries(Object.entries(e).filter(([, v]) => typeof v === 'number')) as Record<string, number>

describe('values the spec shows', () => {
  it('command types 1-4 (spec: "Command types")', () => {
    expect(CommandType).toEqual({ ChatInput: 1, User: 2, Message: 3, PrimaryEntryPoint: 4 })
  })

  it('option types 1-11 (spec: "Option types")', () => {
    expect(OptionType).toEqual({
      Subcommand: 1,
      SubcommandGroup: 2,
      String: 3,
      Integer: 4,
      Boolean: 5,
      User: 6,
      Channel: 7,
      Role: 8,
      Mentionable: 9,
      Number: 10,
      Attachment: 11,
    })
  })

  it('entry point handlers, context types, permission types, lobby member flags (spec: "Entry point handler types", "Other enumerations", "LobbyMember")', () => {
    expect(EntryPointHandler).toEqual({ AppHandler: 1, DiscordLaunchActivity: 2 })
    expect(InteractionContextType).toEqual({ Guild: 0, BotDm: 1, PrivateChannel: 2 })
    expect(CommandPermissionType).toEqual({ Role: 1, User: 2, Channel: 3 })
    expect(LobbyMemberFlags).toEqual({ CanLinkLobby: 1 })
  })

  it('interaction types 2 and 4, callback type 12, and MANAGE_GUILD 1 << 5 (spec: "Other enumerations", "Command permission endpoints" rule 4)', () => {
    expect(InteractionType.ApplicationCommand).toBe(2)
    expect(InteractionType.ApplicationCommandAutocomplete).toBe(4)
    expect(InteractionCallbackType.LaunchActivity).toBe(12)
    expect(PermissionFlags.ManageGuild).toBe(1n << 5n)
    expect(IntegrationType.GuildInstall).toBe(0)
  })

  it('includes the six locale keys the spec shows (spec: "Other enumerations")', () => {
    for (const l of ['zh-CN', 'el', 'en-US', 'en-GB', 'es-419', 'es-ES']) expect(Locales).toContain(l)
  })
})

describe('public API v10 facts the spec leaves "not shown"', () => {
  it('channel types, as the foundation issue lists them, and as discord-api-types has them', () => {
    expect(ChannelType).toEqual({
      GuildText: 0,
      DM: 1,
      GuildVoice: 2,
      GroupDM: 3,
      GuildCategory: 4,
      GuildAnnouncement: 5,
      AnnouncementThread: 10,
      PublicThread: 11,
      PrivateThread: 12,
      GuildStageVoice: 13,
      GuildDirectory: 14,
      GuildForum: 15,
      GuildMedia: 16,
    })
    const theirs = numeric(v10.ChannelType)
    for (const [name, value] of Object.entries(ChannelType)) expect(theirs[name], name).toBe(value)
    expect([...new Set(Object.values(theirs))].sort((a, b) => a - b)).toEqual(Object.values(ChannelType).sort((a, b) => a - b))
  })

  it('USER_INSTALL is 1', () => {
    expect(IntegrationType.UserInstall).toBe(1)
    expect(numeric(v10.ApplicationIntegrationType)).toEqual({ GuildInstall: 0, UserInstall: 1 })
  })

  it("the 34 locale keys of the OpenAPI (AvailableLocalesEnum): the 32 of discord-api-types, in the foundation issue's order, then ar and he", () => {
    expect(Locales).toEqual([
      'id',
      'en-US',
      'en-GB',
      'bg',
      'zh-CN',
      'zh-TW',
      'hr',
      'cs',
      'da',
      'nl',
      'fi',
      'fr',
      'de',
      'el',
      'hi',
      'hu',
      'it',
      'ja',
      'ko',
      'lt',
      'no',
      'pl',
      'pt-BR',
      'ro',
      'ru',
      'es-ES',
      'es-419',
      'sv-SE',
      'th',
      'tr',
      'uk',
      'vi',
      'ar',
      'he',
    ])
    // The OpenAPI's list, as of discord/discord-api-spec 74fda0f (specs/openapi.json).
    const openapi = [
      'ar',
      'bg',
      'cs',
      'da',
      'de',
      'el',
      'en-GB',
      'en-US',
      'es-419',
      'es-ES',
      'fi',
      'fr',
      'he',
      'hi',
      'hr',
      'hu',
      'id',
      'it',
      'ja',
      'ko',
      'lt',
      'nl',
      'no',
      'pl',
      'pt-BR',
      'ro',
      'ru',
      'sv-SE',
      'th',
      'tr',
      'uk',
      'vi',
      'zh-CN',
      'zh-TW',
    ]
    expect([...Locales].sort()).toEqual([...openapi].sort())
    expect(Locales.filter((l) => l !== 'ar' && l !== 'he').sort()).toEqual([...new Set(Object.values(v10.Locale))].sort())
  })

  it('permission flag bits: every flag is one bit, and each equals discord-api-types (which also has a deprecated alias)', () => {
    const theirs = v10.PermissionFlagsBits as Record<string, bigint>
    for (const [name, bit] of Object.entries(PermissionFlags)) {
      expect(bit & (bit - 1n), name).toBe(0n)
      expect(theirs[name], name).toBe(bit)
    }
    const ours = new Set(Object.values(PermissionFlags))
    const missing = Object.entries(theirs).filter(([, bit]) => !ours.has(bit))
    expect(missing).toEqual([])
    // Names theirs has and ours does not are aliases of a bit ours names.
    expect(Object.keys(theirs).filter((n) => !(n in PermissionFlags))).toEqual(['ManageEmojisAndStickers'])
  })

  it("flagBit, the lookup one command's builder uses instead of the PermissionFlags table, gives each flag's bit and -1 for any other string", () => {
    for (const [name, bit] of Object.entries(PermissionFlags)) expect(1n << BigInt(flagBit(name)), name).toBe(bit)
    for (const other of ['', '__proto__', 'constructor', 'toString', 'banMembers', 'ManageEmojisAndStickers']) expect(flagBit(other), other).toBe(-1)
    // The builder's serializer: flag names to the digits the API takes; anything else comes back as it is, for the rules to report.
    expect(serializePermissions(['BanMembers', 'ManageGuild', 1n, '8'])).toBe(String(4 + 32 + 1 + 8))
    expect(serializePermissions(['BanMembers', '__proto__'])).toBe('__proto__')
    expect(serializePermissions([''])).toBe('')
  })

  it("interaction types and callback types: the OpenAPI's (InteractionTypes, InteractionCallbackTypes), each of discord-api-types' values among them", () => {
    // The OpenAPI's lists, as of discord/discord-api-spec 74fda0f (specs/openapi.json):
    // InteractionTypes 1-6 (6: SOCIAL_LAYER_SKU_PURCHASE_ELIGIBILITY) and
    // InteractionCallbackTypes 1, 4-9, 12 and 13 (13: SOCIAL_LAYER_SKU_PURCHASE_ELIGIBILITY).
    expect(Object.values(InteractionType)).toEqual([1, 2, 3, 4, 5, 6])
    expect(InteractionType.SocialLayerSkuPurchaseEligibility).toBe(6)
    expect(Object.values(InteractionCallbackType)).toEqual([1, 4, 5, 6, 7, 8, 9, 12, 13])
    // discord-api-types has not caught up with 6 and 13; every value it has, ours has under its name.
    for (const [name, value] of Object.entries(numeric(v10.InteractionType))) expect((InteractionType as Record<string, number>)[name], name).toBe(value)
    const callbacks = numeric(v10.InteractionResponseType)
    const values = new Set(Object.values(callbacks))
    for (const [name, value] of Object.entries(InteractionCallbackType)) if (value !== 13) expect(values.has(value), name).toBe(true)
    expect(InteractionCallbackType).toEqual({
      Pong: 1,
      ChannelMessageWithSource: 4,
      DeferredChannelMessageWithSource: 5,
      DeferredUpdateMessage: 6,
      UpdateMessage: 7,
      ApplicationCommandAutocompleteResult: 8,
      Modal: 9,
      LaunchActivity: 12,
      SocialLayerSkuPurchaseEligibility: 13,
    })
  })

  it('the enumerations the spec shows agree with discord-api-types too', () => {
    expect(Object.values(CommandType)).toEqual(Object.values(numeric(v10.ApplicationCommandType)).sort((a, b) => a - b))
    expect(Object.values(OptionType)).toEqual(Object.values(numeric(v10.ApplicationCommandOptionType)).sort((a, b) => a - b))
    expect(numeric(v10.EntryPointCommandHandlerType)).toEqual(EntryPointHandler)
    expect(Object.values(numeric(v10.InteractionContextType))).toEqual(Object.values(InteractionContextType))
    expect(numeric(v10.ApplicationCommandPermissionType)).toEqual(CommandPermissionType)
  })
})
