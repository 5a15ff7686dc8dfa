/**
 * Response bodies: reply (callback 4), deferReply (5), autocompleteResult (8) and
 * launchActivity (12, spec "Other enumerations" and "Other command rules" 3). The
 * spec shows only callback type 12; 4, 5 and 8 are the public API v10 values.
 */
import { describe, expect, it } from 'vitest'
import {
  autocompleteResult,
  choice,
  deferReply,
  entryPoint,
  fromJSON,
  launchActivity,
  message,
  parseAutocomplete,
  reply,
  slash,
  ValidationError,
  type Issue,
} from '../../src/index.js'
import { EPHEMERAL } from '../../src/internal.js'
import { ban, interaction, launch, play, profile, search } from './helpers.js'

const issuesOf = (run: () => unknown): [string, (string | number)[]][] => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).issues.map((i: Issue) => [i.code, [...i.path]])
  }
  throw new Error('expected a ValidationError')
}

describe('reply (callback type 4) and deferReply (5)', () => {
  it('reply with text, with a message body, and ephemeral (flag 64)', () => {
    expect(reply('Banned.')).toEqual({ type: 4, data: { content: 'Banned.' } })
    expect(reply('Only you see this', { ephemeral: true })).toEqual({ type: 4, data: { content: 'Only you see this', flags: EPHEMERAL } })
    expect(reply({ content: 'x', tts: true, flags: 4 }, { ephemeral: true })).toEqual({ type: 4, data: { content: 'x', tts: true, flags: 4 | 64 } })
    expect(EPHEMERAL).toBe(64)
  })

  it('reply copies the body it is given', () => {
    const body = { content: 'x' }
    const r = reply(body, { ephemeral: true })
    expect(r.data).not.toBe(body)
    expect(body).toEqual({ content: 'x' })
  })

  it('deferReply, ephemeral or not', () => {
    expect(deferReply()).toEqual({ type: 5 })
    expect(deferReply({ ephemeral: false })).toEqual({ type: 5 })
    expect(deferReply({ ephemeral: true })).toEqual({ type: 5, data: { flags: 64 } })
  })
})

