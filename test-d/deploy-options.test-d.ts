/**
 * `DeployOptions.guildId` takes what the docs pass: a guild id that may be
 * undefined (`process.env.GUILD_ID`), as `rest.deploy(app, { guildId })` in
 * docs/rest.md and the CLI do (issue 26, item 5), with exactOptionalPropertyTypes
 * off and on (test-d/tsconfig.exact.json): src/rest/commands.ts `ScopeOptions`
 * declares `readonly guildId?: string | undefined`.
 */
import { expectAssignable } from 'tsd'
import { commands, slash } from '../dist/index.js'
import { createClient, type DeployOptions } from '../dist/rest.js'

declare const guildId: string | undefined
expectAssignable<DeployOptions>({ guildId })
expectAssignable<DeployOptions>({ guildId: undefined, dryRun: true })
const rest = createClient({ token: 't', applicationId: '1' })
void rest.deploy(commands(slash('ping', 'Pong')), { guildId })
