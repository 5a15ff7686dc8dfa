export { parse, safeParse, parseAutocomplete, safeParseAutocomplete, InteractionError, isInteractionError } from './parse.js'
export type { Parseable, InferAutocomplete, FocusedOption } from './parse.js'
export {
  router,
  handlerLookup,
  assertApp,
  assertHandlers,
  pathOf,
  type AnyHandler,
  type CheckHandlers,
  type CommandHandlerMap,
  type Bound,
  type Handler,
  type Handlers,
  type HandlersInput,
  type Hit,
  type ReturnOf,
} from './router.js'
export { handle } from './handle.js'
export { reply, deferReply, deferralFor, autocompleteResult, launchActivity, EPHEMERAL, type Focus } from './responses.js'
export {
  fakeAttachment,
  fakeBase,
  fakeFields,
  fakeInteraction,
  fakeMessage,
  fakeUser,
  receivedEmbed,
  type FakeInput,
  type FakeMessageFields,
  type FakeOptions,
  type FakeSettings,
  type FakeUser,
  type FakeContext,
} from './fake.js'
export { configure, type ParseSettings } from './jit.js'
export { readModalFields } from '../builders/custom-id/read.js'
export {
  matchCustomId,
  handleComponents,
  readComponent,
  routesByName,
  type ComponentRead,
  type ComponentMiss,
  type ComponentValues,
  type RouteName,
  type CustomIdMatch,
  type ComponentHit,
  type ModalHit,
  type HitOf,
  type ComponentHandlers,
  type CoversRoutes,
  type StrayKeys,
  type ComponentResult,
} from './components.js'
