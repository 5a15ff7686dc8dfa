/** Declarations of bench/http.mjs, for the test that runs it. */
export const HTTP_TARGET: number
interface Options {
  rounds?: number
  batchMs?: number
  warmupMs?: number
}
interface Row {
  readonly name: string
  readonly ratio: number
}
export function benchHttp(options?: Options): Promise<Row & { readonly perSecond: { readonly baseline: number; readonly candidate: number } }>
export function benchHttpComponent(options?: Options): Promise<Row>
export function benchHttpAgainst(dir: string, options?: Options): Promise<Row[]>
