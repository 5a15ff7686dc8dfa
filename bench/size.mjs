/**
 * Bundle size (issue "Type-level builders"): the builders and rules one command
 * needs, bundled, minified and gzipped, against @discordjs/builders doing the
 * same. Both bundles are made by esbuild in this process, with the same options.
 *
 *   node bench/size.mjs      (after npm run build)
 *   node bench/size.mjs --parts [--ours] [--top=40]
 *   node bench/size.mjs --contract [--ours]
 *
 * `--parts` tells where issue 29's bundle (or, with `--ours`, the one-command
 * bundle) spends its bytes: the minified bytes of each source file (esbuild's
 * metafile, `bytesInOutput`, bundled from src/), then each top-level statement
 * (a function, a class, a table) with what the bundle's gzip loses without it.
 * `--contract` splits the same bundle (from src/, with the build's renamed fields)
 * by what DESIGN.md's contract asks for: the methods the command does not call, its
 * own text, the messages, the rules and the rest (`contractParts`).
 */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { pathToFileURL } from 'node:url'
import { build, transform } from 'esbuild'

const root = new URL('..', import.meta.url).pathname

/** Minified and gzipped size of a bundle of `contents` (an ES module), from the repository root. */
export async function gzipped(contents) {
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  })
  const bytes = out.outputFiles[0].contents
  return { minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

/** One command with builders and rules: what the size limit is about. */
export const OURS = `import { option, slash } from './dist/index.js'
console.log(JSON.stringify(slash('ping', 'Pong').options(option.string('x', 'y').required()).toJSON()))`
const PEER = `import { SlashCommandBuilder } from '@discordjs/builders'
console.log(JSON.stringify(new SlashCommandBuilder().setName('ping').setDescription('Pong').addStringOption((o) => o.setName('x').setDescription('y').setRequired(true)).toJSON()))`

/**
 * Issue 29's "import + build one command": 4 options (2 choices on one), 5 locales on
 * every name, description and choice; the texts are part of the bundle, as in a bot.
 * Measured outside at 10,596 B; the issue's target is 8,500 B (ISSUE_29_TARGET).
 */
export const ISSUE_29 = `import { choice, option, slash } from './dist/index.js'
const command = slash('ban', 'Ban a member')
  .localize('de', { name: 'bannen', description: 'Ein Mitglied bannen' })
  .localize('es-ES', { name: 'banear', description: 'Banear a un miembro' })
  .localize('fr', { name: 'bannir', description: 'Bannir un membre' })
  .localize('ja', { name: 'バン', description: 'メンバーをバンする' })
  .localize('pt-BR', { name: 'banir', description: 'Banir um membro' })
  .options(
    option.user('member', 'The member to ban').required()
      .localize('de', { name: 'mitglied', description: 'Das Mitglied' })
      .localize('es-ES', { name: 'miembro', description: 'El miembro' })
      .localize('fr', { name: 'membre', description: 'Le membre' })
      .localize('ja', { name: 'メンバー', description: 'バンするメンバー' })
      .localize('pt-BR', { name: 'membro', description: 'O membro' }),
    option.string('reason', 'Why').choices(
      choice('Spam', 'spam').localize('de', 'Spam').localize('es-ES', 'Spam').localize('fr', 'Pourriel').localize('ja', 'スパム').localize('pt-BR', 'Spam'),
      choice('Abuse', 'abuse').localize('de', 'Missbrauch').localize('es-ES', 'Abuso').localize('fr', 'Abus').localize('ja', '嫌がらせ').localize('pt-BR', 'Abuso'),
    )
      .localize('de', { name: 'grund', description: 'Warum' })
      .localize('es-ES', { name: 'motivo', description: 'Por qué' })
      .localize('fr', { name: 'raison', description: 'Pourquoi' })
      .localize('ja', { name: '理由', description: 'なぜ' })
      .localize('pt-BR', { name: 'motivo', description: 'Por quê' }),
    option.integer('days', 'Days of messages to delete').min(0).max(7)
      .localize('de', { name: 'tage', description: 'Tage an Nachrichten' })
      .localize('es-ES', { name: 'dias', description: 'Días de mensajes' })
      .localize('fr', { name: 'jours', description: 'Jours de messages' })
      .localize('ja', { name: '日数', description: '削除する日数' })
      .localize('pt-BR', { name: 'dias', description: 'Dias de mensagens' }),
    option.boolean('silent', 'Say nothing in the channel')
      .localize('de', { name: 'still', description: 'Nichts sagen' })
      .localize('es-ES', { name: 'silencio', description: 'No decir nada' })
      .localize('fr', { name: 'silence', description: 'Ne rien dire' })
      .localize('ja', { name: '静か', description: '何も言わない' })
      .localize('pt-BR', { name: 'silencio', description: 'Não dizer nada' }),
  )
console.log(JSON.stringify(command.toJSON()))`

/** Issue 29's target for ISSUE_29's bundle, in bytes of gzip. */
export const ISSUE_29_TARGET = 8500

/**
 * A bot that answers with messages (issue "Messages and components"): the same
 * command, and a reply with an embed and a row of buttons made by a typed route,
 * checked before it is sent. Reported beside the one-command bundle: what using
 * messages costs; the one-command bundle holds none of it.
 */
export const MESSAGES = `import { actionRow, embed, messageBody, option, param, route, slash, validateInteractionResponse } from './dist/index.js'
const vote = route('vote', { choice: param.oneOf('yes', 'no'), poll: param.snowflake() })
const body = messageBody({ embeds: [embed({ title: 'Poll', description: 'Lunch?' })], components: [actionRow(vote.button({ choice: 'yes', poll: '1' }, 'Yes'), vote.button({ choice: 'no', poll: '1' }, 'No'))] })
console.log(JSON.stringify(slash('ping', 'Pong').options(option.string('x', 'y').required()).toJSON()), validateInteractionResponse({ type: 4, data: body }).ok)`

/** Sizes of one command's bundle, ours and the peer's, and their ratio; issue 29's localized command's; the messages bot's; the whole package's. */
export async function sizes() {
  const [ours, peer, messages, issue29] = await Promise.all([gzipped(OURS), gzipped(PEER), gzipped(MESSAGES), gzipped(ISSUE_29)])
  const everything = await gzipped("export * from './dist/index.js'")
  return { ours, peer, messages, issue29, everything, ratio: ours.gzip / peer.gzip }
}

/**
 * The limit: 8 KB gzipped from the issue that set it, raised to 8.5 KB by issue 14
 * (the rules it adds: undefined and OpenAPI nulls absent, fetched commands, lists
 * without repeats, errors recognised across builds) took the bundle from 8105 to
 * 8556 bytes; the base had 87 bytes left. Issue 17 sets 9 KB: its per-call walk
 * context (rules/walk.ts, state passed as properties, which do not minify) and
 * channel types read from wire/enums.ts took it from 8632 to about 8860 bytes;
 * the message catalogue (rules/messages.ts) and the option-kind table
 * (wire/option-kinds.ts) to 9208 bytes. Issue 29 lowers it to 9,180 B: the
 * build folds and inlines constants across modules (tsup.config.ts, minifySyntax)
 * and one command's builder turns permission names into bits without the
 * PermissionFlags table (wire/permission-flags.ts, flagBit), 9,264 -> 9,163 B;
 * then 9,170 B, 10 B over the bundle's 9,160 B after issue 29's second round
 * (whose bundle holds only what one command's rules and builders reach: see
 * docs/internals.md, "Ledger of performance tricks"); then 9,110 B, over the
 * 9,103 B the rules' sibling names from the walk's arrays left (9d7e3b2); then
 * 8,875 B, over the 8,868 B of issue 29's bundle round: the rules' option-type names
 * and bits written out, so the option-kind table falls away (9,103 -> 8,923 B), and
 * the builder's and the walk's internal fields renamed to one letter by the build
 * (tsup.config.ts, MANGLED_PROPS; 8,923 -> 8,868 B); then 8,866 B, over the 8,863 B
 * of issue 29's fourth round (8,873 B after the merges before it): the issue
 * collector's and ValidationError's fields `declare`d, not written again as class
 * fields (src/rules/issues.ts). `node bench/size.mjs --parts` tells where the rest is.
 */
export const SIZE_LIMIT = 8866

/**
 * The ceiling of ISSUE_29's bundle the tests hold (9,890 B at issue 29's change,
 * 9,876 B after its second round, 9,818 B after 9d7e3b2, 9,584 B after its bundle
 * round, 9,579 B after its fourth, see SIZE_LIMIT): not the issue's target of
 * 8,500 B, which the bench reports as missed.
 */
export const ISSUE_29_LIMIT = 9582

/**
 * Where `contents`' bundle spends its bytes: minified bytes per input file, and per
 * top-level statement the gzip bytes the bundle loses without it (what gzip cannot
 * share with the rest), largest first.
 */
export async function parts(contents) {
  const options = {
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
    outfile: 'out.js',
  }
  // The files of the package are one chunk: their shares come from the sources (the build's renamed fields aside).
  const src = { ...options.stdin, contents: contents.replace('./dist/index.js', './src/index.ts') }
  const whole = await build({ ...options, stdin: src, minify: true, metafile: true })
  const inputs = Object.values(whole.metafile.outputs)[0].inputs
  const files = Object.entries(inputs)
    .map(([file, { bytesInOutput }]) => ({ file, minified: bytesInOutput }))
    .filter((f) => f.minified > 0)
    .sort((a, b) => b.minified - a.minified)
  // Minified but for whitespace, each top-level statement starts a line at column 0.
  const text = (await build({ ...options, minifySyntax: true, minifyIdentifiers: true })).outputFiles[0].text
  const statements = text.split(/\n(?=(?:var|let|const|function|async function|class|export|import|console)\b)/)
  const gzip = async (code) => gzipSync((await transform(code, { minifyWhitespace: true, format: 'esm' })).code, { level: 9 }).length
  const all = await gzip(text)
  const rows = []
  for (let i = 0; i < statements.length; i++) {
    const rest = [...statements.slice(0, i), ...statements.slice(i + 1)].join('\n')
    const head = statements[i].replace(/\s+/g, ' ').slice(0, 100)
    rows.push({ gzip: all - (await gzip(rest)), chars: statements[i].length, head })
  }
  return { gzip: all, files, statements: rows.sort((a, b) => b.gzip - a.gzip) }
}

/**
 * The public methods of the builders (DESIGN.md's names, `dmPermission` beside them):
 * methods of a class, which no bundler drops, whether a command calls them or not.
 */
export const CONTRACT_METHODS = [
  'options',
  'subcommand',
  'group',
  'localize',
  'required',
  'choices',
  'autocomplete',
  'min',
  'max',
  'minLength',
  'maxLength',
  'channelTypes',
  'defaultMemberPermissions',
  'contexts',
  'integrationTypes',
  'dmPermission',
  'nsfw',
  'handler',
  'toJSON',
]

/**
 * An esbuild plugin that cuts the methods `strip(className, methodName)` names out of
 * the builder classes of src/builders/ (parsed with TypeScript, so that only whole
 * method declarations go); what only they reached then falls away in the bundle.
 * `cut` collects `Class.method` of each method cut; `ts` is the TypeScript module
 * (imported by `contractParts` only: `sizes` and the tests of the bundle do without it).
 */
function stripMethods(ts, strip, cut) {
  return {
    name: 'strip-methods',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]builders[\\/][^\\/]+\.ts$/ }, async (args) => {
        const text = readFileSync(args.path, 'utf8')
        const file = ts.createSourceFile(args.path, text, ts.ScriptTarget.Latest, true)
        const ranges = []
        const visit = (node) => {
          if (ts.isClassDeclaration(node))
            for (const member of node.members)
              if (ts.isMethodDeclaration(member) && member.body !== undefined && strip(node.name?.text, member.name.getText(file))) {
                ranges.push([member.getFullStart(), member.end])
                cut.push(`${node.name?.text}.${member.name.getText(file)}`)
              }
          ts.forEachChild(node, visit)
        }
        visit(file)
        let contents = text
        for (const [start, end] of ranges.reverse()) contents = contents.slice(0, start) + contents.slice(end)
        return { contents, loader: 'ts' }
      })
    },
  }
}

