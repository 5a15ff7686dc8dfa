#!/usr/bin/env node
// Compiles every ```ts block of README.md and docs/*.md against the built package,
// so the documentation cannot rot. A block fenced as ```ts expect-error must fail
// to compile (it shows what the types refuse); every other ts block must compile.
// Usage: node scripts/check-docs.mjs   (after `npm run build`)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const root = new URL('..', import.meta.url).pathname
const out = join(root, '.docs-check')
rmSync(out, { recursive: true, force: true })
mkdirSync(out)

const sources = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]
const blocks = []
for (const source of sources) {
  const text = readFileSync(join(root, source), 'utf8')
  const fence = /^```ts( expect-error)?\n([\s\S]*?)^```$/gm
  let m
  while ((m = fence.exec(text)) !== null) {
    const line = text.slice(0, m.index).split('\n').length
    const file = join(out, `${source.replace(/[/.]/g, '_')}_${line}.ts`)
    // Each block is a module of its own.
    writeFileSync(file, `${m[2]}\nexport {}\n`)
    blocks.push({ source, line, file, expectError: m[1] !== undefined })
  }
}

const program = ts.createProgram(
  blocks.map((b) => b.file),
  {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    // What `tsc --init` turns on (TypeScript 5.9 to 7.0): a block must compile in a new user's project.
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noUnusedLocals: false,
  },
)
let failures = 0
for (const b of blocks) {
  const sf = program.getSourceFile(b.file)
  const diags = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]
  const where = `${b.source}:${b.line}`
  if (b.expectError && diags.length === 0) {
    failures++
    console.error(`${where}: the block is marked expect-error but compiles`)
  } else if (!b.expectError && diags.length > 0) {
    failures++
    for (const d of diags) console.error(`${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
  }
}
rmSync(out, { recursive: true, force: true })
console.log(`docs: ${blocks.length} ts blocks checked in ${sources.length} files, ${failures} failing`)
process.exit(failures === 0 ? 0 : 1)
