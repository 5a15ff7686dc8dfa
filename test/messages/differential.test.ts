/**
 * Differential test of message and component bodies against @discordjs/builders
 * v1.15 (the peer; test/messages/peer.ts drives its builders as its users do).
 * Each body runs through slashkit's `validateWebhookMessage` /
 * `validateInteractionResponse` and through the peer; they are compared at the
 * peer's owners (an embed, a component, a modal; peer.ts). Where they disagree,
 * the public limit decides (the operator's OpenAPI first, the docs where it is
 * silent: test/messages/cases.ts names each) and the disagreement must be one of
 * KNOWN below, each listed in docs/differences.md ("Messages and components"):
 *
 * - every refusal of the peer where slashkit finds nothing is explained by a KNOWN
 *   entry (the peer refuses what the public API allows);
 * - every slashkit issue at an owner where the peer refuses nothing is explained
 *   by a KNOWN entry (the peer lets through what the public API refuses, or does
 *   not check that part of a message at all).
 *
 * Anything else fails the test.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  actionRow,
  button,
  container,
  embed,
  label,
  layout,
  linkButton,
  mediaGallery,
  messageBody,
  modal,
  section,
  selectOption,
  separator,
  stringSelect,
  textDisplay,
  textInput,
  thumbnail,
  userSelect,
  validateInteractionResponse,
  validateWebhookMessage,
  type Issue,
} from '../../src/index.js'
import { CASES, MODAL_CASES } from './cases.js'
import { peerMessage, peerModal, type Path, type PeerRefusal } from './peer.js'

type Json = Record<string, unknown>
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const key = (p: Path): string => JSON.stringify(p)

/** The owner of a slashkit issue, at the peer's granularity. */
function ownerOf(body: unknown, path: Path, modal: boolean): Path {
  if (modal) return ['data']
  if (path[0] === 'embeds' && typeof path[1] === 'number') return path.slice(0, 2)
  if (path[0] === 'components' && typeof path[1] === 'number') {
    const top = isObj(body) && Array.isArray(body.components) ? body.components[path[1]] : undefined
    if (isObj(top) && top.type === 1 && path[2] === 'components' && typeof path[3] === 'number') return path.slice(0, 4)
    return path.slice(0, 2)
  }
  return []
}

/** What a KNOWN entry sees of one disagreement. */
interface Disagreement {
  readonly body: unknown
  readonly owner: Path
  /** The part of the body at the owner. */
  readonly part: unknown
  /** slashkit's issues at the owner (slashkit-only), or the peer's refusals there (peer-only). */
  readonly issues: readonly Issue[]
  readonly refusals: readonly PeerRefusal[]
}

interface Known {
  /** Which side refuses alone. */
  readonly side: 'slashkit' | 'peer'
  /** The section of docs/differences.md that explains it. */
  readonly why: string
  readonly when: (d: Disagreement) => boolean
}

const codesAre = (d: Disagreement, ...codes: string[]) => d.issues.every((i) => codes.includes(i.code))
const at = (d: Disagreement, ...fields: string[]) => d.issues.every((i) => fields.includes(String(i.path[d.owner.length])))
const refusedWith = (d: Disagreement, re: RegExp) => d.refusals.every((r) => re.test(r.error))