/**
 * The build's renaming of the builder's and the walk's internal fields (tsup.config.ts,
 * `MANGLED_PROPS`), read from its text, so that a bundle from src/ is the size the
 * package's is.
 */
function buildMangle() {
  const table = /const MANGLED_PROPS = \{([^}]*)\}/.exec(readFileSync(`${root}tsup.config.ts`, 'utf8'))?.[1]
  const pairs = [...(table ?? '').matchAll(/'?([\w~]+)'?: '(\w+)'/g)].map((m) => [m[1], m[2]])
  if (pairs.length === 0) throw new Error('size: no MANGLED_PROPS in tsup.config.ts')
  return { mangleProps: new RegExp(`^(${pairs.map(([name]) => name).join('|')})$`), mangleQuoted: true, mangleCache: Object.fromEntries(pairs) }
}

/**
 * Issue 29's bundle (or `contents`') split by what the contract asks for, in gzip
 * bytes, bundled from src/ with the build's renamed fields (`buildMangle`; `--contract`):
 * - `methods`: what the builders' methods the command does not call cost, with
 *   everything only they reach: the bundle again with those methods cut out
 *   (`stripMethods`: every method of `CONTRACT_METHODS` the command's text does not
 *   call, and `toJSON` of every class but the command's: the command calls only its
 *   own). The contract has them as methods, so a command carries them;
 * - the rest split by source file, in this order, each the gzip bytes its removal
 *   from what is left saves (so the parts sum to the bundle): `text`, the command's
 *   own (`<stdin>`: its names, descriptions and localizations); `messages`, the issue
 *   catalogue (src/rules/messages.ts); `rules`, the run-time rules `toJSON` runs (the
 *   rest of src/rules/); `rest`, the builders and the wire tables (src/builders/,
 *   src/wire/), what is left;
 * - `alone`: each of those parts' removal from the stripped bundle by itself (gzip
 *   shares text across the parts, so these sum to more than the bundle).
 */
