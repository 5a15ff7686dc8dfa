/**
 * `connectGateway`: a gateway bot's handler joined to the emulator's gateway in
 * process, as `connect` joins an HTTP handler (public API v10, "Receiving an
 * Interaction": an app without an interactions endpoint URL gets INTERACTION_CREATE
 * on its gateway connection and answers through the callback endpoint). A link of
 * its own identifies with the bot's token, and each INTERACTION_CREATE goes to the
 * handler as the gateway sends it (`{ op, s, t, d }`, what `createGatewayHandler`
 * takes); each step resolves once the handler has answered and done what it sent
 * later. No socket, no timers of its own.
 */
import type { ChooseInput, ComponentResult, Emulator, InvokeInput, InvokeResult, ModalResult, PressInput, SubmitInput } from '../emulator/index.js'
import { argumentError, GatewayOpcode, type TypedModalJSON } from '../internal.js'
import { assertEmulator, byId, type ByChoice, type ByComponent, type ByCustomId, type ByModal, kept, type Step } from './connect.js'

/** A gateway handler joined to an emulator's gateway: the user's steps, delivered over it. */
export interface GatewayTestBot {
  readonly applicationId: string
  /** `emulator.invoke` over the gateway; resolves once the handler's work for the interaction is done. */
  invoke(input: Step<InvokeInput>): Promise<InvokeResult>
  /** `emulator.press` over the gateway; the button of `customId`, or the `component` as made. */
  press(input: Step<PressInput> | ByComponent<PressInput>): Promise<ComponentResult>
  /** `emulator.choose` over the gateway; the select of `customId`, or the `component` as made. */
  choose<const C extends { readonly custom_id: string }>(input: Step<ChooseInput> | ByChoice<C>): Promise<ComponentResult>
  /** `emulator.submit` over the gateway; the open modal of `customId`, or the `modal` as made, its fields typed. */
  submit<const M extends TypedModalJSON>(input: ByCustomId | ByModal<M>): Promise<ModalResult>
  /** Resolves once the handler's work for interaction `id` (for every interaction, without one) is done. */
  settled(interactionId?: string): Promise<void>
  /** Closes the link (code 1000: the session ends). */
  close(): void
}

/** What `connectGateway` takes besides the emulator and the handler. */
export interface GatewayConnectOptions {
  /** The bot's token, as the emulator's `applications` give it (`createEmulator({ applications: [{ id, botToken }] })`). */
  readonly token: string
  /** The application whose interactions are played; default: the one the token identifies, as READY names it. */
  readonly applicationId?: string | undefined
  /** The IDENTIFY intents; default 0 (interactions need none). */
  readonly intents?: number | undefined
}

/**
 * Joins `onInteraction` (`createGatewayHandler`'s function) to `emulator`'s gateway:
 * identifies with `options.token` and resolves once READY, or rejects with the
 * gateway's close code and reason (4004: a token the emulator's `applications` do
 * not hold).
 *
 * @example
 * const emulator = createEmulator({ applications: [{ id: APP, botToken: 'bot' }] })
 * const bot = await connectGateway(emulator, createGatewayHandler({ app, rest, handlers }), { token: 'bot' })
 * const r = await bot.invoke({ user: { id: '10' }, command: '/ping' })
 */
export function connectGateway(emulator: Emulator, onInteraction: (packet: unknown) => unknown, options: GatewayConnectOptions): Promise<GatewayTestBot> {
  try {
    assertEmulator('connectGateway', emulator)
  } catch (error) {
    return Promise.reject(error)
  }
  if (typeof onInteraction !== 'function')
    return Promise.reject(argumentError('connectGateway', 'onInteraction', "a function given each INTERACTION_CREATE packet: a gateway handler's", onInteraction))
  if (typeof options?.token !== 'string') return Promise.reject(argumentError('connectGateway', 'options.token', "the bot's token, a string", options?.token))
  const work = kept()
  let connection: { receive(text: string): void; closed(code: number): void } | undefined
  return new Promise<GatewayTestBot>((resolve, reject) => {
    let ready = false
    const send = (op: number, d: unknown): void => connection?.receive(JSON.stringify({ op, d }))
    const link = {
      send(text: string): void {
        const packet = JSON.parse(text) as { op?: number; t?: string; d?: { id?: unknown; application?: { id?: unknown } } }
        // Hello: identify, once the emulator has handed back the connection.
        if (packet.op === GatewayOpcode.Hello)
          void Promise.resolve().then(() =>
            send(GatewayOpcode.Identify, {
              token: options.token,
              intents: options.intents ?? 0,
              properties: { os: 'slashkit', browser: 'slashkit/testing', device: 'slashkit/testing' },
            }),
          )
        else if (packet.t === 'READY' && !ready) {
          ready = true
          const app = options.applicationId ?? String(packet.d?.application?.id ?? '')
          resolve(joined(emulator, app, work, () => connection?.closed(1000)))
        } else if (packet.t === 'INTERACTION_CREATE') {
          // A handler that throws at once has failed: the step's outcome tells (no callback), and the gateway goes on.
          work.keep(String(packet.d?.id ?? ''), new Promise((done) => done(onInteraction(packet))))
        }
      },
      close(code: number, reason: string): void {
        if (!ready) reject(new Error(`connectGateway: the gateway closed the connection before READY (${code}: ${reason})`))
      },
    }
    connection = emulator.gateway.connect(link, 'ws://emulator.invalid/?v=10&encoding=json')
  })
}

/** The steps of a bot whose gateway session is ready. */
function joined(emulator: Emulator, applicationId: string, { settled, step }: ReturnType<typeof kept>, close: () => void): GatewayTestBot {
  return {
    applicationId,
    invoke: (input) => step(emulator.invoke({ ...input, applicationId })),
    press: (input) => step(emulator.press({ ...byId(input), applicationId } as PressInput)),
    choose: (input) => step(emulator.choose({ ...byId(input), applicationId } as ChooseInput)),
    submit: (input) => step(emulator.submit({ ...byId(input), applicationId } as SubmitInput)),
    settled,
    close,
  }
}
