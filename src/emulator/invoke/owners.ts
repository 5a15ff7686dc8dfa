/**
 * Who authorized an interaction: `authorizing_integration_owners` (public API v10;
 * the OpenAPI's `ApplicationCommandInteractionMetadataResponse` and its component and
 * modal twins require it), a map of installation context to an id. GUILD_INSTALL
 * ("0"): the guild's id where the app is installed in the guild, "0" in the app's
 * bot DM; USER_INSTALL ("1"): the id of the user who installed the app. A command
 * is offered in a place only through an installation it lists in
 * `integration_types` (default GUILD_INSTALL, [0]: spec "Application command
 * listing"): with none, the service has nothing to authorize it.
 */
import { IntegrationType, InteractionContextType, type ApplicationCommand, type IntegrationOwners } from '../../internal.js'

/** Where and by whom: the guild (when the interaction happens in one), whether the app is installed there, the user and whether they installed it. */
export interface InstallScene {
  readonly context: number
  readonly guildId: string | undefined
  readonly guildInstalled: boolean
  readonly userId: string
  readonly userInstalled: boolean
}

/** The owners that authorize `command` here, or `undefined` when no installation it lists is here. */
export function ownersOf(command: Pick<ApplicationCommand, 'integration_types'>, scene: InstallScene): IntegrationOwners | undefined {
  const types: readonly number[] = command.integration_types ?? [IntegrationType.GuildInstall]
  const owners: IntegrationOwners = {}
  if (types.includes(IntegrationType.GuildInstall)) {
    if (scene.context === InteractionContextType.BotDm) owners['0'] = '0'
    else if (scene.context === InteractionContextType.Guild && scene.guildId !== undefined && scene.guildInstalled) owners['0'] = scene.guildId
  }
  if (types.includes(IntegrationType.UserInstall) && scene.userInstalled) owners['1'] = scene.userId
  return owners['0'] === undefined && owners['1'] === undefined ? undefined : owners
}
