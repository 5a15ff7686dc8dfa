/**
 * `connect`: a bot's handler joined to the emulator as the service joins them
 * (public API v10 transport): the emulator's key verifies, its webhook endpoints
 * take the follow-ups (the handler's client points at it), its `invoke`, `press`,
 * `choose` and `submit` deliver to the handler, and each returns once everything
 * the interaction started is done: the handler's late work (what `createHandler`
 * hands `ctx.waitUntil`: the deferral's edit, follow-ups) included. One await per
 * step, no polling, no retry.
 */
import type { Answered, ChooseInput, ComponentResult, Emulator, InvokeInput, InvokeResult, ModalResult, PressInput, SubmitInput } from '../emulator/index.js'
import type { ExecutionContext } from '../http/handler.js'
import { argumentError, type ModalFields, type TypedModalJSON } from '../internal.js'
import type { PlatformRequest, PlatformResponse } from '../http/web.js'

/** Where the handler sends what comes after its answer: the emulator, for a client of `slashkit/rest` (`createClient({ baseUrl, fetch })`). */
export interface EmulatorContext {
  readonly applicationId: string
  /** The emulator's base address, ending in /api/v10. */
  readonly baseUrl: string
  /** The emulator's in-process `fetch`. */
  readonly fetch: Emulator['fetch']
}

/** A fetch handler as `createHandler` makes it. */
export type FetchHandler = (request: PlatformRequest, ctx?: ExecutionContext) => Promise<PlatformResponse>

/** What a step of `TestBot` takes: the step's input without the application and the endpoint, which the bot gives. */
export type Step<T> = Omit<T, 'endpoint' | 'applicationId'>

/** A press or a choice by the component as the app made it (`vote.button({ choice: 'yes' }, 'Yes')`): its `custom_id` is the one pressed. */
export type ByComponent<T> = Omit<Step<T>, 'customId'> & { readonly component: { readonly custom_id: string } }

/** What a select as made offers: a string select's option values (`StringSelectJSON<'fries' | 'salad'>`); any string for the others (an id, a mention, a name). */
export type Offered<C> = C extends { readonly options: readonly { readonly value: infer V extends string }[] } ? V : string

/**
 * A choice in the select as the app made it (`sides.stringSelect(values, options)`):
 * its `custom_id` is the one chosen in, and the values are among those it offers, as
 * its handler reads them (the label, which the emulator also takes, goes by `customId`).
 */
export type ByChoice<C extends { readonly custom_id: string }> = Omit<Step<ChooseInput>, 'customId' | 'values'> & {
  readonly component: C
  readonly values: readonly Offered<C>[]
}

/**
 * A submit of the modal as the app made it (`report.modal(values)`): the open modal
 * with its `custom_id`, and the fields typed by its inputs, as its handler reads them
 * (a text input's text, a list of values, a radio group's value, a checkbox's boolean).
 */
export type ByModal<M extends TypedModalJSON> = Omit<Step<SubmitInput>, 'customId' | 'fields'> & {
  readonly modal: M
  readonly fields: { readonly [K in keyof ModalFields<M>]?: ModalFields<M>[K] | undefined }
}

/** A submit by `customId` (or the newest modal): no `modal`, so that one given is read as `ByModal`, its fields checked against its inputs. */
export type ByCustomId = Step<SubmitInput> & { readonly modal?: undefined }

