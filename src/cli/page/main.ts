/**
 * The `slashkit dev` page (plain DOM, bundled into dist/dev-page.html at build
 * time): the command picker as the chat client shows it to the chosen user, place
 * and locale; the options of the command being typed, required ones marked;
 * choices and live autocomplete suggestions; the client's value checks; and the
 * conversation: the command, the reply or the "thinking" state, the edit and each
 * follow-up, in the order they arrive (ephemeral ones marked). Every decision is
 * the emulator's, through the dev server's /api calls (src/cli/dev.ts).
 */
import { MessageFlag } from '../../internal.js'

interface ShownOption {
  type: number
  name: string
  description: string
  required: boolean
  autocomplete: boolean
  choices?: { name: string; value: string | number }[]
  options?: ShownOption[]
}
interface Entry {
  id: string
  name: string
  description: string
  options: ShownOption[]
  access: { allowed: boolean; because: string }
}
interface World {
  applicationId: string
  guild: { id: string; name?: string }
  users: { id: string; username?: string }[]
  channels: { id: string; name?: string }[]
  locales: string[]
}
interface Message {
  id: string
  content: string
  flags: number
}
type Result =
  | { outcome: 'refused'; code: string; message: string }
  | { outcome: 'failed'; code: string; message: string }
  | { outcome: 'checked' }
  | {
      outcome: 'answered'
      interaction: { id: string }
      callback: { type: number; data?: { content?: string; flags?: number; title?: string } }
      choices?: { name: string; value: string | number }[]
    }
interface TranscriptEntry {
  kind: string
  message?: Message
  messageId?: string
  /** A first follow-up after a deferral takes the place of the "thinking" message. */
  replacedLoading?: boolean
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T
const user = $<HTMLSelectElement>('user')
const place = $<HTMLSelectElement>('place')
const locale = $<HTMLSelectElement>('locale')
const line = $<HTMLInputElement>('line')
const chat = $<HTMLElement>('chat')
const picker = $<HTMLUListElement>('picker')
const optionsBox = $<HTMLElement>('options')
const suggestions = $<HTMLUListElement>('suggestions')
const problem = $<HTMLElement>('problem')
const send = $<HTMLButtonElement>('send')

let entries: Entry[] = []
let world: World

function el(tag: string, attrs: Record<string, string>, ...children: (Node | string)[]): HTMLElement {
  const e = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v)
  e.append(...children)
  return e
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return (await res.json()) as T
}

/** Who and where, as the dev server reads it. */
function who(): { as: string; locale: string; dm?: boolean; channel?: string } {
  const base = { as: user.value, locale: locale.value }
  return place.value === 'dm' ? { ...base, dm: true } : { ...base, channel: place.value }
}

async function loadPicker(): Promise<void> {
  entries = await api<Entry[]>('/api/picker', who())
  await render()
}

function allowed(): Entry[] {
  return entries.filter((e) => e.access.allowed)
}

/** The command and the options level the line is at. */
function levelOf(text: string): { entry: Entry | undefined; level: ShownOption[] } {
  const words = text.slice(1).split(/\s+/u)
  const entry = allowed().find((e) => e.name === words[0])
  let level = entry?.options ?? []
  for (const w of words.slice(1)) {
    const sub = level.find((o) => (o.type === 1 || o.type === 2) && o.name === w)
    if (sub === undefined) break
    level = sub.options ?? []
  }
  return { entry, level }
}

let checkSeq = 0

async function render(): Promise<void> {
  const text = line.value
  picker.replaceChildren()
  optionsBox.replaceChildren()
  suggestions.replaceChildren()
  if (!text.startsWith('/')) {
    problem.textContent = ''
    return
  }
  if (!/\s/u.test(text)) {
    // The command picker: only what this user may see and use here.
    for (const e of allowed().filter((x) => x.name.startsWith(text.slice(1)))) {
      const li = el('li', { class: 'picker-item', 'data-name': e.name }, el('span', { class: 'name' }, `/${e.name}`), el('span', { class: 'desc' }, e.description))
      li.addEventListener('click', () => {
        line.value = `/${e.name} `
        line.focus()
        void render()
      })
      picker.append(li)
    }
  }
  const { entry, level } = levelOf(text)
  if (entry !== undefined) {
    for (const o of level)
      optionsBox.append(
        el('span', { class: `option${o.required ? ' required' : ''}`, 'data-option': o.name, title: o.description }, o.type === 1 || o.type === 2 ? o.name : `${o.name}:`),
      )
    await suggest(text, level)
  }
  // A newer keystroke renders (and checks) its own line: a stale check must not land after it.
  if (line.value !== text) return
  await check(text)
}

