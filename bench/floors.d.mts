/** Types of bench/floors.mjs, for the test that imports it. */
import type { Plugin } from 'esbuild'

/** Issue 29's target for the build row, in times the baseline. */
export declare const TARGET: number

/** The parts `floors` times, in ms (the fastest batch of CPU time, per call). */
export type FloorParts = Record<
  | 'whole'
  | 'chain'
  | 'made'
  | 'toJSON'
  | 'validate'
  | 'stringify'
  | 'literals'
  | 'literalsStringify'
  | 'baseline'
  | 'bareWhole'
  | 'bareToJSON'
  | 'floorChain'
  | 'floorWalk'
  | 'floorWhole'
  | 'callsOnly',
  number
>

/** What `floors` measured on one set. */
export interface Floors {
  readonly ms: FloorParts
  readonly counts: { readonly calls: number; readonly steps: number; readonly objects: number; readonly keys: number; readonly values: number; readonly bytes: number }
  readonly ratios: Record<'row' | 'withoutValidation' | 'replayFree' | 'floor' | 'floorWhole' | 'partsBias', number>
  readonly rounds: number
}

/** Times the row, its parts, the row without validation and the floor parts on `set`. */
export declare function floors(set: readonly unknown[], options?: { readonly rounds?: number; readonly batchMs?: number; readonly tag?: string }): Promise<Floors>

/** The report of `floors(...)`, one line each. */
export declare function describeFloors(label: string, result: Floors): string[]

/** One step of a floor chain: the builder methods, each returning a new step. */
export interface FloorStep {
  localize(locale: string, texts: unknown): FloorStep
  options(...options: FloorStep[]): FloorStep
  subcommand(name: string, description: string, fill?: (step: FloorStep) => FloorStep): FloorStep
  group(name: string, description: string, fill: (step: FloorStep) => FloorStep): FloorStep
  required(): FloorStep
  choices(...choices: FloorStep[]): FloorStep
  autocomplete(): FloorStep
  min(value: number): FloorStep
  max(value: number): FloorStep
  minLength(value: number): FloorStep
  maxLength(value: number): FloorStep
  channelTypes(...types: number[]): FloorStep
  defaultMemberPermissions(...names: string[]): FloorStep
  contexts(...contexts: number[]): FloorStep
  integrationTypes(...types: number[]): FloorStep
  nsfw(value?: boolean): FloorStep
}

/** The floor chain's names, as the generated source imports them. */
export declare const floorBuilders: {
  readonly slash: (name: string, description: string) => FloorStep
  readonly user: (name: string) => FloorStep
  readonly message: (name: string) => FloorStep
  readonly choice: (name: string, value: string | number) => FloorStep
  readonly option: Readonly<
    Record<'string' | 'integer' | 'boolean' | 'user' | 'channel' | 'role' | 'mentionable' | 'number' | 'attachment', (name: string, description: string) => FloorStep>
  >
  readonly commands: (...definitions: unknown[]) => FloorStep
}

/** The steps a floor chain made and the calls that made them. */
export declare function countSteps(result: unknown): { steps: number; calls: number }

/** The floor walk: every object, key and value visited, each string's length read. */
export declare function floorWalk(value: unknown): number

/** What `floorWalk` visits. */
export declare function countValues(value: unknown): { objects: number; keys: number; values: number }

/** The esbuild plugin that switches `toJSON`'s validation off. */
export declare const noValidation: Plugin
