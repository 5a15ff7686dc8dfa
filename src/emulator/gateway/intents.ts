/**
 * Privileged gateway intents (public API v10, "Privileged Intents"): an application
 * switches each on in its settings, and a bot that identifies with one that is off
 * is closed with 4014. A new application is unverified, so each intent switched on
 * shows as its `_LIMITED` application flag ("Application Flags"), in READY and in
 * GET /applications/@me. The bits are src/wire/gateway.ts's.
 */
import { LimitedIntentFlag, PrivilegedIntent } from '../../internal.js'
import type { Apps, EmulatorApplication, PrivilegedIntent as IntentName } from '../auth.js'

/** The names `privilegedIntents` takes. */
export const PRIVILEGED_INTENT_NAMES = Object.keys(PrivilegedIntent) as readonly IntentName[]

/** Every privileged intent's bit. */
const PRIVILEGED = PRIVILEGED_INTENT_NAMES.reduce((bits, name) => bits | PrivilegedIntent[name], 0)

/** Whether `name` is a privileged intent's name. */
export const isPrivilegedIntent = (name: unknown): boolean => typeof name === 'string' && Object.hasOwn(PrivilegedIntent, name)

const enabled = (app: EmulatorApplication | undefined): readonly IntentName[] => app?.privilegedIntents ?? []

/** The application flags of `app` (OpenAPI `PrivateApplicationResponse.flags`): the `_LIMITED` flag of each privileged intent switched on. */
export function applicationFlags(app: EmulatorApplication | undefined): number {
  let flags = 0
  for (const name of enabled(app)) flags |= LimitedIntentFlag[name]
  return flags
}

/**
 * The privileged intents in `intents` that application `id` has not switched on
 * (0 when none). An emulator made without `applications` takes any token for any
 * application, and so any intent.
 */
export function disallowedIntents(apps: Apps, id: string, intents: number): number {
  if (apps === undefined) return 0
  let allowed = 0
  for (const name of enabled(apps.get(id))) allowed |= PrivilegedIntent[name]
  return intents & PRIVILEGED & ~allowed
}
