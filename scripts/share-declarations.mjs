// One set of declarations for the ESM and the CJS build (run after tsup).
//
// tsup writes the declarations twice, `.d.ts` files for the ESM build and `.d.cts`
// files for the CJS build, with the same text apart from the extensions in their
// imports: 290 KB of the 1.65 MB the package took unpacked. The `.d.cts` set stays
// whole; each entry's `.d.ts` becomes one line that re-exports its `.d.cts` twin,
// and the `.d.ts` chunks go. An ES module may import a CommonJS one, so the ESM
// entry keeps its own format (what `attw --pack` checks: ESM JavaScript typed by an
// ESM declaration file) and both builds name the same declarations.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'

const dist = new URL('../dist/', import.meta.url)
const files = readdirSync(dist)
// An entry has its JavaScript beside its declarations: index.cjs and index.d.cts.
const entries = files.filter((f) => f.endsWith('.d.cts') && files.includes(f.replace(/\.d\.cts$/, '.cjs'))).map((f) => f.slice(0, -'.d.cts'.length))
if (entries.length === 0) throw new Error('share-declarations: no .d.cts entry in dist/ (run tsup first)')

for (const entry of entries) {
  if (/\bexport\s+default\b|\bas default\b/.test(readFileSync(new URL(`${entry}.d.cts`, dist), 'utf8')))
    throw new Error(`share-declarations: dist/${entry}.d.cts has a default export, which \`export *\` does not carry`)
  writeFileSync(new URL(`${entry}.d.ts`, dist), `export * from './${entry}.cjs'\n`)
}
let removed = 0
for (const f of files)
  if (f.endsWith('.d.ts') && !entries.includes(f.slice(0, -'.d.ts'.length))) {
    rmSync(new URL(f, dist))
    removed++
  }
console.log(`dist/: ${entries.length} ESM declaration entries re-export their .d.cts twins; ${removed} duplicate .d.ts chunks removed`)
