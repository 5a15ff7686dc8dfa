// The declarations as shipped without the doc comments nobody can see (issue 29,
// "the install closure at most 1.2 MB"), run after scripts/slim-dist.mjs.
//
// An editor shows a declaration's doc comment where the user names it: hovering
// an import, a call, a type written in their code. A declaration that no entry
// of package.json exports (the type-level machinery of src/builders/types, the
// walks and checks behind a refusal, the helpers of a handler map) can never be
// named by a user, so its doc comment is never shown; it is a note for the
// library's own readers, who have the source. Half of the declarations' bytes
// were such notes. This script resolves every name each public entry exports
// (through the `import { a as b } from './chunk.cjs'` and `export { x as y }` lists
// the declaration bundler writes) to the declaration it names in its file, and
// drops the doc comment of each top-level declaration that none reaches. Members
// keep theirs (a member of an interface a public function returns is shown on
// hover), and so does every declaration a public entry exports.
//
// `slashkit/internal` is not a public entry here: it is how the entries share one
// core, not API (README: "its other names change without notice"), so a name
// only it exports (`argumentError`, `CheckHandlers`, `OPTION_CAPABILITIES`) is not
// one a user names either: 98 doc comments, 16,085 B of the install.
//
//   node scripts/hidden-docs.mjs          rewrites dist/*.d.cts
//   node scripts/hidden-docs.mjs --dry    prints what it would drop
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

const dist = new URL('../dist/', import.meta.url)
const dry = process.argv.includes('--dry')

/** The `.d.cts` file each entry's types point at: every declaration file that is not a chunk. */
const files = readdirSync(dist).filter((f) => f.endsWith('.d.cts'))
const isChunk = (f) => /-[A-Za-z0-9_-]{8}\.d\.cts$/.test(f)
const texts = new Map(files.map((f) => [f, readFileSync(new URL(f, dist), 'utf8')]))

/** `name as alias` pairs of a brace list: [local, exported]. */
function pairs(list) {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [local, alias] = part.split(/\s+as\s+/)
      return [local.trim(), (alias ?? local).trim()]
    })
}

/** For one file: its exports (exported name -> local name) and imports (local name -> [file, exported name]). */
function links(text) {
  const exports = new Map()
  const imports = new Map()
  for (const m of text.matchAll(/(?:^|\n)export\s*(?:type\s*)?\{([^}]*)\}\s*(?:from\s*'\.\/([^']+)')?;/g)) {
    for (const [local, exported] of pairs(m[1])) {
      if (m[2] !== undefined) {
        // `export { a as b } from './x.cjs'`: a re-export, resolved in that file.
        const target = m[2].replace(/\.c?js$/, '.d.cts')
        exports.set(exported, `\0${target}\0${local}`)
      } else exports.set(exported, local)
    }
  }
  for (const m of text.matchAll(/(?:^|\n)import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.\/([^']+)';/g)) {
    const target = m[2].replace(/\.c?js$/, '.d.cts')
    for (const [exported, local] of pairs(m[1])) imports.set(local, [target, exported])
  }
  return { exports, imports }
}

const graph = new Map([...texts].map(([f, t]) => [f, links(t)]))
/** `file\0local` of every declaration an entry's export reaches. */
const seen = new Set()

/** Marks the declaration `local` of `file`, following an import to its file. */
function reach(file, local) {
  const key = `${file}\0${local}`
  if (seen.has(key)) return
  seen.add(key)
  const links = graph.get(file)
  if (links === undefined) return
  const via = links.imports.get(local)
  if (via !== undefined) exportOf(via[0], via[1])
}

/** Marks what `file` exports as `name`. */
function exportOf(file, name) {
  const links = graph.get(file)
  const local = links?.exports.get(name)
  if (local === undefined) return
  if (local.startsWith('\0')) {
    const [, target, inner] = local.split('\0')
    exportOf(target, inner)
  } else reach(file, local)
}

/** The private entry, whose own exports are not reached (see above). */
const PRIVATE = 'internal.d.cts'
for (const file of files.filter((f) => !isChunk(f) && f !== PRIVATE)) for (const name of graph.get(file).exports.keys()) exportOf(file, name)

let dropped = 0
let count = 0
let headers = 0
let headerBytes = 0
for (const [file, text] of texts) {
  // A source file's own doc comment (its header, which the declaration bundler
  // keeps above the file's first declaration, a blank line between): a note on the
  // module for the library's readers. An editor would show it as the doc of the
  // declaration below when that one has none of its own, which describes the
  // wrong thing. With those above a doc comment (below): 75 headers, 28,852 B.
  const bare = text.replace(/(^|\n)\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n(?=\n)/g, (whole, start) => {
    headerBytes += whole.length - start.length
    headers++
    return start
  })
  // Doc comments at the start of a line, then a top-level declaration. A header
  // right above a declaration's own doc comment is in the run too: an editor
  // shows the last comment only, so a reached declaration keeps its own.
  const out = bare.replace(
    /(^|\n)((?:\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n)+)(?=(?:export )?(?:declare )?(?:type|interface|const|function|class|enum|namespace|abstract class) ([\w$]+))/g,
    (whole, start, run, name) => {
      const kept = seen.has(`${file}\0${name}`) ? run.slice(run.lastIndexOf('/**')) : ''
      if (kept === run) return whole
      if (kept === '') {
        count++
        dropped += run.length
      } else {
        headers++
        headerBytes += run.length - kept.length
      }
      return start + kept
    },
  )
  if (!dry && out !== text) writeFileSync(new URL(file, dist), out)
}
const verb = dry ? 'would be dropped' : 'dropped'
console.log(
  `declarations: ${count} doc comments of declarations no entry exports ${verb} (${dropped.toLocaleString('en')} B), and ${headers} module headers (${headerBytes.toLocaleString('en')} B)`,
)
