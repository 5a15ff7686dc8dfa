/**
 * A real command set for a moderation bot, written with slashkit. Type-checked in
 * CI (`npm run typecheck`) and run by `npm run example`.
 */
import { ChannelType, choice, commands, entryPoint, message, option, slash, user } from 'slashkit'

/** Shared options: one value, many commands. */
const target = option.user('target', 'Who').required().localize('es-ES', { name: 'objetivo', description: 'Quién' })
const reason = option.string('reason', 'Why (shown in the audit log)').maxLength(512)

export const ban = slash('ban', 'Ban a member')
  .options(target, option.integer('days', 'Days of messages to delete').min(0).max(7), reason.autocomplete())
  .defaultMemberPermissions('BanMembers')
  .contexts('Guild')
  .localize('es-ES', { name: 'banear', description: 'Banear a un miembro' })

export const kick = slash('kick', 'Kick a member').options(target, reason).defaultMemberPermissions('KickMembers')

export const config = slash('config', 'Bot settings')
  .subcommand('show', 'Show settings')
  .subcommand('set', 'Change a setting', (s) =>
    s.options(
      option.string('key', 'Setting').required().choices(choice('Prefix', 'prefix'), choice('Language', 'lang').localize('es-ES', 'Idioma')),
      option.string('value', 'New value').required(),
    ),
  )
  .group('role', 'Role settings', (g) =>
    g
      .subcommand('grant', 'Grant a role', (s) => s.options(option.role('role', 'Role').required(), target))
      .subcommand('revoke', 'Revoke a role', (s) => s.options(option.role('role', 'Role').required(), target)),
  )
  .defaultMemberPermissions('ManageGuild')

export const slowmode = slash('slowmode', 'Set slow mode in a channel').options(
  option.integer('seconds', 'Delay between messages').required().choices(choice('Off', 0), choice('5 s', 5), choice('1 min', 60)),
  option.channel('channel', 'Where').channelTypes(ChannelType.GuildText, ChannelType.GuildForum),
)

export const app = commands(
  ban,
  kick,
  config,
  slowmode,
  user('Show profile').localize('de', 'Profil anzeigen'),
  message('Report message'),
  entryPoint('launch', 'Start the mini game').handler('DiscordLaunchActivity'),
)
