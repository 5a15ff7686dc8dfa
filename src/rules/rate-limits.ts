/**
 * The service's rate numbers, named once: the REST client keeps them before it
 * sends (src/rest/), the emulator answers by them (src/emulator/). The numbers are
 * the spec's ("Limits"); the spec shows neither the headers nor the retry timing,
 * and where it is silent a constant cites the public API v10 fact it is.
 * Windows are in milliseconds.
 */

/** "Limits": the global rate limit, 50 requests per second per application across all endpoints. */
export const GLOBAL_RATE_LIMIT = 50
/** "Limits": the global rate limit can be raised to 1200 per second on request. */
export const GLOBAL_RATE_LIMIT_MAX = 1200
/** "Limits": the global limit is counted per second. */
export const GLOBAL_WINDOW_MS = 1000

/** "Limits": lobby create, delete and retrieve, each 500 per 10 seconds per application. */
export const LOBBY_ROUTE_LIMIT = 500
/** "Limits": lobby add member and remove member, each 5000 per 10 seconds per application. */
export const LOBBY_MEMBER_ROUTE_LIMIT = 5000
/** "Limits": the window of the two lobby route limits above. */
export const LOBBY_ROUTE_WINDOW_MS = 10_000

/** "Limits": sending a lobby message, 3000 per 2 hours per user. */
export const LOBBY_MESSAGE_USER_LIMIT = 3000
export const LOBBY_MESSAGE_USER_WINDOW_MS = 7_200_000

/** "Limits": creating or joining a lobby, 10 per 60 seconds per user. */
export const LOBBY_JOIN_USER_LIMIT = 10
export const LOBBY_JOIN_USER_WINDOW_MS = 60_000

/** "Limits": application command creates, 200 per day per guild. */
export const COMMAND_CREATE_DAILY_LIMIT = 200
export const COMMAND_CREATE_WINDOW_MS = 86_400_000

/**
 * "Limits" says that an address receiving thousands of 429 responses in a short
 * period is blocked; the public API v10 gives the number ("Invalid Request
 * Limit"): 10,000 invalid requests (401, 403, and 429 but those of scope
 * `shared`) per 10 minutes from one address before it is restricted for a while.
 */
export const INVALID_REQUEST_LIMIT = 10_000
export const INVALID_REQUEST_WINDOW_MS = 600_000
