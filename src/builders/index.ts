export { option, choice } from './option.js'
export { slash, user, message, entryPoint } from './command.js'
export type * from './types/options.js'
export type * from './types/commands.js'
export type * from './types/infer.js'
export type {
  BuiltChannelOptionJSON,
  BuiltChatInputJSON,
  BuiltCommandJSON,
  BuiltEntryPointJSON,
  BuiltGroupJSON,
  BuiltGuildCommandJSON,
  BuiltGuildBulkCommandJSON,
  BuiltLeafOptionJSON,
  BuiltMessageJSON,
  BuiltSubcommandJSON,
  BuiltUserJSON,
} from './types/json.js'
export type { SlashkitError } from './types/error.js'
export type { Simplify } from './types/util.js'
export { commands } from './set.js'
export { fromJSON, type LooseCommand } from './from-json.js'
export type * from './types/set.js'
export {
  button,
  linkButton,
  premiumButton,
  selectOption,
  stringSelect,
  userSelect,
  roleSelect,
  mentionableSelect,
  channelSelect,
  actionRow,
  textDisplay,
  thumbnail,
  section,
  mediaGallery,
  file,
  separator,
  container,
  type EmojiInput,
  type ButtonOptions,
  type ButtonStyleName,
  type LinkButtonOptions,
  type SelectOptions,
  type SelectOptionOptions,
  type DefaultsOptions,
  type MediaOptions,
  type GalleryItem,
  type WithId,
} from './messages/components.js'
export {
  textInput,
  label,
  fileUpload,
  radioGroup,
  checkboxGroup,
  checkbox,
  modal,
  type TextInputOptions,
  type ChoiceInput,
  type TypedModalJSON,
  type ModalFields,
} from './messages/modal.js'
export {
  embed,
  poll,
  attachment,
  messageBody,
  layout,
  type EmbedInput,
  type MediaInput,
  type PollAnswerInput,
  type MessageBody,
  type MessageBodyInput,
  type LayoutOptions,
} from './messages/body.js'
export { param, type Param, type AnyParam, type Params, type ParamValues } from './custom-id/params.js'
export {
  route,
  modalRoute,
  type Route,
  type ModalRoute,
  type AnyRoute,
  type RouteParse,
  type RouteButtonOptions,
  type RouteCheck,
  type RouteKind,
  type RouteDeclaration,
  type SelectValues,
  type ComponentRoute,
} from './custom-id/route.js'
