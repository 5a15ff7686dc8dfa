export { parse, safeParse, parseAutocomplete, safeParseAutocomplete, InteractionError, isInteractionError } from './parse.js'
export type { Parseable, InferAutocomplete, FocusedOption } from './parse.js'
export { router, type Handlers, type Handler, type ReturnOf, type CommandHandlerMap, type CoversSet } from './router.js'
export { handle, type Bound } from './handle.js'
export { reply, deferReply, autocompleteResult, launchActivity, EPHEMERAL, type Focus } from './responses.js'
export { fakeInteraction, type FakeInput, type FakeOptions, type FakeUser, type FakeContext } from './fake.js'
export { configure, type ParseSettings } from './jit.js'
export {
  matchCustomId,
  readModalFields,
  handleComponents,
  type CustomIdMatch,
  type ComponentHit,
  type ModalHit,
  type HitOf,
  type ComponentHandlers,
  type CoversRoutes,
  type ComponentResult,
} from './components.js'
