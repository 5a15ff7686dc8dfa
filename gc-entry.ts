export { Dispatcher } from './src/http/dispatch.js'
export { commands, slash, option } from './src/index.js'
