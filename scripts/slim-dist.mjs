// The package as shipped, smaller (issue 29, "the install closure at most 1.2 MB"),
// run after tsup and scripts/share-declarations.mjs:
//
// 1. One copy of the entries that are tools beside an app rather than code inside
//    it: `slashkit/emulator`, `slashkit/testing` and `slashkit/redis`. Their CJS
//    build is the copy, and two one-line ES modules load it. A CJS entry cannot
//    load an ES module synchronously before Node 20.19, so the other way round is
//    not open. One copy is also one module: an ESM test and a CJS helper in one
//    process share one emulator, not two (the dual-package hazard).
//    - dist/emulator.js, for Node (package.json's `node` condition):
//      `export const { ... } = createRequire(import.meta.url)('./emulator.cjs')`.
//      A static `export { ... } from './emulator.cjs'` is what Node links too, but
//      it sends the file and every file it requires through the ESM loader's
//      CommonJS translation: importing the emulator took 67 ms of CPU against 19 ms
//      for the ESM build before; this way 17 ms.
//    - dist/emulator.module.js, for bundlers (`module`, which esbuild, webpack,
//      Rollup and Vite read and Node does not) and any other runtime (`default`):
//      the static re-export, which they follow into the CJS file. A bundler would
//      leave `createRequire(...)('./emulator.cjs')` to run, next to a bundle that
//      has no such file.
//    The core (`slashkit`, `slashkit/internal`), `slashkit/http` and
//    `slashkit/rest` stay real ESM beside their CJS twin: browsers, edge workers
//    and tree-shaking need it.
//    The CJS of emulator and testing requires the core as `#internal` (see
//    CORE_IMPORT): a bundler takes the ESM core there, the root's, not a second one.
//    Through the `module` file a bundler used to read the CJS core (dist/internal.cjs),
//    which loads each area above the command builders on first use: a bundler
//    follows only a literal `require('./x.cjs')` (esbuild leaves a require of a
//    variable, and the bundled emulator answered 500 the first time it needed an
//    area). tsup.config.ts writes literal requires; this script fails the build if
//    a shipped file still requires a variable.
// 2. The JavaScript without its whitespace and comments (esbuild's
//    `minifyWhitespace`), lines kept under LINE_LIMIT characters, and the names
//    local to a function (its parameters and variables) shortened by terser's
//    mangler (`shortenLocals`): 1,171 KB -> 776 KB without it, 679 KB with it. No
//    module-level name, function name or class name is renamed: a stack trace names
//    the same functions as before, at a line short enough to read. esbuild drops the annotations a bundler reads to tree-shake
//    (`/* @__PURE__ */`, `/* @__NO_SIDE_EFFECTS__ */`) when it minifies, so they are
//    put back where the source map of the minification says their expression went
//    (one command's bundle stays the same, test/package/size.test.ts).
// 3. The declarations indented by a tab a level instead of four spaces: two spaces
//    saved 8 KB of 440 KB, a tab 5 KB more of 397 KB. They are not minified:
//    editors show them, JSDoc and all, and render a tab as their indentation.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { transform } from 'esbuild'
import { minify as terser } from 'terser'
import ts from 'typescript'

const dist = new URL('../dist/', import.meta.url)
const require = createRequire(dist)

/** The entries shipped once, as CJS with an ESM re-export. */
const SINGLE_COPY = ['emulator', 'testing', 'redis']
/**
 * Longest line of the minified files, in characters: 1% more bytes than one line
 * per file (815 -> 823 KB at 120). 160 took 1,789 B off the install (1,199,912 ->
 * 1,198,123 B), 200 1,014 B more; a line of 200 still reads in a terminal and in a
 * stack frame.
 */
const LINE_LIMIT = 200
const ANNOTATION = /\/\*\s*[#@]__(PURE|NO_SIDE_EFFECTS)__\s*\*\/\s*/g
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Where each source position of a source map went: "line:column" (0-based) to [line, column] of the output. */
function outputPositions(mappings) {
  const at = new Map()
  let sourceLine = 0
  let sourceColumn = 0
  mappings.split(';').forEach((segments, line) => {
    let column = 0
    for (const segment of segments.split(',')) {
      if (segment === '') continue
      const fields = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = BASE64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0]
      if (fields.length < 4) continue
      sourceLine += fields[2]
      sourceColumn += fields[3]
      const key = `${sourceLine}:${sourceColumn}`
      if (!at.has(key)) at.set(key, [line, column])
    }
  })
  return at
}

