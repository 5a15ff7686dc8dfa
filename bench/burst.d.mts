/** One burst of `n` interactions against the bot of the build in `dir`: each outcome's count, and the bot's onError count. */
export function burst(dir: string, n: number): Promise<{ counts: Record<string, number>; errors: number }>
