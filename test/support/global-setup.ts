/**
 * Vitest global setup: builds dist/ (`npm run build`) when it is missing or older
 * than the sources, so the suites that read it run against the code under test
 * instead of skipping or testing an old build. A failed build fails the run.
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { distStaleness } from './dist.js'

export default function setup(): void {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const why = distStaleness(root)
  if (why === undefined) return
  console.log(`building dist/ first: ${why}`)
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  const still = distStaleness(root)
  if (still !== undefined) throw new Error(`npm run build did not bring dist/ up to date: ${still}`)
}
