/**
 * Whether dist/ is what `npm run build` would make of the sources now. The suites
 * that read dist/ (the type tests against the built declarations, the package and
 * CLI tests) must never run against a stale or missing build, nor skip because of
 * one: test/support/global-setup.ts builds it first when this says so.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** What the build reads, besides src/: a change to any of them makes dist/ stale. */
const BUILD_INPUTS = ['src', 'tsup.config.ts', 'package.json', 'scripts/build-dev-page.mjs', 'scripts/share-declarations.mjs', 'scripts/slim-dist.mjs', 'scripts/hidden-docs.mjs']

/** Every dist/ file that package.json names (exports, main, module, types, bin), and the dev page. */
export function distOutputs(root: string): string[] {
  const found = new Set<string>(['dist/dev-page.html.gz'])
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.startsWith('./dist/')) found.add(v.slice(2))
    } else if (typeof v === 'object' && v !== null) for (const value of Object.values(v)) walk(value)
  }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>
  for (const key of ['main', 'module', 'types', 'bin', 'exports']) walk(pkg[key])
  return [...found].sort()
}

function newestUnder(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestUnder(join(path, entry)))
  return newest
}

/** Why dist/ under `root` must be rebuilt (a missing output, or an input newer than an output), or `undefined` when it is fresh. */
export function distStaleness(root: string): string | undefined {
  const outputs = distOutputs(root)
  const missing = outputs.find((file) => !existsSync(join(root, file)))
  if (missing !== undefined) return `${missing} is missing`
  const oldest = Math.min(...outputs.map((file) => statSync(join(root, file)).mtimeMs))
  for (const input of BUILD_INPUTS) {
    const path = join(root, input)
    if (existsSync(path) && newestUnder(path) > oldest) return `${input} changed after the last build`
  }
  return undefined
}
