/**
 * The gateway events the emulator fires, to subscribers in the process. Spec
 * "Events" 1: the per-command permissions PUT fires Application Command
 * Permissions Update; its payload, not shown in the spec, is the public API v10's:
 * the guild application command permissions object. Public API v10 says the event
 * is fired by that PUT only ("Edit Application Command Permissions ... Fires an
 * Application Command Permissions Update Gateway event"); the deletes and renames
 * that drop a command's overwrites ("States and transitions") are documented
 * without it, so they fire nothing here either. No events are shown for lobbies
 * ("Events" 3).
 */
import type { GuildCommandPermissions, PermissionsUpdateEvent } from '../internal.js'
import { copy } from './model.js'

/** An event the emulator fires: for now the one the spec shows. */
export type EmulatorEvent = PermissionsUpdateEvent

/** The emulator's gateway events, as `emulator.events`. */
export interface EmulatorEvents {
  /**
   * Calls `listener` with each event, once, as it fires (synchronously, before the
   * request that fired it is answered); returns a function that stops the calls.
   * Each listener gets its own copy; a listener that throws is not the request's failure.
   *
   * @example
   * const stop = emulator.events.subscribe((e) => {
   *   if (e.t === 'APPLICATION_COMMAND_PERMISSIONS_UPDATE') console.log(e.d.guild_id, e.d.permissions)
   * })
   */
  subscribe(listener: (event: EmulatorEvent) => void): () => void
  /**
   * The events fired since the last `reset` (the last 1000), oldest first, as copies.
   *
   * @example
   * emulator.events.list().filter((e) => e.d.id === commandId).length // 1 after one PUT
   */
  list(): EmulatorEvent[]
}

const KEPT = 1000

/** The events of one emulator: `emulator.ts` fires them, subscribers hear them. */
export class EventHub implements EmulatorEvents {
  private readonly listeners = new Set<(event: EmulatorEvent) => void>()
  private readonly fired: EmulatorEvent[] = []

  subscribe(listener: (event: EmulatorEvent) => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  list(): EmulatorEvent[] {
    return this.fired.map((e) => copy(e) as EmulatorEvent)
  }

  /** Fires Application Command Permissions Update with the overwrites now stored. */
  permissionsUpdated(d: GuildCommandPermissions): void {
    this.fire({ t: 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', d })
  }

  private fire(event: EmulatorEvent): void {
    this.fired.push(copy(event) as EmulatorEvent)
    if (this.fired.length > KEPT) this.fired.splice(0, this.fired.length - KEPT)
    for (const listener of [...this.listeners]) {
      try {
        listener(copy(event) as EmulatorEvent)
      } catch {
        // A listener's failure is its own; the emulator answers on.
      }
    }
  }

  clear(): void {
    this.fired.length = 0
  }
}
