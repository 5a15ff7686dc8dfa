/**
 * The import graph of src/, read from the source text, for the layer test and the
 * circle test (test/package/layers.test.ts, test/package/circles.test.ts). Every
 * module specifier counts: `import` and `import type`, `export ... from` and
 * `export type ... from`, a bare `import './x.js'` and a literal `import('./x.js')`
 * (a type written `import('./x.js').T` is an import too).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

/** The `.ts` files under `dir`, at any depth. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))
}

const SPECIFIERS =
  /(?:^|\n)[ \t]*(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)?\s*from\s*['"]([^'"]+)['"]|(?:^|\n)[ \t]*import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g

/** The module specifiers a source text names, in order. */
export function importsOf(text: string): string[] {
  return [...text.matchAll(SPECIFIERS)].map((m) => (m[1] ?? m[2] ?? m[3]) as string)
}

/**
 * The files of `root` each file imports (paths relative to `root`): `./x.js` is
 * `x.ts`, a folder is its `index.ts`; packages, Node modules and files outside
 * `root` are left out.
 */
export function importGraph(root: string, files: readonly string[] = sourceFiles(root)): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets: string[] = []
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue
      const base = join(dirname(file), spec).replace(/\.js$/, '')
      const target = [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p))
      if (target === undefined || relative(root, target).startsWith('..')) continue
      const name = relative(root, target)
      if (!targets.includes(name)) targets.push(name)
    }
    graph.set(relative(root, file), targets)
  }
  return graph
}

/** The strongly connected components of more than one file (Tarjan), each sorted. */
function components(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next)
    next++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop() as string
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1) found.push(component.sort())
  }
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v)
  return found
}

/** The shortest way back from `start` to itself inside `within` (breadth first), as the files on it. */
function shortestLoop(graph: ReadonlyMap<string, readonly string[]>, start: string, within: ReadonlySet<string>): string[] {
  const from = new Map<string, string>()
  const queue = [start]
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i] as string
    for (const w of graph.get(v) ?? []) {
      if (!within.has(w)) continue
      if (w === start) {
        const chain = [v]
        while (chain[0] !== start) chain.unshift(from.get(chain[0] as string) as string)
        return chain
      }
      if (!from.has(w)) {
        from.set(w, v)
        queue.push(w)
      }
    }
  }
  return [start]
}

/** A circle written from its smallest file: `['b', 'a']` and `['a', 'b']` are one circle. */
function rotated(chain: readonly string[]): string[] {
  const at = chain.indexOf([...chain].sort()[0] as string)
  return [...chain.slice(at), ...chain.slice(0, at)]
}

/**
 * The import circles of a graph: for each file on one, the shortest circle
 * through it, each circle once, as a chain of files from its smallest name
 * (`['a.ts', 'b.ts']` reads a.ts -> b.ts -> a.ts).
 */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const seen = new Set<string>()
  const out: string[][] = []
  for (const component of components(graph)) {
    const within = new Set(component)
    for (const file of component) {
      const chain = rotated(shortestLoop(graph, file, within))
      const key = chain.join(' -> ')
      if (!seen.has(key)) {
        seen.add(key)
        out.push(chain)
      }
    }
  }
  return out
}

/** A circle as a reader follows it: `a.ts -> b.ts -> a.ts`. */
export const chainText = (chain: readonly string[]): string => [...chain, chain[0]].join(' -> ')
