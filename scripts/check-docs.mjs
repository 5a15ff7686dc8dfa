#!/usr/bin/env node
// Compiles every ```ts block of README.md and docs/*.md against the built package,
// so the documentation cannot rot. A block fenced as ```ts expect-error must fail
// to compile (it shows what the types refuse); every other ts block must compile.
// Usage: node scripts/check-docs.mjs   (after `npm run build`)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
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

// One set of options for both compilers, as a tsconfig writes them: TypeScript 7.0
// reads it from a file, 5.9's API from its conversion.
const compilerOptions = {
  strict: true,
  noEmit: true,
  target: 'es2022',
  module: 'esnext',
  moduleResolution: 'bundler',
  lib: ['es2022', 'dom'],
  types: [],
  skipLibCheck: true,
  // What `tsc --init` turns on (TypeScript 5.9 to 7.0): a block must compile in a new user's project.
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noUnusedLocals: false,
}
const converted = ts.convertCompilerOptionsFromJson(compilerOptions, out)
if (converted.errors.length > 0) throw new Error(`docs: ${ts.flattenDiagnosticMessageText(converted.errors[0].messageText, '\n')}`)
const program = ts.createProgram(
  blocks.map((b) => b.file),
  converted.options,
)
let failures = 0
/** Reports a block whose errors (`messages`, from one compiler) are not what its fence says. */
function judge(b, messages, compiler) {
  const where = `${b.source}:${b.line} (${compiler})`
  if (b.expectError && messages.length === 0) {
    failures++
    console.error(`${where}: the block is marked expect-error but compiles`)
  } else if (!b.expectError && messages.length > 0) {
    failures++
    for (const m of messages) console.error(`${where}: ${m}`)
  }
}
for (const b of blocks) {
  const sf = program.getSourceFile(b.file)
  const diags = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]
  judge(
    b,
    diags.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    `TypeScript ${ts.version}`,
  )
}

// The same blocks under TypeScript 7.0, the compiler `npm i -D typescript` installs
// today: it has no JavaScript API, so its command line checks them, with the same
// options (`compilerOptions`), and its errors are read back by file. Twice: as a
// bundler resolves (Vite, esbuild, Next), and as `tsc --init` sets a project up
// (`module: nodenext`, the package's `exports` as Node reads them; there
// `import Redis from 'ioredis'` is the module, not the class).
const tsc7 = join(root, 'node_modules/typescript7/bin/tsc')
function native(options, label) {
  writeFileSync(join(out, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: blocks.map((b) => b.file) }))
  const run = spawnSync(process.execPath, [tsc7, '-p', join(out, 'tsconfig.json'), '--pretty', 'false'], { cwd: out, encoding: 'utf8' })
  if (run.error !== undefined || run.status > 2 || run.stderr !== '') {
    console.error(`docs: TypeScript 7.0 did not run (status ${run.status}): ${run.error?.message ?? run.stderr}`)
    process.exit(1)
  }
  const errors = new Map(blocks.map((b) => [b.file, []]))
  let current
  for (const line of run.stdout.split('\n')) {
    const m = /^(.+?\.ts)\(\d+,\d+\): error (TS\d+: .*)$/.exec(line)
    if (m !== null) {
      current = errors.get(join(out, m[1])) ?? errors.get(m[1])
      if (current === undefined) {
        console.error(`docs: TypeScript 7.0 reported a file that is no block: ${line}`)
        process.exit(1)
      }
      current.push(m[2])
    } else if (current !== undefined && line.startsWith('  ')) current[current.length - 1] += `\n${line}`
  }
  for (const b of blocks) judge(b, errors.get(b.file), label)
}
native(compilerOptions, 'TypeScript 7.0')
native({ ...compilerOptions, module: 'nodenext', moduleResolution: 'nodenext' }, 'TypeScript 7.0, module nodenext')

rmSync(out, { recursive: true, force: true })
console.log(`docs: ${blocks.length} ts blocks checked in ${sources.length} files under TypeScript ${ts.version} and 7.0 (module esnext and nodenext), ${failures} failing`)
process.exit(failures === 0 ? 0 : 1)
