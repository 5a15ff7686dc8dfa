// Builds the `slashkit dev` page: src/cli/page/main.ts bundled by esbuild (a
// devDependency; nothing at run time) and inlined into src/cli/page/index.html,
// written to dist/dev-page.html, which `slashkit dev` serves on 127.0.0.1.
// The page ships in the package: its style sheet is minified by esbuild too, and
// the indentation of its markup dropped (23,955 -> 23,013 B). It ships gzipped,
// dist/dev-page.html.gz (23,013 -> 8,098 B of the install, whose 1.2 MB issue 29
// bounds); the CLI unzips it once when it serves it (src/cli/dev.ts, `page`).
import { readFile, writeFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { build, transform } from 'esbuild'

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
const template = await readFile(new URL('src/cli/page/index.html', root), 'utf8')
const [head, style, rest] = template.split(/<\/?style>/)
if (rest === undefined) throw new Error('build-dev-page: src/cli/page/index.html has no <style> element')
const css = (await transform(style, { loader: 'css', minify: true })).code.trim()
// Markup indentation only: no element of the page keeps white space (no <pre>).
const markup = (text) => text.replace(/\n\s*/g, '\n')
const html = `${markup(head)}<style>${css}</style>${markup(rest)}`.replace('/*PAGE_SCRIPT*/', () => script)
const zipped = gzipSync(html, { level: 9 })
await writeFile(new URL('dist/dev-page.html.gz', root), zipped)
console.log(`dist/dev-page.html.gz: ${html.length} bytes, ${zipped.length} gzipped`)
