/**
 * `node bench/size.mjs --contract` (issue 29's bundle split by what the contract
 * asks for): the methods it cuts must be the public methods the command does not
 * call (and the option, choice and nested `toJSON`s: the command calls only its own),
 * never one it calls, and the parts after them must add up to the bundle: each part
 * is what its removal saves from what is left, the last what is left. A part of 0
 * would mean a split that found nothing of it.
 */
import { describe, expect, it } from 'vitest'
import { CONTRACT_METHODS, contractParts, ISSUE_29 } from '../bench/size.mjs'

describe('bench/size.mjs --contract', () => {
  it("splits issue 29's bundle into the uncalled methods, the command's text, the messages, the rules and the rest", async () => {
    const { gzip, parts, alone, cut } = await contractParts(ISSUE_29)
    // DESIGN.md's "immutable builders": the setters are methods, kept by every bundle.
    expect(cut).toEqual(
      expect.arrayContaining(['CommandImpl.defaultMemberPermissions', 'CommandImpl.contexts', 'OptionImpl.channelTypes', 'OptionImpl.toJSON', 'ParentImpl.subcommand']),
    )
    for (const called of ['options', 'localize', 'required', 'choices', 'min', 'max']) expect(cut.filter((c) => c.endsWith(`.${called}`))).toEqual([])
    expect(cut).not.toContain('CommandImpl.toJSON')
    for (const c of cut) expect(CONTRACT_METHODS).toContain(c.split('.')[1])
    for (const [part, bytes] of Object.entries(parts)) expect(bytes, part).toBeGreaterThan(0)
    for (const [part, bytes] of Object.entries(alone)) expect(bytes, part).toBeGreaterThan(0)
    expect(parts.methods + parts.text + parts.messages + parts.rules + parts.rest).toBe(gzip)
  }, 60_000)
})
