/** Declarations of bench/invoke.mjs, for the test that runs it. */
export interface InvokeBenchResult {
  readonly invocations: number
  readonly perSecond: number
  readonly baselinePerSecond: number
  readonly ratio: number
}
export function benchInvoke(options?: { total?: number; round?: number }): Promise<InvokeBenchResult>
export function describeInvoke(result: InvokeBenchResult): string
