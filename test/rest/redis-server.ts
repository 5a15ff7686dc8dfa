/**
 * A real redis-server for the tests of the shared store: started on a free port
 * of 127.0.0.1 with no persistence, stopped after. scripts/setup/redis.sh installs
 * it (Debian package redis-server); where it is missing, the tests say so and skip,
 * except under CI=true, where a missing server fails them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** Whether redis-server can be run here. */
export const haveRedis = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0

if (!haveRedis) {
  const why = 'redis-server is not installed: the shared-store tests need it (bash scripts/setup.sh installs the Debian package redis-server)'
  if (process.env.CI === 'true') throw new Error(why)
  console.warn(`skipped: ${why}`)
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A running redis-server: its port and pid; `stop` ends it (SIGTERM), `kill` as a crash would (SIGKILL by its pid). */
export interface RedisServer {
  readonly port: number
  readonly pid: number
  stop(): Promise<void>
  kill(): Promise<void>
}

/** Starts redis-server (on `port`, else a free one); resolves once it accepts connections. */
export async function startRedis(port?: number): Promise<RedisServer> {
  port ??= await freePort()
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on ${port}: ${out}`)), 10_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited (${code}): ${out}`))
    })
  })
  const end = (signal: NodeJS.Signals) => (): Promise<void> =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      process.kill(child.pid as number, signal)
    })
  return { port, pid: child.pid as number, stop: end('SIGTERM'), kill: end('SIGKILL') }
}
