/**
 * The permission constants of "Application command permission": the guild id means
 * @everyone; the guild id minus 1 means all channels in the guild. Snowflakes are
 * 64-bit, beyond a `number`'s exact range, so the arithmetic is done in `bigint`.
 */
import type { Snowflake } from '../wire/commands.js'
import { isSnowflake } from '../rules/command.js'
import { issueAt, ValidationError } from '../rules/issues.js'

/**
 * A snowflake in its canonical form (no leading zeros), so that two spellings of
 * one id compare equal; a string that is not a snowflake is returned as it is.
 */
export function canonicalId(id: string): string {
  return isSnowflake(id) ? BigInt(id).toString() : id
}

function guild(guildId: unknown): bigint {
  if (!isSnowflake(guildId)) throw new ValidationError([issueAt('snowflake.format', ['guild_id'], {}, '', guildId)], 'guild id')
  return BigInt(guildId)
}

/**
 * The id of the @everyone constant in `guildId`: the guild id itself
 * ("Application command permission", permission constants).
 * @example everyoneId('41771983423143937') // '41771983423143937'
 */
export function everyoneId(guildId: Snowflake): Snowflake {
  return guild(guildId).toString()
}

/**
 * The id of the all-channels constant in `guildId`: the guild id minus 1
 * ("Application command permission", permission constants). Guild `'0'` has none
 * (minus 1 is no snowflake): `ValidationError` with `snowflake.format`.
 * @example allChannelsId('9223372036854775807') // '9223372036854775806'
 */
export function allChannelsId(guildId: Snowflake): Snowflake {
  const g = guild(guildId)
  if (g === 0n)
    throw new ValidationError(
      [issueAt('snowflake.format', ['guild_id'], { expected: 'other than 0 (0 has no all-channels constant: the guild id minus 1)' }, '', guildId)],
      'guild id',
    )
  return (g - 1n).toString()
}
