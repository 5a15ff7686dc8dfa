/**
 * The gateway's WebSocket frames against RFC 6455 itself: the accept key of its
 * section 1.3 example, the three length forms of section 5.2, masking (5.3), and
 * each frame a server must refuse (an unmasked client frame, reserved bits and
 * opcodes, a fragmented or long control frame: 5.1, 5.2, 5.5), fed whole and one
 * byte at a time.
 */
import { describe, expect, it } from 'vitest'
import { acceptKey, closeCodeOf, closePayload, encodeFrame, FrameReader, isClientKey } from '../../src/emulator/gateway/frames.js'

/** A client frame: masked with `mask`, of `payload`; `first` is the FIN/RSV/opcode byte. */
function clientFrame(first: number, payload: Uint8Array, mask = [0x37, 0xfa, 0x21, 0x3d], masked = true): Uint8Array {
  const n = payload.length
  const head = n < 126 ? [n] : n < 0x10000 ? [126, n >> 8, n & 0xff] : [127, 0, 0, 0, 0, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
  head[0] = (head[0] as number) | (masked ? 0x80 : 0)
  const body = masked ? payload.map((b, i) => b ^ (mask[i & 3] as number)) : payload
  return new Uint8Array([first, ...head, ...(masked ? mask : []), ...body])
}
const text = (s: string) => new TextEncoder().encode(s)

describe('RFC 6455 frames', () => {
  it('makes the accept key of section 1.3 and takes only 16-byte keys', async () => {
    expect(await acceptKey('dGhlIHNhbXBsZSBub25jZQ==')).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=')
    expect(isClientKey('dGhlIHNhbXBsZSBub25jZQ==')).toBe(true)
    expect(isClientKey('c2hvcnQ=')).toBe(false)
    expect(isClientKey(undefined)).toBe(false)
  })

  it('unmasks frames of each length form, whole or one byte at a time (sections 5.2, 5.3)', () => {
    for (const size of [0, 5, 125, 126, 300, 65_535, 65_536, 70_000]) {
      const payload = new Uint8Array(size).map((_, i) => i % 251)
      const frame = clientFrame(0x81, payload)
      expect(new FrameReader(100_000).push(frame)).toEqual([{ fin: true, opcode: 1, payload }])
      if (size > 300) continue
      const reader = new FrameReader(100_000)
      const frames = [...frame].flatMap((b) => reader.push(new Uint8Array([b])) as unknown[])
      expect(frames).toEqual([{ fin: true, opcode: 1, payload }])
    }
  })

  it('reads two frames in one chunk, and a fragment without FIN as such', () => {
    const both = new Uint8Array([...clientFrame(0x01, text('{"op":')), ...clientFrame(0x80, text('1}'))])
    expect(new FrameReader(100).push(both)).toEqual([
      { fin: false, opcode: 1, payload: text('{"op":') },
      { fin: true, opcode: 0, payload: text('1}') },
    ])
  })

  const refused: [string, Uint8Array, number][] = [
    ['an unmasked client frame (5.1)', clientFrame(0x81, text('hi'), undefined, false), 1002],
    ['a reserved bit set without an extension (5.2)', clientFrame(0xc1, text('hi')), 1002],
    ['a reserved opcode (3)', clientFrame(0x83, text('hi')), 1002],
    ['a reserved control opcode (0xB)', clientFrame(0x8b, text('hi')), 1002],
    ['a fragmented control frame (5.5)', clientFrame(0x09, text('hi')), 1002],
    ['a control frame over 125 bytes (5.5)', clientFrame(0x89, new Uint8Array(126)), 1002],
    ["a payload over the reader's bound", clientFrame(0x81, new Uint8Array(101)), 1009],
    ['a 64-bit length past 2^32', new Uint8Array([0x81, 0xff, 0, 0, 0, 1, 0, 0, 0, 0]), 1009],
  ]
  it.each(refused)('refuses %s with %i', (_, frame, code) => {
    expect(new FrameReader(100).push(frame)).toBe(code)
  })

  it("writes the server's frames unmasked in each length form, and close payloads with their code", () => {
    expect([...encodeFrame(1, text('hi'))]).toEqual([0x81, 2, 104, 105])
    expect([...encodeFrame(1, new Uint8Array(300)).subarray(0, 4)]).toEqual([0x81, 126, 1, 44])
    expect([...encodeFrame(2, new Uint8Array(70_000)).subarray(0, 10)]).toEqual([0x82, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70])
    const close = closePayload(4004, 'Authentication failed.')
    expect(closeCodeOf(close)).toBe(4004)
    expect(new TextDecoder().decode(close.subarray(2))).toBe('Authentication failed.')
    // Section 5.5: a control frame's payload is at most 125 bytes, the code and 123 of reason.
    expect(closePayload(1000, 'x'.repeat(500)).length).toBe(125)
    expect(closeCodeOf(new Uint8Array(0))).toBe(1005)
  })
})
