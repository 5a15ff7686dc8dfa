/**
 * scripts/hidden-docs.mjs drops from the shipped declarations the doc comments of
 * declarations no entry exports (issue 29, "the install closure at most 1.2 MB"):
 * an editor shows a doc comment only where a user can name the declaration. What
 * an editor shows must stay: every value and type each public entry exports keeps
 * the documentation its source gives it, read as an editor reads it (the
 * checker's `getDocumentationComment` on the export, through the package's
 * "exports", from a module beside package.json). Runs against dist/ (built by
 * `npm test` before vitest).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { consumerOptions, probeProgram } from '../support/probe.js'

const repo = new URL('../../', import.meta.url).pathname
const ENTRIES = ['slashkit', 'slashkit/http', 'slashkit/rest', 'slashkit/emulator', 'slashkit/testing', 'slashkit/redis', 'slashkit/internal']

/** Each entry's exports with their documentation, as a consumer's compiler sees them. */
function documentation(): Map<string, string> {
  const source = ENTRIES.map((entry, i) => `import * as e${i} from '${entry}'\nexport { e${i} }`).join('\n')
  const { program, file } = probeProgram('__hidden_docs_user.ts', source, consumerOptions({ noEmit: true }))
  const checker = program.getTypeChecker()
  const out = new Map<string, string>()
  const sourceFile = program.getSourceFile(file)
  if (sourceFile === undefined) throw new Error('no source file')
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement)) continue
    const entry = (statement.moduleSpecifier as ts.StringLiteral).text
    const module = checker.getSymbolAtLocation(statement.moduleSpecifier)
    if (module === undefined) throw new Error(`${entry} does not resolve`)
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      out.set(`${entry} ${symbol.name}`, ts.displayPartsToString(target.getDocumentationComment(checker)))
    }
  }
  return out
}

describe('shipped declarations', () => {
  const docs = documentation()

  it('every public entry resolves and exports names', () => {
    for (const entry of ENTRIES) expect([...docs.keys()].some((k) => k.startsWith(`${entry} `))).toBe(true)
  })

  it('keep the documentation of what each entry exports (what an editor shows on hover)', () => {
    // The functions the README opens with, one per entry, documented in src/.
    for (const name of [
      'slashkit slash',
      'slashkit commands',
      'slashkit validateCommand',
      'slashkit/http createHandler',
      'slashkit/rest createClient',
      'slashkit/emulator createEmulator',
      'slashkit/testing fakeInteraction',
    ]) {
      expect(docs.get(name), name).toMatch(/\w/)
    }
  })

  it('drop the doc comments of declarations no entry exports, and only those', () => {
    const text = readdirSync(join(repo, 'dist'))
      .filter((f) => f.endsWith('.d.cts'))
      .map((f) => readFileSync(join(repo, 'dist', f), 'utf8'))
      .join('\n')
    // The type-level check behind a name's refusal: in src/ it has a doc comment.
    expect(readFileSync(join(repo, 'src/builders/types/names.ts'), 'utf8')).toMatch(/\*\/\nexport type CheckChatName</)
    expect(text).toMatch(/\ntype CheckChatName</)
    expect(text).not.toMatch(/\*\/\ntype CheckChatName</)
    // A source file's header (src/emulator/invoke/targets.ts opens with one) is
    // not shipped: a doc comment followed by a blank line or by another doc comment.
    expect(readFileSync(join(repo, 'src/emulator/invoke/targets.ts'), 'utf8')).toMatch(/^\/\*\*\n \* USER and MESSAGE commands/)
    expect(text).not.toContain('USER and MESSAGE commands (spec "Command types"')
    expect(text).not.toMatch(/(^|\n)\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n(\n|\/\*\*)/)
    // Every export keeps its documentation: the only undocumented ones are those
    // whose source has no doc comment either (the option JSON shapes of
    // src/wire/commands.ts, `Locale`, `InvokeResult`, the loose texts of
    // src/locale/types.ts, `INVALID_REQUEST_WINDOW_MS`).
    const bare = [
      'AttachmentOptionJSON',
      'BooleanOptionJSON',
      'ChannelOptionJSON',
      'IntegerOptionJSON',
      'Locale',
      'MentionableOptionJSON',
      'NumberOptionJSON',
      'RoleOptionJSON',
      'StringOptionJSON',
      'SubcommandGroupOptionJSON',
      'SubcommandOptionJSON',
      'UserOptionJSON',
    ]
    const expected = [...bare.map((n) => `slashkit ${n}`), 'slashkit/emulator InvokeResult']
    const undocumented = [...docs].filter(([name, doc]) => doc.length === 0 && !name.startsWith('slashkit/internal ')).map(([name]) => name)
    expect(undocumented.sort()).toEqual(expected.sort())
    expect(docs.size).toBeGreaterThan(900)
  })

  it('drop the doc comments of what only the private slashkit/internal exports (not API), and keep what a public entry shares with it', () => {
    const publicNames = new Set([...docs.keys()].filter((k) => !k.startsWith('slashkit/internal ')).map((k) => k.slice(k.indexOf(' ') + 1)))
    const internal = [...docs].filter(([k]) => k.startsWith('slashkit/internal '))
    const only = internal.filter(([k]) => !publicNames.has(k.slice(k.indexOf(' ') + 1)))
    // argumentError: src/rules/arguments.ts documents it; a user never names it.
    expect(readFileSync(join(repo, 'src/rules/arguments.ts'), 'utf8')).toMatch(/\*\/\nexport const argumentError = /)
    expect(only.map(([k]) => k)).toContain('slashkit/internal argumentError')
    expect(only.filter(([, doc]) => doc.length > 0)).toEqual([])
    // The same declaration reached through a public entry keeps its documentation.
    expect(docs.get('slashkit/internal validateCommand')).toBe(docs.get('slashkit validateCommand'))
    expect(docs.get('slashkit/internal validateCommand')).toMatch(/\w/)
  })
})
