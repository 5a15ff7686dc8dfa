/**
 * The fields each step's input may hold: a test that misspells one (`plcae`,
 * `contentType` written `content_type`) would run in a DM, or with a file of no
 * media type, and pass or fail for a reason it never wrote. Each table is written
 * against its interface (world.ts, invoke-types.ts, line.ts), so that a field added
 * there and not here, or named here and not there, does not compile.
 */
import { isRecord, type Issue } from '../../internal.js'
import type { ChooseInput, InvokeInput, PressInput, SubmitInput } from './invoke-types.js'
import type { StructuredCommand } from './line.js'
import { checkIds, type Declared, type InvokeAttachment, type InvokeChannel, type InvokeMessage, type InvokePlace, type InvokeRole, type InvokeUser } from './world.js'

/** A field's table: the fields of the object it holds (or of each element of the list), or `true` when it is a value. */
interface Table {
  readonly [field: string]: Table | true
}
type Fields<T> = { readonly [K in keyof Required<T>]: Table | true }

const USER: Fields<InvokeUser> = {
  id: true,
  username: true,
  globalName: true,
  roles: true,
  permissions: true,
  administrator: true,
  adult: true,
  nick: true,
  member: true,
  installed: true,
}
const CHANNEL: Fields<InvokeChannel> = { id: true, type: true, name: true, nsfw: true, parentId: true }
const DECLARED: Fields<Declared> = {
  users: USER,
  roles: { id: true, name: true, permissions: true, position: true } satisfies Fields<InvokeRole>,
  channels: CHANNEL,
  attachments: { id: true, filename: true, size: true, contentType: true, data: true } satisfies Fields<InvokeAttachment>,
  messages: { id: true, content: true, authorId: true, channelId: true } satisfies Fields<InvokeMessage>,
}
/**
 * The fields of a step's input: of `invoke`, `picker`, `press`, `choose` and
 * `submit` together. A field of another step is taken, so that one object of who,
 * where and which endpoint (`{ ...at, customId }`) serves every step, as their types
 * take it; a field of none is a misspelling.
 */
const INPUT: Fields<InvokeInput & PressInput & ChooseInput & SubmitInput> = {
  ...DECLARED,
  applicationId: true,
  endpoint: true,
  user: USER,
  place: { guild: { id: true, locale: true, installed: true }, channel: CHANNEL, context: true } satisfies Fields<InvokePlace>,
  locale: true,
  deliver: true,
  appPermissions: true,
  timeoutMs: true,
  command: { command: true, group: true, subcommand: true, options: true, target: true } satisfies Fields<StructuredCommand>,
  focused: true,
  otherGuilds: true,
  customId: true,
  message: true,
  values: true,
  fields: true,
  interaction: true,
}

/** Each field of `value` (and of what it holds, by `table`) that `table` has no place for. */
function unknownFields(value: unknown, table: Table, path: readonly (string | number)[], issues: Issue[]): void {
  // A declared list: each of its objects.
  if (Array.isArray(value)) {
    for (const [i, x] of value.entries()) unknownFields(x, table, [...path, i], issues)
    return
  }
  if (!isRecord(value)) return
  for (const [key, v] of Object.entries(value)) {
    // A field given as undefined is its default, as everywhere in slashkit.
    if (v === undefined) continue
    const at = [...path, key]
    const inner = Object.hasOwn(table, key) ? table[key] : undefined
    if (inner === undefined)
      issues.push({
        code: 'field.unknown',
        path: at,
        message: `${at.join('.')} is not a field of ${path.length === 0 ? "a step's input" : path.join('.')} (its fields: ${Object.keys(table).join(', ')})`,
      })
    else if (inner !== true) unknownFields(v, inner, at, issues)
  }
}

/**
 * Throws `ValidationError` with every field the step's input has no place for and
 * every id that is not a snowflake (world.ts's `checkIds`), each at its path.
 */
export function checkInput(input: Parameters<typeof checkIds>[0]): void {
  const issues: Issue[] = []
  unknownFields(input, INPUT, [], issues)
  checkIds(input, issues)
}
