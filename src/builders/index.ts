export { option, choice } from './option.js'
export { slash, user, message, entryPoint } from './command.js'
export type * from './types/options.js'
export type * from './types/commands.js'
export type * from './types/infer.js'
export type {
  BuiltChannelOptionJSON,
  BuiltChatInputJSON,
  BuiltCommandJSON,
  BuiltEntryPointJSON,
  BuiltGroupJSON,
  BuiltGuildCommandJSON,
  BuiltGuildBulkCommandJSON,
  BuiltLeafOptionJSON,
  BuiltMessageJSON,
  BuiltSubcommandJSON,
  BuiltUserJSON,
} from './types/json.js'
export type { SlashkitError } from './types/error.js'
export type { Simplify } from './types/util.js'
export { commands } from './set.js'
export { fromJSON, type LooseCommand } from './from-json.js'
export type * from './types/set.js'
