/**
 * "Command option" rule 1 (the spec: required options come before optional ones)
 * through every file that encodes it (docs/internals.md, "A tour"): the same
 * cases (required-order.cases.ts) through the rules, the builders, `fromJSON`,
 * `parse`, the emulator, the REST client and the CLI, each giving the verdict and
 * the paths worked out from the case alone; and through the types, by the
 * generated test-d/tour.test-d.ts, which scripts/check-types.mjs and tsd compile.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { fromJSON, isValidationError, option, safeParse, slash, validateCommand, validateCommands, type Issue } from '../../src/index.js'
import { run, type CliWorld } from '../../src/cli/run.js'
import { createEmulator } from '../../src/emulator/index.js'
import { createClient } from '../../src/rest/index.js'
import { CASES, expected, toJSON, typeTestSource, type Call, type Shape } from './required-order.cases.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const APP = '100000000000000001'

/** The paths of the `options.order` issues, sorted. */
const orderPaths = (issues: readonly Issue[]) =>
  issues
    .filter((i) => i.code === 'options.order')
    .map((i) => [...i.path])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

const sortPaths = (paths: (string | number)[][]) => paths.slice().sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

/** What a throwing encoder says: the order paths of its `ValidationError`, or `[]` when it does not throw. */
function thrown(fn: () => unknown): (string | number)[][] {
  try {
    fn()
    return []
  } catch (error) {
    if (!isValidationError(error)) throw error
    return orderPaths(error.issues)
  }
}

/** The builders, driven at run time from the shape (the types are the type test's business). */
function build(shape: Shape): { toJSON(): unknown } {
  let at = 0
  const list = (target: any, calls: readonly Call[]) => {
    let b = target
    at = 0
    const kinds = ['string', 'user', 'integer', 'boolean'] as const
    for (const call of calls)
      b = b.options(
        ...call.map((mark) => {
          const i = at++
          const o = (option as any)[kinds[i % kinds.length] as string](`${mark}${i}`, 'd')
          return mark === 'r' ? o.required() : o
        }),
      )
    return b
  }
  let command: any = slash('tour', 'd')
  if ('options' in shape) return list(command, shape.options)
  for (const s of shape.subcommands ?? []) command = command.subcommand(s.name, 'd', (b: any) => list(b, s.options))
  for (const g of shape.groups ?? [])
    command = command.group(g.name, 'd', (gb: any) => {
      let out = gb
      for (const s of g.subcommands) out = out.subcommand(s.name, 'd', (b: any) => list(b, s.options))
      return out
    })
  return command
}

/** The paths of the public error code a 400 from the emulator carries (`errors`, nested by path). */
function publicPaths(errors: unknown, code: string, at: (string | number)[] = []): (string | number)[][] {
  if (typeof errors !== 'object' || errors === null) return []
  const out: (string | number)[][] = []
  for (const [key, value] of Object.entries(errors)) {
    if (key === '_errors') {
      if ((value as { code: string }[]).some((e) => e.code === code)) out.push(at)
    } else out.push(...publicPaths(value, code, [...at, /^\d+$/.test(key) ? Number(key) : key]))
  }
  return out
}

