/** Setup of the 'jitless' test project (vitest.config.ts): parse reads with its interpreter only. */
import { configure } from '../../src/index.js'

configure({ jitless: true })
