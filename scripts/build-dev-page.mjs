// Builds the `slashkit dev` page: src/cli/page/main.ts bundled by esbuild (a
// devDependency; nothing at run time) and inlined into src/cli/page/index.html,
// written to dist/dev-page.html, which `slashkit dev` serves on 127.0.0.1.
import { readFile, writeFile } from 'node:fs/promises'
import { build } from 'esbuild'

const root = new URL('../', import.meta.url)
const out = await build({
  entryPoints: [new URL('src/cli/page/main.ts', root).pathname],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  write: false,
  logLevel: 'warning',
})
// "</script" inside the code would end the element early.
const script = out.outputFiles[0].text.replaceAll('</', '<\\/')
const html = (await readFile(new URL('src/cli/page/index.html', root), 'utf8')).replace('/*PAGE_SCRIPT*/', () => script)
await writeFile(new URL('dist/dev-page.html', root), html)
console.log(`dist/dev-page.html: ${html.length} bytes`)