/** Choices, or the app's autocomplete suggestions, for the option being typed at the end of the line. */
async function suggest(text: string, level: ShownOption[]): Promise<void> {
  const m = /(?:^|\s)([^\s:]+):([^:]*)$/u.exec(text)
  if (m === null) return
  const name = m[1] as string
  const typed = m[2] as string
  const option = level.find((o) => o.name === name)
  if (option === undefined) return
  let offered: { name: string; value: string | number }[] = []
  if (option.choices !== undefined) offered = option.choices.filter((c) => c.name.toLowerCase().startsWith(typed.toLowerCase()))
  else if (option.autocomplete) {
    const r = await api<Result>('/api/invoke', { ...who(), command: text, focused: name })
    if (r.outcome === 'answered' && r.choices !== undefined) offered = r.choices
  }
  if (line.value !== text) return
  suggestions.replaceChildren()
  for (const c of offered) {
    const li = el('li', { class: 'suggestion', 'data-value': String(c.value) }, c.name)
    li.addEventListener('click', () => {
      const v = String(option.choices !== undefined ? c.name : c.value)
      line.value = `${text.slice(0, text.length - typed.length)}${/\s/u.test(v) ? JSON.stringify(v) : v} `
      line.focus()
      void render()
    })
    suggestions.append(li)
  }
}

/** The client's checks, through `invoke` with `deliver: false`. */
async function check(text: string): Promise<void> {
  const seq = ++checkSeq
  const r = await api<Result>('/api/invoke', { ...who(), command: text, deliver: false })
  if (seq !== checkSeq || line.value !== text) return
  problem.textContent = r.outcome === 'refused' ? r.message : ''
  send.disabled = r.outcome === 'refused'
}

function say(kind: string, author: string, text: string, ephemeral = false, id = ''): HTMLElement {
  const m = el(
    'div',
    { class: `message ${kind}${ephemeral ? ' ephemeral' : ''}`, 'data-kind': kind, 'data-id': id },
    el('span', { class: 'who' }, author),
    el('span', { class: 'text' }, text),
  )
  if (ephemeral) m.append(el('span', { class: 'tag' }, 'Only you can see this'))
  chat.append(m)
  chat.scrollTop = chat.scrollHeight
  return m
}

function show(message: Message, kind: string): void {
  const existing = chat.querySelector<HTMLElement>(`.message[data-id="${message.id}"]`)
  if (existing !== null) {
    existing.classList.remove('thinking')
    existing.dataset.kind = kind
    ;(existing.querySelector('.text') as HTMLElement).textContent = message.content
    return
  }
  say(kind, 'app', message.content, (message.flags & MessageFlag.Ephemeral) !== 0, message.id)
}

/** Follows what the app does after the callback: edits, follow-ups, deletes, until 3 s pass without news. */
async function follow(id: string, original: HTMLElement | undefined): Promise<void> {
  let seen = 0
  let quiet = 0
  while (quiet < 3000) {
    const transcript = await api<TranscriptEntry[]>(`/api/transcript?id=${encodeURIComponent(id)}`)
    for (const e of transcript.slice(seen)) {
      if (e.kind === 'callback' && e.message !== undefined && original !== undefined) original.dataset.id = e.message.id
      else if ((e.kind === 'original.edit' || e.kind === 'followup.edit') && e.message !== undefined) show(e.message, e.kind === 'original.edit' ? 'reply' : 'followup')
      else if (e.kind === 'followup' && e.message !== undefined) {
        if (e.replacedLoading === true && original !== undefined) original.dataset.id = e.message.id
        show(e.message, 'followup')
      } else if (e.kind.endsWith('delete')) chat.querySelector(`.message[data-id="${e.messageId ?? ''}"]`)?.remove()
    }
    quiet = transcript.length > seen ? 0 : quiet + 250
    seen = transcript.length
    await new Promise((r) => setTimeout(r, 250))
  }
}

async function submit(): Promise<void> {
  const text = line.value.trim()
  if (text === '') return
  const name = user.options[user.selectedIndex]?.text ?? user.value
  say('user', name, text)
  line.value = ''
  await render()
  const r = await api<Result>('/api/invoke', { ...who(), command: text })
  if (r.outcome === 'refused' || r.outcome === 'failed') {
    say('system', 'slashkit', `${r.outcome} [${r.code}]: ${r.message}`)
    return
  }
  if (r.outcome !== 'answered') return
  const data = r.callback.data ?? {}
  const ephemeral = ((data.flags ?? 0) & MessageFlag.Ephemeral) !== 0
  let original: HTMLElement | undefined
  if (r.callback.type === 4) original = say('reply', 'app', data.content ?? '', ephemeral)
  else if (r.callback.type === 5) original = say('thinking', 'app', 'is thinking…', ephemeral)
  else if (r.callback.type === 9) say('system', 'app', `opens a modal: ${data.title ?? ''}`)
  else if (r.callback.type === 12) say('system', 'app', 'launches its Activity')
  await follow(r.interaction.id, original)
}

async function start(): Promise<void> {
  world = await api<World>('/api/world')
  for (const u of world.users) user.append(el('option', { value: u.id }, u.username ?? u.id))
  for (const c of world.channels) place.append(el('option', { value: c.id }, `#${c.name ?? c.id}`))
  place.append(el('option', { value: 'dm' }, 'DM with the app'))
  for (const l of world.locales) locale.append(el('option', { value: l }, l))
  locale.value = 'en-US'
  for (const s of [user, place, locale]) s.addEventListener('change', () => void loadPicker())
  line.addEventListener('input', () => void render())
  $<HTMLFormElement>('composer').addEventListener('submit', (event) => {
    event.preventDefault()
    void submit()
  })
  await loadPicker()
  document.body.dataset.ready = 'true'
}

void start()