describe('autocompleteResult (callback type 8)', () => {
  const focus = (name: string, value: string, type: number) => {
    const body = interaction({ name: 'search', type: 1, options: [{ type, name, value, focused: true }] }, 4)
    return parseAutocomplete(search, body).focused
  }

  it('answers the focused option with choices of its type', () => {
    expect(autocompleteResult(focus('query', 'ca', 3), [choice('Cats', 'cats'), choice('Cars', 'cars')])).toEqual({
      type: 8,
      data: {
        choices: [
          { name: 'Cats', value: 'cats' },
          { name: 'Cars', value: 'cars' },
        ],
      },
    })
    expect(autocompleteResult(focus('limit', '1', 4), [choice('Ten', 10), choice('Max', 2 ** 53 - 1)]).data.choices).toEqual([
      { name: 'Ten', value: 10 },
      { name: 'Max', value: 2 ** 53 - 1 },
    ])
    expect(autocompleteResult(focus('score', '0', 10), [choice('Half', 0.5), choice('Top', 2 ** 53)]).data.choices).toHaveLength(2)
    expect(autocompleteResult(focus('query', '', 3), [])).toEqual({ type: 8, data: { choices: [] } })
  })

  it('keeps localized choice names ("Other command rules" 6)', () => {
    expect(autocompleteResult({ name: 'q', type: 3 }, [choice('Red', 'red').localize('es-ES', 'Rojo')]).data.choices).toEqual([
      { name: 'Red', value: 'red', name_localizations: { 'es-ES': 'Rojo' } },
    ])
  })

  it('accepts 25 choices and names of 1 and 100 characters ("Limits")', () => {
    const many = Array.from({ length: 25 }, (_, i) => choice(`n${i}`, `v${i}`))
    expect(autocompleteResult({ name: 'q', type: 3 }, many).data.choices).toHaveLength(25)
    expect(autocompleteResult({ name: 'q', type: 3 }, [choice('x', 'a'), choice('🎉'.repeat(100), 'b'), choice('n', 'x'.repeat(100))]).data.choices).toHaveLength(3)
  })

  it('refuses more than 25 choices ("Limits": choices per option)', () => {
    const many = Array.from({ length: 26 }, (_, i) => choice(`n${i}`, i))
    expect(issuesOf(() => autocompleteResult({ name: 'n', type: 4 }, many))).toEqual([['response.choices', ['data', 'choices']]])
  })

  it('refuses choice names outside 1-100 characters ("Option choice")', () => {
    expect(issuesOf(() => autocompleteResult({ name: 'q', type: 3 }, [choice('', 'a'), choice('x'.repeat(101), 'b')]))).toEqual([
      ['name.length', ['data', 'choices', 0, 'name']],
      ['name.length', ['data', 'choices', 1, 'name']],
    ])
  })

  it('refuses localized choice names outside 1-100 characters and unknown locale keys ("Option choice", "Other command rules" 6)', () => {
    const loose = (v: unknown) => v as never
    expect(issuesOf(() => autocompleteResult({ name: 'q', type: 3 }, [loose({ name: 'a', value: 'a', name_localizations: { fr: 'x'.repeat(101), xx: 'b' } })]))).toEqual([
      ['name.length', ['data', 'choices', 0, 'name_localizations', 'fr']],
      ['locale.unknown', ['data', 'choices', 0, 'name_localizations', 'xx']],
    ])
  })

  it('refuses values of the wrong type for the focused option', () => {
    expect(issuesOf(() => autocompleteResult({ name: 'q', type: 3 }, [choice('One', 1) as never]))).toEqual([['value.type', ['data', 'choices', 0, 'value']]])
    expect(issuesOf(() => autocompleteResult({ name: 'n', type: 4 }, [choice('One', '1') as never]))).toEqual([['value.type', ['data', 'choices', 0, 'value']]])
    expect(issuesOf(() => autocompleteResult({ name: 'x', type: 10 }, [choice('NaN', Number.NaN), choice('Inf', Infinity)]))).toEqual([
      ['value.type', ['data', 'choices', 0, 'value']],
      ['value.type', ['data', 'choices', 1, 'value']],
    ])
  })

  it('refuses a STRING value over 100 characters, a non-whole INTEGER and numbers out of range ("Option choice", "Option types")', () => {
    expect(issuesOf(() => autocompleteResult({ name: 'q', type: 3 }, [choice('Long', 'x'.repeat(101))]))).toEqual([['string.length', ['data', 'choices', 0, 'value']]])
    expect(issuesOf(() => autocompleteResult({ name: 'n', type: 4 }, [choice('Half', 0.5), choice('Big', 2 ** 53)]))).toEqual([
      ['number.integer', ['data', 'choices', 0, 'value']],
      ['number.range', ['data', 'choices', 1, 'value']],
    ])
    expect(issuesOf(() => autocompleteResult({ name: 'x', type: 10 }, [choice('Big', 2 ** 53 + 2)]))).toEqual([['number.range', ['data', 'choices', 0, 'value']]])
  })

  it('refuses a whole INTEGER choice value beyond ±(2^53-1) with number.range, as the rules layer does (docs/issues.md)', () => {
    expect(issuesOf(() => autocompleteResult({ name: 'n', type: 4 }, [choice('Big', 2 ** 53)]))).toEqual([['number.range', ['data', 'choices', 0, 'value']]])
  })

  it('collects every issue (STYLE.md 8)', () => {
    const bad = [...Array.from({ length: 24 }, (_, i) => choice(`n${i}`, i)), choice('', 1.5)]
    expect(issuesOf(() => autocompleteResult({ name: 'n', type: 4 }, bad))).toEqual([
      ['name.length', ['data', 'choices', 24, 'name']],
      ['number.integer', ['data', 'choices', 24, 'value']],
    ])
  })

  it('refuses more than 25 choices whatever they hold, without reading them (spec: "Limits": 25 choices; src/rules/bounds.ts)', () => {
    const bad = [...Array.from({ length: 25 }, (_, i) => choice(`n${i}`, i)), choice('', 1.5)]
    expect(issuesOf(() => autocompleteResult({ name: 'n', type: 4 }, bad))).toEqual([['response.choices', ['data', 'choices']]])
  })

  it('does not write to the choices it is given', () => {
    const c = choice('Cats', 'cats')
    const r = autocompleteResult({ name: 'q', type: 3 }, [c])
    ;(r.data.choices[0] as { name: string }).name = 'changed'
    expect(c.toJSON()).toEqual({ name: 'Cats', value: 'cats' })
  })
})

describe('launchActivity (callback type 12, "Other command rules" 3)', () => {
  it('answers an entry point whose handler is AppHandler (1)', () => {
    expect(launchActivity(launch)).toEqual({ type: 12 })
    expect(launchActivity(entryPoint('go', 'Go').handler(1))).toEqual({ type: 12 })
    expect(launchActivity(fromJSON({ type: 4, name: 'go', description: 'Go', handler: 1 }) as never)).toEqual({ type: 12 })
  })

  it('refuses, at run time, DiscordLaunchActivity (2), no handler, and other command types', () => {
    expect(() => launchActivity(play as never)).toThrow(TypeError)
    expect(() => launchActivity(entryPoint('go', 'Go') as never)).toThrow(/AppHandler/)
    for (const d of [ban, profile, message('Report'), slash('x', 'd'), fromJSON({ type: 4, name: 'go', description: 'Go', handler: 2 })])
      expect(() => launchActivity(d as never)).toThrow(TypeError)
  })
})