/** Every disagreement the public limits decide, by docs/differences.md's list. */
const KNOWN: readonly Known[] = [
  { side: 'slashkit', why: 'the peer does not check a message as a whole', when: (d) => d.owner.length === 0 },
  {
    side: 'slashkit',
    why: 'the peer does not count the components of an action row, nor keep a select alone in it',
    when: (d) => d.owner.length === 2 && codesAre(d, 'response.too_many', 'response.too_few', 'component.row') && at(d, 'components'),
  },
  { side: 'slashkit', why: 'the peer does not check the uniqueness of custom_id and id across a message', when: (d) => codesAre(d, 'component.duplicate') },
  { side: 'slashkit', why: 'the peer does not check a text input or a layout component placed in an action row', when: (d) => codesAre(d, 'component.placement') },
  { side: 'slashkit', why: "the peer does not check a component's id", when: (d) => codesAre(d, 'number.range') && at(d, 'id') },
  {
    side: 'slashkit',
    why: "the peer does not compare min_values, max_values, the options and the defaults; slashkit's own rules",
    when: (d) => codesAre(d, 'component.bounds', 'array.duplicate') && at(d, 'min_values', 'options', 'default_values'),
  },
  { side: 'slashkit', why: "the peer does not check a default value's kind", when: (d) => codesAre(d, 'enum.value') && at(d, 'default_values') },
  { side: 'slashkit', why: 'the peer does not check unique channel types', when: (d) => codesAre(d, 'array.duplicate') && at(d, 'channel_types') },
  { side: 'slashkit', why: 'the peer does not check an emoji', when: (d) => codesAre(d, 'field.required') && at(d, 'emoji') },
  {
    side: 'slashkit',
    why: "the peer's button checks the style's fields only in part",
    when: (d) => codesAre(d, 'field.not_allowed', 'field.required', 'string.length') && (d.part as Json)?.type === 2,
  },
  { side: 'slashkit', why: 'the peer does not check the text of a v2 message as a whole', when: (d) => codesAre(d, 'component.text_total') },
  { side: 'slashkit', why: 'the peer takes max_values 0 (OpenAPI minimum 1)', when: (d) => codesAre(d, 'number.range') && at(d, 'max_values') },
  {
    side: 'slashkit',
    why: "the peer's layout components check some of their fields only: a separator's spacing, a container's accent colour, a section's accessory",
    when: (d) => d.owner.length === 2 && (codesAre(d, 'enum.value') ? at(d, 'spacing') : codesAre(d, 'number.range') ? at(d, 'accent_color') : at(d, 'accessory')),
  },
  { side: 'slashkit', why: 'the peer takes more than 40 modal components', when: (d) => codesAre(d, 'response.too_many') && d.owner[0] === 'data' },
  { side: 'slashkit', why: "the peer's modal does not check custom_id uniqueness, a text input's label rules or a radio group's defaults", when: (d) => d.owner[0] === 'data' },
  {
    side: 'peer',
    why: 'the peer wants embed titles, descriptions, footers and author names of 1 character or more',
    when: (d) => d.owner[0] === 'embeds' && refusedWith(d, /Received one or more errors|Invalid string length/),
  },
]

/** The disagreements of one body. */
function disagreements(body: unknown, isModal: boolean, kind: 'create' | 'follow-up' | 'edit' = 'follow-up'): { side: 'slashkit' | 'peer'; d: Disagreement }[] {
  const ours = isModal ? (validateInteractionResponse(body).issues ?? []) : (validateWebhookMessage(body, kind).issues ?? [])
  const theirs = isModal ? peerModal(isObj(body) ? body.data : undefined) : peerMessage(body)
  const byOwner = new Map<string, { owner: Path; issues: Issue[]; refusals: PeerRefusal[] }>()
  const slot = (owner: Path) => {
    const k = key(owner)
    let s = byOwner.get(k)
    if (s === undefined) byOwner.set(k, (s = { owner, issues: [], refusals: [] }))
    return s
  }
  for (const i of ours) slot(ownerOf(body, i.path, isModal)).issues.push(i)
  for (const r of theirs) slot(r.owner).refusals.push(r)
  const partAt = (owner: Path): unknown =>
    owner.reduce<unknown>((v, k) => (isObj(v) || Array.isArray(v) ? (v as Record<string | number, unknown>)[k] : undefined), isModal ? body : body)
  const out: { side: 'slashkit' | 'peer'; d: Disagreement }[] = []
  for (const s of byOwner.values()) {
    if (s.issues.length > 0 && s.refusals.length === 0) out.push({ side: 'slashkit', d: { body, owner: s.owner, part: partAt(s.owner), issues: s.issues, refusals: [] } })
    if (s.refusals.length > 0 && s.issues.length === 0) out.push({ side: 'peer', d: { body, owner: s.owner, part: partAt(s.owner), issues: [], refusals: s.refusals } })
  }
  return out
}