const dir = mkdtempSync(join(tmpdir(), 'slashkit-tour-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('required before optional: every encoder gives the same verdict on the same cases', () => {
  it('the cases hold both verdicts, on leaf lists, subcommands and groups', () => {
    const verdicts = CASES.map((c) => expected(c.shape).valid)
    expect(verdicts.filter((v) => v).length).toBeGreaterThanOrEqual(5)
    expect(verdicts.filter((v) => !v).length).toBeGreaterThanOrEqual(5)
    for (const kind of ['options', 'subcommands', 'groups'])
      expect(
        CASES.some((c) => kind in c.shape && !expected(c.shape).valid),
        kind,
      ).toBe(true)
  })

  for (const c of CASES) {
    const want = expected(c.shape)
    const json = toJSON(c.shape)
    const paths = sortPaths(want.paths)

    describe(`${c.name} (${want.valid ? 'valid' : 'invalid'})`, () => {
      it('rules: validateCommand and validateCommands (src/rules/)', () => {
        const one = validateCommand(json)
        expect(one.ok).toBe(want.valid)
        expect(one.ok ? [] : orderPaths(one.issues)).toEqual(paths)
        const set = validateCommands([json])
        expect(set.ok ? [] : orderPaths(set.issues)).toEqual(sortPaths(want.paths.map((p) => [0, ...p])))
      })

      it('builders: toJSON (src/builders/command.ts) gives the same JSON or the same issues', () => {
        const b = build(c.shape)
        expect(thrown(() => b.toJSON())).toEqual(paths)
        if (want.valid) expect(b.toJSON()).toEqual(json)
      })

      it('fromJSON (src/builders/from-json.ts)', () => {
        expect(thrown(() => fromJSON(json))).toEqual(paths)
      })

      it('parse: a plain definition is validated before it is compiled (src/parse/compile.ts)', () => {
        // Any interaction will do: an invalid definition is refused before the payload is read.
        expect(thrown(() => safeParse(json as never, { type: 2, data: { name: 'tour', type: 1 } }))).toEqual(paths)
      })

      it('emulator: POST .../commands answers 400 APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID at each path', async () => {
        const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
        const res = await emulator.fetch(`${emulator.baseUrl}/applications/${APP}/commands`, {
          method: 'POST',
          headers: { authorization: 'Bot tour-token', 'content-type': 'application/json' },
          body: JSON.stringify(json),
        })
        const body = (await res.json()) as { code?: number; errors?: unknown }
        expect(res.status).toBe(want.valid ? 201 : 400)
        expect(sortPaths(publicPaths(body.errors, 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID'))).toEqual(paths)
      })

      it('REST client: createCommand refuses before sending (src/rest/client.ts)', async () => {
        const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
        const rest = createClient({ token: 'Bot tour-token', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
        const outcome = await rest.createCommand(json as never).then(
          () => [],
          (error: unknown) => {
            if (!isValidationError(error)) throw error
            return orderPaths(error.issues)
          },
        )
        expect(outcome).toEqual(paths)
        expect(emulator.requests.filter((r) => r.method === 'POST').length).toBe(want.valid ? 1 : 0)
      })

      it('CLI: slashkit validate FILE (src/cli/run.ts)', async () => {
        const file = `${c.name.replace(/[^a-z0-9]+/gi, '-')}.json`
        writeFileSync(join(dir, file), JSON.stringify(json))
        const out: string[] = []
        const world: CliWorld = { stdout: (l) => void out.push(l), stderr: (l) => void out.push(l), env: {}, cwd: dir }
        expect(await run(['validate', file], world)).toBe(want.valid ? 0 : 1)
        expect(out.join('\n').split('[options.order]').length - 1).toBe(paths.length)
      })
    })
  }

  it('types: test-d/tour.test-d.ts is generated from the same cases (checked by tsd and scripts/check-types.mjs)', () => {
    const path = join(root, 'test-d/tour.test-d.ts')
    const source = typeTestSource()
    if (process.env.SLASHKIT_WRITE_TOUR === '1') writeFileSync(path, source)
    expect(readFileSync(path, 'utf8'), 'regenerate with SLASHKIT_WRITE_TOUR=1 npx vitest run test/tour').toBe(source)
    // Every case is in it, with its verdict: an expectError exactly for the invalid ones.
    for (const c of CASES) {
      const at = source.indexOf(`// case: ${c.name}\n`)
      expect(at, c.name).toBeGreaterThanOrEqual(0)
      const next = source.slice(at).split('\n')[1] as string
      expect(next.startsWith('// ❌'), c.name).toBe(!expected(c.shape).valid)
    }
  })
})