const lineStarts = (text) => {
  const starts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}

/** `code` with whitespace and comments taken out and its tree-shaking annotations kept. */
async function minify(code, file) {
  const out = await transform(code, { loader: 'js', minifyWhitespace: true, lineLimit: LINE_LIMIT, sourcemap: 'external', sourcefile: file, logLevel: 'warning' })
  const positions = outputPositions(JSON.parse(out.map).mappings)
  const inLines = lineStarts(code)
  const outLines = lineStarts(out.code)
  const inserts = []
  let line = 0
  for (const m of code.matchAll(ANNOTATION)) {
    // The annotated expression starts after the comment, maybe with parentheses: `/* @__PURE__ */ (0, f)()`.
    let at = m.index + m[0].length
    let parens = 0
    while (code[at] === '(') {
      parens++
      at++
      while (/\s/.test(code[at])) at++
    }
    while (line + 1 < inLines.length && inLines[line + 1] <= at) line++
    const to = positions.get(`${line}:${at - inLines[line]}`)
    if (to === undefined) throw new Error(`slim-dist: dist/${file}:${line + 1}: no place for the annotation before ${JSON.stringify(code.slice(at, at + 30))}`)
    // The output may drop a parenthesis the input had (`(X2) =>` is `X2=>`): step back over
    // at most as many, and never over one that opens a call's arguments (after a name, `)` or `]`).
    let index = outLines[to[0]] + to[1]
    for (let i = 0; i < parens && out.code[index - 1] === '(' && !/[\w$)\]]/.test(out.code[index - 2] ?? ''); i++) index--
    inserts.push([index, `/*@__${m[1]}__*/`])
  }
  let text = out.code
  for (const [index, annotation] of inserts.sort((a, b) => b[0] - a[0])) text = text.slice(0, index) + annotation + text.slice(index)
  return text
}

/**
 * `code` with its local names shortened: the parameters and variables inside
 * functions, never a module's top-level names, a function's or a class's (terser's
 * `keep_fnames`, `keep_classnames`: a stack trace reads as before), nothing else
 * rewritten (`compress: false`), the annotations kept.
 */
async function shortenLocals(code, file) {
  const out = await terser(code, {
    compress: false,
    // Not parsed as a module (`module`), which would rename the top-level names too; `export` parses all the same.
    mangle: { keep_fnames: true, keep_classnames: true },
    module: false,
    // The whitespace is esbuild's to take out next (`minify`), which keeps a template's lines as lines.
    format: { preserve_annotations: true, comments: false, beautify: true },
  })
  if (out.code === undefined) throw new Error(`slim-dist: terser gave nothing for dist/${file}`)
  return out.code
}

/** A `require` of a variable, which bundlers cannot follow: `require(file)`. */
const DYNAMIC_REQUIRE = /\brequire\(\s*([A-Za-z_$][\w$]*)\s*\)/g

const size = (file) => statSync(new URL(file, dist)).size
const files = readdirSync(dist).filter((f) => /\.c?js$/.test(f))
const sizeBefore = files.reduce((n, f) => n + size(f), 0)

for (const file of files.filter((f) => !SINGLE_COPY.includes(f.replace(/\.js$/, '')))) {
  const url = new URL(file, dist)
  writeFileSync(url, await minify(await shortenLocals(readFileSync(url, 'utf8'), file), file))
}
for (const file of files) {
  const left = [...readFileSync(new URL(file, dist), 'utf8').matchAll(DYNAMIC_REQUIRE)]
  if (left.length > 0) throw new Error(`slim-dist: dist/${file} still requires a variable (${left[0]?.[0]})`)
}