/** A handler joined to an emulator. */
export interface TestBot {
  readonly applicationId: string
  /** The public key the handler verifies with (the emulator's for this application). */
  readonly publicKey: string
  /** The handler as the emulator calls it: its late work is kept by interaction id. */
  readonly endpoint: (request: PlatformRequest) => Promise<PlatformResponse>
  /** `emulator.invoke` into the handler; resolves once everything the interaction started is done. */
  invoke(input: Step<InvokeInput>): Promise<InvokeResult>
  /** `emulator.press` into the handler; the same. The button is the one of `customId`, or the `component` as made (`vote.button(values, label)`). */
  press(input: Step<PressInput> | ByComponent<PressInput>): Promise<ComponentResult>
  /** `emulator.choose` into the handler; the same. The select is the one of `customId`, or the `component` as made (`pick.stringSelect(values, options)`), its values among those it offers. */
  choose<const C extends { readonly custom_id: string }>(input: Step<ChooseInput> | ByChoice<C>): Promise<ComponentResult>
  /** `emulator.submit` into the handler; the same. The modal is the open one of `customId` (or the newest), or the `modal` as made (`report.modal(values)`), its fields typed. */
  submit<const M extends TypedModalJSON>(input: ByCustomId | ByModal<M>): Promise<ModalResult>
  /** Resolves once the late work of interaction `id` (of every interaction, without one) is done; a failure in it is the handler's (`onError`), not this. */
  settled(interactionId?: string): Promise<void>
}

/** Throws `fn: emulator must be ... (was ...)` for what is not an emulator: a test's own object, `undefined` before it was made. */
export function assertEmulator(fn: string, emulator: unknown): void {
  const e = emulator as Partial<Emulator> | null | undefined
  if (typeof e?.publicKey !== 'function' || typeof e.invoke !== 'function' || typeof e.gateway?.connect !== 'function')
    throw argumentError(fn, 'emulator', "an emulator, createEmulator() of 'slashkit/emulator'", emulator)
}

/** A step's input with the `custom_id` of the component or modal it names as made. */
export function byId<T extends object>(input: T): T & { customId?: string } {
  const made = (input as { component?: unknown; modal?: unknown }).component ?? (input as { modal?: unknown }).modal
  if (made === undefined) return input
  const customId = (made as { custom_id?: unknown } | null)?.custom_id
  if (typeof customId !== 'string') throw new TypeError('connect: component and modal are as the app made them, with a custom_id (vote.button(...), report.modal(...))')
  const { component: _c, modal: _m, ...rest } = input as T & { component?: unknown; modal?: unknown }
  return { ...rest, customId } as T & { customId: string }
}

/**
 * An answered step with its waits ended by what connect knows: the handler's work
 * for the interaction has settled before the step resolves, so nothing more comes
 * of it. Where the emulator's own `wait` would wait out the token's 15 minutes for
 * a deferral that no answer will replace (a handler that called `ctx.defer()` and
 * returned), this one ends after `quietMs` with `ended: 'settled'`, `thinking: true`;
 * and `until(done)` that nothing more will make true ends after the same quiet time
 * with the transcript as it is, not after its timeout (default 5 s).
 */
function finished<A extends Answered>(r: A): A {
  const until: Answered['until'] = (done, timeoutMs = QUIET_MS) => r.until(done, Math.min(timeoutMs, QUIET_MS))
  const wait: Answered['wait'] = async (options = {}) => {
    const quietMs = options.quietMs ?? QUIET_MS
    const own = options.maxMs !== undefined && options.maxMs <= quietMs
    const s = await r.wait({ ...options, maxMs: own ? (options.maxMs as number) : quietMs })
    return s.ended !== 'cap' || own ? s : { ...s, ended: s.thinking ? 'settled' : 'quiet' }
  }
  const settle: Answered['settle'] = (quietMs, timeoutMs) =>
    wait({ ...(quietMs === undefined ? {} : { quietMs }), ...(timeoutMs === undefined ? {} : { maxMs: timeoutMs }) }).then((s) => s.transcript)
  return { ...r, until, wait, settle }
}

/** How long a connected step's waits leave for an entry sent outside `ctx.waitUntil` once the handler's work is done: `wait`'s default `quietMs`. */
const QUIET_MS = 300

