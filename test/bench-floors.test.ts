/**
 * bench/floors.mjs (issue 29's floors under the contract): its quick mode on the
 * first 12 commands of the workload must measure every part it reports (a positive,
 * finite time: a part that ran nothing would read 0), and its floor implementations
 * must do what the report says they do: one step a call, two for a subcommand or
 * group with a callback; a walk that visits every object, key and value and reads
 * each string's length. No figure is asserted: they are the bench's to report.
 */
import { describe, expect, it } from 'vitest'
import { countSteps, countValues, describeFloors, floorBuilders, floors, floorWalk } from '../bench/floors.mjs'
import { makeWorkload } from '../bench/workload.mjs'

describe('bench/floors.mjs', () => {
  it('measures every part of the row, the row without validation and the floor on a small set', async () => {
    const result = await floors(makeWorkload().slice(0, 12), { rounds: 2, batchMs: 1, tag: 'test' })
    for (const [part, ms] of Object.entries(result.ms)) {
      expect(Number.isFinite(ms), part).toBe(true)
      expect(ms, part).toBeGreaterThan(0)
    }
    for (const [line, ratio] of Object.entries(result.ratios)) expect(ratio, line).toBeGreaterThan(0)
    expect(result.counts.calls).toBeGreaterThan(100)
    expect(result.counts.steps).toBeGreaterThanOrEqual(result.counts.calls)
    expect(result.counts.values).toBeGreaterThan(0)
    const report = describeFloors('twelve commands', result).join('\n')
    for (const line of ['the row ', 'the row without validation', '(chain + validate + stringify) / baseline', '(a + b + c + d) / baseline', 'replay free:', 'floor:'])
      expect(report).toContain(line)
  }, 60_000)

  it('counts one step a call, and two for a subcommand filled by a callback', () => {
    const { slash, option, choice, commands } = floorBuilders
    const ban = slash('ban', 'Ban').options(option.string('why', 'Why').choices(choice('a', 'a'), choice('b', 'b')).required())
    // slash, option.string, choice x2, .choices, .required, .options: 7 calls, 7 steps.
    expect(countSteps(ban)).toEqual({ steps: 7, calls: 7 })
    const config = slash('config', 'Settings').subcommand('show', 'Show', (s) => s.options(option.user('who', 'Who')))
    // slash, .subcommand (its child's first step too), option.user, .options; commands: 5 calls, 6 steps.
    expect(countSteps(commands(config))).toEqual({ steps: 6, calls: 5 })
  })

  it('walks every object, key and value, reading each string', () => {
    const json = { name: 'ban', options: [{ type: 3, required: true }] }
    // 'name' 4 + 'ban' 3 + 'options' 7 + 'type' 4 + 1 + 'required' 8 + 1
    expect(floorWalk(json)).toBe(28)
    expect(countValues(json)).toEqual({ objects: 3, keys: 4, values: 3 })
  })
})
