/** Declarations of bench/http-hand.mjs, for the test that checks its rows. */
type Endpoint = (request: Request) => Promise<Response>
interface Keys {
  readonly publicKey: string
}

export function httpRow(lib: object): Promise<{
  readonly keys: Keys
  /** The row's app, handlers, routes and components: typed where the bench makes them (JavaScript), passed on as they are. */
  readonly app: never
  readonly handlers: never
  readonly request: () => Request
  readonly hand: Endpoint
}>
export function componentRow(lib: object): Promise<{
  readonly keys: Keys
  readonly app: never
  readonly handlers: never
  readonly routes: never
  readonly components: never
  readonly request: () => Request
  readonly handRequest: () => Request
  readonly hand: Endpoint
}>