/** The work a bot's handler does per interaction, and the steps that wait for it. */
export function kept() {
  const work = new Map<string, Promise<unknown>[]>()
  const keep = (id: string, promise: Promise<unknown>): void => {
    let list = work.get(id)
    if (list === undefined) work.set(id, (list = []))
    list.push(promise.catch(() => undefined))
  }
  const settled = async (interactionId?: string): Promise<void> => {
    // Work may start more work (a follow-up's edit): until none is left.
    for (;;) {
      const ids = interactionId === undefined ? [...work.keys()] : [interactionId]
      const pending = ids.flatMap((id) => work.get(id) ?? [])
      for (const id of ids) work.delete(id)
      if (pending.length === 0) return
      await Promise.all(pending)
    }
  }
  /** A step's result once the work of its interaction is done, its waits ended by that (`finished`). */
  const step = async <R extends { readonly outcome: string; readonly interaction?: { readonly id: string } }>(result: Promise<R>): Promise<R> => {
    const r = await result
    if (r.interaction === undefined || r.outcome === 'checked') return r
    await settled(r.interaction.id)
    return r.outcome === 'answered' ? (finished(r as unknown as Answered) as unknown as R) : r
  }
  return { keep, settled, step }
}

type Globals = { Request: new (url: string, init: Record<string, unknown>) => PlatformRequest }

/**
 * Joins a handler to `emulator`: `create(publicKey, context)` makes it (as a module
 * for `slashkit invoke` exports `createEndpoint`), with the emulator's key for
 * `applicationId` and where to send follow-ups (a handler without `rest` sends them
 * here too). The result plays the user into it; each step resolves once the
 * handler's work for that interaction is done.
 *
 * @example
 * const bot = await connect(emulator, (publicKey) => createHandler({ publicKey, app, handlers }))
 * const r = await bot.invoke({ user: { id: '10' }, command: '/report pages:2' })
 * if (r.outcome === 'answered') r.transcript() // the callback, the edit, the follow-ups: all there
 */
export async function connect(
  emulator: Emulator,
  create: (publicKey: string, context: EmulatorContext) => FetchHandler | Promise<FetchHandler>,
  options: { readonly applicationId?: string | undefined } = {},
): Promise<TestBot> {
  assertEmulator('connect', emulator)
  if (typeof create !== 'function')
    throw argumentError('connect', 'create', "a function making the bot's handler: (publicKey, { applicationId, baseUrl, fetch }) => createHandler(...)", create)
  const applicationId = options.applicationId ?? '100000000000000001'
  const publicKey = await emulator.publicKey(applicationId)
  const handler = await create(publicKey, { applicationId, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  // A create that returns nothing (a missing return) failed at the first step, far from it.
  if (typeof handler !== 'function') throw argumentError('connect', "create's result", 'a fetch handler: return createHandler(...)', handler)
  const { keep, settled, step } = kept()
  // Where a handler made without `rest` sends its follow-ups: this emulator (SERVICE in src/http/handler.ts).
  const service = { [Symbol.for('slashkit.service')]: { baseUrl: emulator.baseUrl, fetch: emulator.fetch } }
  const endpoint = async (request: PlatformRequest): Promise<PlatformResponse> => {
    const r = request as unknown as { url: string; method: string; headers: unknown; text(): Promise<string> }
    const text = await r.text()
    let id = ''
    try {
      id = String((JSON.parse(text) as { id?: unknown }).id ?? '')
    } catch {
      // Not JSON: the handler answers it (400); there is no interaction to keep work for.
    }
    const again = new (globalThis as unknown as Globals).Request(r.url, { method: r.method, headers: r.headers, body: text })
    return handler(again, { waitUntil: (promise) => keep(id, promise), ...service })
  }
  const at = { applicationId, endpoint: endpoint as unknown as InvokeInput['endpoint'] }
  return {
    applicationId,
    publicKey,
    endpoint,
    invoke: (input) => step(emulator.invoke({ ...input, ...at })),
    press: (input) => step(emulator.press({ ...byId(input), ...at } as PressInput)),
    choose: (input) => step(emulator.choose({ ...byId(input), ...at } as ChooseInput)),
    submit: (input) => step(emulator.submit({ ...byId(input), ...at } as SubmitInput)),
    settled,
  }
}