export async function contractParts(contents = ISSUE_29) {
  const called = new Set([...contents.matchAll(/\.([A-Za-z]+)\(/g)].map((m) => m[1]))
  const options = {
    stdin: { contents: contents.replace('./dist/index.js', './src/index.ts'), resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    outfile: 'out.js',
    minifySyntax: true,
    minifyIdentifiers: true,
    ...buildMangle(),
  }
  const gzip = async (code) => gzipSync((await transform(code, { minifyWhitespace: true, format: 'esm' })).code, { level: 9 }).length
  const whole = (await build(options)).outputFiles[0].text
  const cut = []
  const strip = (cls, method) => CONTRACT_METHODS.includes(method) && (method === 'toJSON' ? cls !== 'CommandImpl' : !called.has(method))
  const stripped = (await build({ ...options, plugins: [stripMethods((await import('typescript')).default, strip, cut)] })).outputFiles[0].text
  if (!stripped.includes('// <stdin>')) throw new Error('size: the bundle has no file markers to split by')
  // Each input file's code follows a `// path` line (esbuild, whitespace not minified).
  const sections = stripped.split(/\n(?=\/\/ (?:<stdin>|src\/)\S*\n)/)
  const partOf = (section) => {
    const file = /^\/\/ (\S+)/.exec(section)?.[1] ?? ''
    if (file === '<stdin>') return 'text'
    if (file === 'src/rules/messages.ts') return 'messages'
    if (file.startsWith('src/rules/')) return 'rules'
    return 'rest'
  }
  const without = (dropped) => sections.filter((section) => !dropped.includes(partOf(section))).join('\n')
  const total = await gzip(whole)
  const left = await gzip(stripped)
  const order = ['text', 'messages', 'rules', 'rest']
  const parts = { methods: total - left }
  const alone = {}
  let before = left
  for (let i = 0; i < order.length; i++) {
    const after = i === order.length - 1 ? 0 : await gzip(without(order.slice(0, i + 1)))
    parts[order[i]] = before - after
    before = after
    alone[order[i]] = left - (await gzip(without([order[i]])))
  }
  return { gzip: total, parts, alone, cut }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--contract')) {
    const { gzip, parts, alone, cut } = await contractParts(process.argv.includes('--ours') ? OURS : ISSUE_29)
    console.log(`gzip ${gzip} B (bundled from src/, the build's fields renamed), by what the contract asks for:`)
    console.log(`${String(parts.methods).padStart(6)} B  the builders' methods the command does not call, and what only they reach (${cut.join(', ')})`)
    const names = {
      text: "the command's own text (<stdin>)",
      messages: 'the messages (src/rules/messages.ts)',
      rules: 'the run-time rules toJSON runs (src/rules/, the rest)',
      rest: 'the builders and the wire tables (src/builders/, src/wire/)',
    }
    for (const [part, label] of Object.entries(names)) console.log(`${String(parts[part]).padStart(6)} B  ${label}; alone ${alone[part]} B`)
    if (!process.argv.includes('--ours')) {
      const forced = parts.methods + parts.text
      console.log(
        `at ${ISSUE_29_TARGET} B, what the command and the methods take (${forced} B) leaves ${ISSUE_29_TARGET - forced} B for the messages, the rules, the builders and the wire tables, which take ${parts.messages + parts.rules + parts.rest} B today`,
      )
    }
  } else if (process.argv.includes('--parts')) {
    const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 40)
    const report = await parts(process.argv.includes('--ours') ? OURS : ISSUE_29)
    console.log(`gzip ${report.gzip} B\nminified bytes per file:`)
    for (const f of report.files) console.log(`${String(f.minified).padStart(7)}  ${f.file}`)
    console.log('gzip bytes lost without each top-level statement (chars before whitespace minification):')
    for (const r of report.statements.slice(0, top)) console.log(`${String(r.gzip).padStart(5)} ${String(r.chars).padStart(6)}  ${r.head}`)
  } else console.log(await sizes())
}
