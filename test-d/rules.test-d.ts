import { expectType } from 'tsd'
import { validateCommand, type CommandJSON, type GuildCommandJSON, type Result } from '../dist/index.js'

expectType<Result<CommandJSON>>(validateCommand({}))
expectType<Result<GuildCommandJSON>>(validateCommand({}, { scope: 'guild' }))
