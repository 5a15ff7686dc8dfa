/**
 * A program's declaration files can name every type slashkit's values have, through
 * the package's entries (issue 17: the root keeps the builder types, the rest of the
 * core moved to the private entry). With `declaration: true`, TypeScript writes the
 * inferred type of an exported builder, set or parse result as
 * `import("slashkit").SlashCommand<...>`; a type the root no longer exported would
 * come out as a path into a dist/ chunk, which a consumer's compiler refuses (TS2742,
 * "cannot be named without a reference to ... This is likely not portable").
 * Compiles, in memory, a module beside package.json that imports 'slashkit' (the
 * package resolves itself through its "exports"); runs against dist/ (built by
 * `npm test` before vitest).
 */
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { consumerOptions, probeProgram } from '../support/probe.js'

const repo = new URL('../../', import.meta.url).pathname

const USER = `import { slash, option, choice, commands, user, message, entryPoint, parse, safeParse, parseAutocomplete, fromJSON, validateCommand, reply, localizedView, localizationReport, localizeAll, canUse, router, handle, permissions, overwrites, parseAcceptLanguage, validateWebhookMessage } from 'slashkit'
import { fakeInteraction } from 'slashkit/testing'
export const ban = slash('ban', 'Ban').options(
  option.user('target', 'Who').required(), option.integer('days', 'Days').min(0).max(7),
  option.string('reason', 'Why').maxLength(10).autocomplete(), option.number('n', 'n'), option.boolean('b', 'b'),
  option.channel('c', 'c'), option.role('r', 'r'), option.mentionable('m', 'm'), option.attachment('a', 'a'),
).localize('es-ES', { name: 'banear', description: 'Banear' })
export const config = slash('config', 'Bot').subcommand('show', 'Show')
  .group('role', 'Role', (g) => g.subcommand('grant', 'Grant', (s) => s.options(option.string('k', 'k').choices(choice('A', 'a')))))
export const app = commands(ban, config, user('Profile'), message('Report'), entryPoint('launch', 'Launch'))
export const json = ban.toJSON()
export const setJson = app.toJSON()
export const loose = fromJSON({ name: 'x', description: 'y' })
export const hit = (i: unknown) => parse(config, i as never)
export const all = (i: unknown) => safeParse(app, i as never)
export const focus = (i: unknown) => parseAutocomplete(ban, i as never)
export const checked = validateCommand({})
export const answer = reply('x')
export const view = localizedView(ban, 'es-ES')
export const report = localizationReport(app)
export const texts = localizeAll(app, { 'es-ES': {} } as never)
export const access = canUse({} as never)
export const routes = router(app, {} as never)
export const bound = handle(ban, () => 'ok')
export const perms = permissions('BanMembers')
export const guild = overwrites('1')
export const ranges = parseAcceptLanguage('es')
export const fake = fakeInteraction(ban, {} as never)
export const webhook = validateWebhookMessage({})
`

function declarations(source: string): { text: string; errors: string[] } {
  const options = consumerOptions({ declaration: true, emitDeclarationOnly: true, rootDir: repo, outDir: join(repo, 'out'), types: [] })
  const { program, host } = probeProgram('declarations-probe.ts', source, options)
  let text = ''
  host.writeFile = (_, data) => {
    text += data
  }
  const result = program.emit()
  const errors = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  return { text, errors }
}

describe('declaration files of a program that uses slashkit', () => {
  it('name every inferred type through slashkit itself, never a dist/ chunk', { timeout: 60_000 }, () => {
    const { text, errors } = declarations(USER)
    expect(errors).toEqual([])
    expect(text).toContain('export declare const ban: import("slashkit").SlashCommand<')
    // Each line that names a type through anything but the root entry, in full.
    expect(text.split('\n').filter((line) => /import\("(?!slashkit")[^"]*"\)/.test(line))).toEqual([])
  })

  it('the probe sees a type the root does not export (the check can fail)', { timeout: 60_000 }, () => {
    // `LocaleSources`, negotiateLocale's parameter type, is the private entry's only.
    const { text } = declarations(`import { negotiateLocale } from 'slashkit'\nexport const first = (...a: Parameters<typeof negotiateLocale>) => a[0]\n`)
    expect(text).toMatch(/first: .*import\("\.\/dist\/[^"]+"\)/)
  })
})