/** The disagreements no KNOWN entry explains. */
function unexplained(body: unknown, isModal: boolean, kind?: 'create' | 'follow-up' | 'edit'): string[] {
  return disagreements(body, isModal, kind)
    .filter(({ side, d }) => !KNOWN.some((k) => k.side === side && k.when(d)))
    .map(
      ({ side, d }) =>
        `${side} alone at ${key(d.owner)}: ${side === 'slashkit' ? d.issues.map((i) => `${i.code} ${key(i.path)}`).join(', ') : d.refusals.map((r) => r.error).join(', ')}`,
    )
}

describe('slashkit and @discordjs/builders on message bodies: every disagreement is a known one, decided by the public limit', () => {
  it.each(CASES.map((c) => [c.fact, c] as const))('%s', (_, c) => {
    expect(unexplained(c.ok, false, c.kind), 'at the limit').toEqual([])
    expect(unexplained(c.bad, false, c.kind), 'past it').toEqual([])
  })

  it.each(MODAL_CASES.map((c) => [c.fact, c] as const))('modal: %s', (_, c) => {
    expect(unexplained(c.ok, true), 'at the limit').toEqual([])
    expect(unexplained(c.bad, true), 'past it').toEqual([])
  })

  it('bodies made with the factories: both accept them, except where KNOWN says', () => {
    const text = fc.string({ minLength: 1, maxLength: 60 })
    const id = fc.stringMatching(/^[a-z][a-z0-9]{0,20}$/)
    const body = fc
      .record({
        content: text,
        titles: fc.array(text, { minLength: 1, maxLength: 3 }),
        ids: fc.uniqueArray(id, { minLength: 1, maxLength: 5 }),
        labels: fc.array(fc.string({ minLength: 1, maxLength: 80 }), { minLength: 5, maxLength: 5 }),
      })
      .map(({ content, titles, ids, labels }) =>
        messageBody({
          content,
          embeds: titles.map((title, i) => embed({ title, description: content, fields: [[title, content, i % 2 === 0]], footer: content, timestamp: 0 })),
          components: [
            actionRow(...(ids.map((x, i) => button(x, labels[i] as string)) as [ReturnType<typeof button>])),
            actionRow(linkButton('https://example.com', 'Docs')),
            actionRow(userSelect('who')),
          ],
        }),
      )
    fc.assert(
      fc.property(body, (b) => {
        expect(validateWebhookMessage(b).ok).toBe(true)
        expect(peerMessage(b)).toEqual([])
      }),
      { numRuns: 100 },
    )
    const v2 = layout([
      container([textDisplay('# Hi'), section(['a'], thumbnail('https://example.com/a.png')), separator(), mediaGallery('https://example.com/b.png'), actionRow(button('x', 'X'))]),
    ])
    expect(validateWebhookMessage(v2).ok).toBe(true)
    expect(peerMessage(v2)).toEqual([])
    const form = { type: 9, data: modal('m', 'Form', label('Why?', textInput('why')), label('Colour', stringSelect('c', [selectOption('Red', 'red')]))) }
    expect(validateInteractionResponse(form).ok).toBe(true)
    expect(peerModal(form.data)).toEqual([])
  })

  it('every KNOWN entry is met (none is dead), and each is in docs/differences.md', async () => {
    const { readFileSync } = await import('node:fs')
    const docs = readFileSync(new URL('../../docs/differences.md', import.meta.url), 'utf8').replace(/\s+/g, ' ')
    const met = new Set<Known>()
    for (const c of [...CASES.map((x) => [x, false] as const), ...MODAL_CASES.map((x) => [x, true] as const)])
      for (const body of [c[0].ok, c[0].bad]) for (const { side, d } of disagreements(body, c[1], c[0].kind)) for (const k of KNOWN) if (k.side === side && k.when(d)) met.add(k)
    expect(KNOWN.filter((k) => !met.has(k)).map((k) => k.why)).toEqual([])
    expect(KNOWN.filter((k) => !docs.includes(k.why)).map((k) => k.why)).toEqual([])
  })
})
