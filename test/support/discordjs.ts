/**
 * A discord.js 14 `Client` logged in to the emulator on loopback (its REST and its
 * gateway: docs/emulator.md, "Testing a discord.js bot offline"), after `listen`
 * has added its listeners, so that none misses the first dispatches.
 */
import { Client, Events } from 'discord.js'
import type { RunningEmulator } from '../../src/emulator/index.js'

export async function loggedIn(server: RunningEmulator, token: string, listen: (client: Client) => void): Promise<Client> {
  const client = new Client({ intents: [], rest: { api: `http://127.0.0.1:${server.port}/api` } })
  listen(client)
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve))
  await client.login(token)
  await ready
  return client
}
