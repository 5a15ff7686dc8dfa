/**
 * The `slashkit dev` page (plain DOM, bundled into dist/dev-page.html.gz at build
 * time): the command picker as the chat client shows it to the chosen user, place
 * and locale; the options of the command being typed, required ones marked;
 * choices and live autocomplete suggestions; the client's value checks; and the
 * conversation: the command, the reply or the "thinking" state, the edit and each
 * follow-up, in the order they arrive (ephemeral ones marked); each message's
 * components as controls (buttons pressed, selects chosen in), its files as chips
 * (name, size, media type; an image previewed), a modal the app opens as a dialog
 * to fill and submit, and the message changed in place when the app updates it. Every decision is the emulator's, through the dev server's /api
 * calls (src/cli/dev.ts).
 */
import { ComponentType, InteractionCallbackType, MessageFlag, OptionType, TextInputStyle } from '../../internal.js'
import type { ShownAttachment, ShownComponent, ShownEmbed } from '../render.js'
import { components, type Controls, el, embeds, files, selectFor } from './message.js'

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
  roles: { id: string; name?: string }[]
  channels: { id: string; name?: string; type?: number }[]
  /** The files a modal's file upload offers: the user "uploads" one of these. */
  attachments: { id: string; filename: string }[]
  locales: string[]
}
type Component = ShownComponent
interface Message {
  id: string
  content: string
  flags: number
  components?: Component[]
  embeds?: ShownEmbed[]
  attachments?: ShownAttachment[]
}
interface ModalData {
  title?: string
  custom_id?: string
  components?: Component[]
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
/** A request of the app the emulator refused (transcript.ts `PrintedRefusal`). */
interface Refusal {
  at: number
  call: string
  status: number
  code?: number
  message?: string
  issues?: { message: string }[]
}
interface TranscriptEntry {
  kind: string
  at: number
  type?: number
  data?: unknown
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
const modal = $<HTMLDialogElement>('modal')

let entries: Entry[] = []
let world: World

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
    const sub = level.find((o) => (o.type === OptionType.Subcommand || o.type === OptionType.SubcommandGroup) && o.name === w)
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
        el(
          'span',
          { class: `option${o.required ? ' required' : ''}`, 'data-option': o.name, title: o.description },
          o.type === OptionType.Subcommand || o.type === OptionType.SubcommandGroup ? o.name : `${o.name}:`,
        ),
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
  m.append(el('div', { class: 'embeds' }), el('div', { class: 'components' }), el('div', { class: 'files' }))
  chat.append(m)
  chat.scrollTop = chat.scrollHeight
  return m
}

/** A message the app sent, drawn or redrawn in place (by its id): its text, embeds, components and files (message.ts). */
function show(message: Message, kind: string): void {
  const thinking = (message.flags & MessageFlag.Loading) !== 0
  const shown = thinking ? 'thinking' : kind
  let m = chat.querySelector<HTMLElement>(`.message[data-id="${message.id}"]`)
  if (m === null) m = say(shown, 'app', '', (message.flags & MessageFlag.Ephemeral) !== 0, message.id)
  m.classList.toggle('thinking', thinking)
  // A message keeps the kind it was shown with (a reply updated by a button stays a reply).
  if (m.dataset.kind === 'thinking' || kind !== 'reply' || m.dataset.kind === undefined) m.dataset.kind = shown
  ;(m.querySelector('.text') as HTMLElement).textContent = thinking ? 'is thinking…' : message.content
  const attachments = message.attachments ?? []
  ;(m.querySelector('.embeds') as HTMLElement).replaceChildren(...embeds(message.embeds ?? [], attachments))
  ;(m.querySelector('.components') as HTMLElement).replaceChildren(...components(message.components ?? [], message.id, attachments, controls))
  ;(m.querySelector('.files') as HTMLElement).replaceChildren(...files(attachments))
}

/** What a message's controls do: a press or a choice goes through the emulator (`press`, `choose`). */
const controls: Controls = {
  press: (messageId, c) => void act('/api/press', { message: messageId, customId: c.custom_id }, `pressed ${c.label ?? c.custom_id}`),
  choose: (messageId, c, values) => void act('/api/choose', { message: messageId, customId: c.custom_id, values }, `chose ${values.join(', ')} in ${c.custom_id}`),
  entities: (c) => [
    ...(c.type === ComponentType.UserSelect || c.type === ComponentType.MentionableSelect ? world.users.map((u) => ({ value: u.id, label: `@${u.username ?? u.id}` })) : []),
    ...(c.type === ComponentType.RoleSelect || c.type === ComponentType.MentionableSelect ? world.roles.map((r) => ({ value: r.id, label: `@${r.name ?? r.id}` })) : []),
    ...(c.type === ComponentType.ChannelSelect
      ? world.channels
          .filter((ch) => c.channel_types === undefined || ch.type === undefined || c.channel_types.includes(ch.type))
          .map((ch) => ({ value: ch.id, label: `#${ch.name ?? ch.id}` }))
      : []),
    ...(c.type === ComponentType.FileUpload ? world.attachments.map((a) => ({ value: a.id, label: a.filename })) : []),
  ],
}

/** Shows a modal the app opened (callback 9); its submit goes to the emulator. */
function openModal(data: ModalData, interactionId: string): void {
  const form = $<HTMLFormElement>('modal-form')
  $<HTMLElement>('modal-title').textContent = data.title ?? ''
  const fields: HTMLElement[] = []
  const input = (c: Component, label: string): HTMLElement => {
    const id = c.custom_id ?? ''
    if (c.type === ComponentType.TextInput) {
      const attrs: Record<string, string> = { 'data-custom-id': id, name: id }
      if (c.required !== false) attrs.required = ''
      if (c.max_length !== undefined) attrs.maxlength = String(c.max_length)
      if (c.min_length !== undefined) attrs.minlength = String(c.min_length)
      if (c.placeholder !== undefined) attrs.placeholder = c.placeholder
      const field = el(c.style === TextInputStyle.Paragraph ? 'textarea' : 'input', attrs)
      if (c.value !== undefined) (field as HTMLInputElement).value = c.value
      return el('label', { class: 'field' }, el('span', {}, label || c.label || id), field)
    }
    // A checkbox; a radio group or a checkbox group as their boxes (the fieldset carries the custom_id).
    if (c.type === ComponentType.Checkbox) return el('label', { class: 'field check' }, el('input', { type: 'checkbox', 'data-custom-id': id }), el('span', {}, label || id))
    if (c.type === ComponentType.RadioGroup || c.type === ComponentType.CheckboxGroup) {
      const box = el('fieldset', { 'data-custom-id': id, 'data-group': c.type === ComponentType.RadioGroup ? 'radio' : 'checkbox' }, el('legend', {}, label || id))
      for (const o of c.options ?? [])
        box.append(
          el(
            'label',
            {},
            el('input', { type: c.type === ComponentType.RadioGroup ? 'radio' : 'checkbox', name: id, value: o.value, ...(o.default === true ? { checked: '' } : {}) }),
            o.label ?? o.value,
          ),
        )
      return box
    }
    return el('label', { class: 'field' }, el('span', {}, label || id), selectFor(c, controls))
  }
  for (const c of data.components ?? []) {
    if (c.type === ComponentType.ActionRow) for (const inner of c.components ?? []) fields.push(input(inner, inner.label ?? ''))
    else if (c.type === ComponentType.Label && c.component !== undefined) fields.push(input(c.component, c.label ?? ''))
    else if (c.type === ComponentType.TextDisplay) fields.push(el('p', {}, c.content ?? ''))
  }
  $<HTMLElement>('modal-fields').replaceChildren(...fields)
  form.dataset.interaction = interactionId
  modal.showModal()
}

/** What a modal's input holds, as the emulator's `submit` takes it. */
function submitted(f: HTMLElement): string | string[] {
  if (f instanceof HTMLSelectElement) return Array.from(f.selectedOptions, (o) => o.value)
  if (f instanceof HTMLInputElement && f.type === 'checkbox') return f.checked ? 'true' : 'false'
  if (f instanceof HTMLInputElement || f instanceof HTMLTextAreaElement) return f.value
  const ticked = Array.from(f.querySelectorAll<HTMLInputElement>('input:checked'), (i) => i.value)
  return f.dataset.group === 'radio' ? (ticked[0] ?? '') : ticked
}

/** What the app did with interaction `id`, drawn as it arrives, until 3 s pass without news. */
async function follow(id: string): Promise<void> {
  let seen = 0
  let refusals = 0
  let quiet = 0
  while (quiet < 3000) {
    const transcript = await api<TranscriptEntry[]>(`/api/transcript?id=${encodeURIComponent(id)}`)
    // What the emulator refused of the app (a message over a limit, ...), as the service would have.
    const refused = await api<Refusal[]>(`/api/refused?id=${encodeURIComponent(id)}`)
    // What is new of both, drawn in the order it happened (a refusal first on a tie: it was answered at once).
    const news = [...refused.slice(refusals).map((r) => ({ at: r.at, draw: () => sayRefused(r) })), ...transcript.slice(seen).map((e) => ({ at: e.at, draw: () => draw(e, id) }))]
    for (const n of news.sort((x, y) => x.at - y.at)) n.draw()
    quiet = news.length > 0 ? 0 : quiet + 250
    seen = transcript.length
    refusals = refused.length
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** One transcript entry of interaction `id`, drawn: a modal opened, a message shown or changed, one removed. */
function draw(e: TranscriptEntry, id: string): void {
  if (e.kind === 'callback' && e.type === InteractionCallbackType.Modal) openModal(e.data as ModalData, id)
  else if (e.kind === 'callback' && e.type === InteractionCallbackType.LaunchActivity) say('system', 'app', 'launches its Activity')
  else if (e.kind === 'callback' && e.message !== undefined) show(e.message, 'reply')
  else if ((e.kind === 'original.edit' || e.kind === 'followup.edit') && e.message !== undefined) show(e.message, e.kind === 'original.edit' ? 'reply' : 'followup')
  else if (e.kind === 'followup' && e.message !== undefined) show(e.message, e.replacedLoading === true ? 'reply' : 'followup')
  else if (e.kind.endsWith('delete')) chat.querySelector(`.message[data-id="${e.messageId ?? ''}"]`)?.remove()
}

function sayRefused(r: Refusal): void {
  const why = [r.message, ...(r.issues ?? []).slice(0, 5).map((i) => i.message)].filter((m) => m !== undefined).join('; ')
  say('system', 'emulator', `refused the app's ${r.call}: ${r.status}${r.code === undefined ? '' : ` [${r.code}]`} ${why}`)
}

/** A press, a choice or a submit: said in the conversation, then what the app does with it. */
async function act(path: string, body: Record<string, unknown>, said: string): Promise<void> {
  say('user action', user.options[user.selectedIndex]?.text ?? user.value, said)
  const r = await api<Result>(path, { ...who(), ...body })
  if (r.outcome === 'refused' || r.outcome === 'failed') say('system', 'slashkit', `${r.outcome} [${r.code}]: ${r.message}`)
  else if (r.outcome === 'answered') await follow(r.interaction.id)
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
  if (r.outcome === 'answered') await follow(r.interaction.id)
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
  $<HTMLButtonElement>('modal-cancel').addEventListener('click', () => modal.close())
  $<HTMLFormElement>('modal-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const form = event.currentTarget as HTMLFormElement
    const fields: Record<string, string | string[]> = {}
    for (const f of Array.from(form.querySelectorAll<HTMLElement>('[data-custom-id]'))) fields[f.dataset.customId ?? ''] = submitted(f)
    modal.close()
    void act('/api/submit', { interaction: form.dataset.interaction, fields }, `submitted ${$<HTMLElement>('modal-title').textContent ?? ''}`)
  })
  await loadPicker()
  document.body.dataset.ready = 'true'
}

void start()