/**
 * The core as a single-copy entry requires it: `#internal` (package.json's `imports`),
 * dist/internal.cjs for Node and dist/internal.js, the ESM core, for bundlers (the
 * `module` and `browser` conditions). A bundle of `slashkit` beside `slashkit/testing`
 * or `slashkit/emulator` then holds one core, the one the root's ESM imports: through
 * `require("./internal.cjs")` it held both (browser, esbuild, gzip: 87,982 -> 74,034 B,
 * test/package/one-core.test.ts). Node reads the `imports` of the package's own
 * package.json, once, when the entry loads.
 */
const CORE_IMPORT = '#internal'
for (const entry of SINGLE_COPY) {
  const url = new URL(`${entry}.cjs`, dist)
  const code = readFileSync(url, 'utf8').replaceAll('require("./internal.cjs")', `require("${CORE_IMPORT}")`)
  if (/require\("\.\/internal/.test(code)) throw new Error(`slim-dist: dist/${entry}.cjs requires a file of the CJS core other than through ${CORE_IMPORT}`)
  writeFileSync(url, code)
}

const exported = new Map()
for (const entry of SINGLE_COPY) {
  const esm = new URL(`${entry}.js`, dist)
  const names = Object.keys(await import(esm.href)).sort()
  const cjs = Object.keys(require(`./${entry}.cjs`))
  // Both builds export the same names, or the ESM users would lose one.
  if (names.length === 0 || names.some((n) => !cjs.includes(n)))
    throw new Error(`slim-dist: dist/${entry}.cjs does not export every name of dist/${entry}.js (${names.filter((n) => !cjs.includes(n)).join(', ')})`)
  if (names.includes('default')) throw new Error(`slim-dist: dist/${entry}.js has a default export, which the re-export would not carry`)
  exported.set(entry, names)
  const list = names.join(', ')
  writeFileSync(
    esm,
    `// slashkit/${entry} for Node's import: the CJS build, one copy for both formats, loaded by require (scripts/slim-dist.mjs).\nimport { createRequire } from 'node:module';\nexport const { ${list} } = createRequire(import.meta.url)('./${entry}.cjs');\n`,
  )
  writeFileSync(
    new URL(`${entry}.module.js`, dist),
    `// slashkit/${entry} for bundlers: the CJS build re-exported, one copy for both formats (scripts/slim-dist.mjs).\nexport { ${list} } from './${entry}.cjs';\n`,
  )
}

// Both ES modules link, and export what the ESM build did.
for (const entry of SINGLE_COPY)
  for (const file of [`${entry}.js`, `${entry}.module.js`]) {
    const names = Object.keys(await import(`${new URL(file, dist).href}?linked`)).sort()
    if (names.join() !== exported.get(entry).join()) throw new Error(`slim-dist: dist/${file} exports ${names.join(', ')}`)
  }

/** The lines of a declaration file indented by a tab a level; refused if a string or template literal spans lines (its text would change). */
function reindent(text, file) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const visit = (node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) && node.getText(source).includes('\n'))
      throw new Error(`slim-dist: dist/${file} has a literal over several lines; its indentation is its text`)
    ts.forEachChild(node, visit)
  }
  visit(source)
  // Done already (a second run): the first level of a declaration is a tab in.
  if (!/^\S[^\n]*\{\n {4}\S/m.test(text)) return text
  return text.replace(/^( {4})+/gm, (indent) => '\t'.repeat(indent.length / 4))
}

const declarations = readdirSync(dist).filter((f) => f.endsWith('.d.cts'))
const declarationsBefore = declarations.reduce((n, f) => n + size(f), 0)
for (const file of declarations) {
  const url = new URL(file, dist)
  writeFileSync(url, reindent(readFileSync(url, 'utf8'), file))
}
const declarationsAfter = declarations.reduce((n, f) => n + size(f), 0)

const sizeAfter = files.reduce((n, f) => n + size(f), 0)
console.log(
  `dist/: ${SINGLE_COPY.join(', ')} shipped once (CJS, loaded by two one-line ES modules); JavaScript minified, ${sizeBefore} -> ${sizeAfter} B; declarations ${declarationsBefore} -> ${declarationsAfter} B`,
)
