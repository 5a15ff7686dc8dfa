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

/**
 * "Limits" says that an address receiving thousands of 429 responses in a short
 * period is blocked; the public API v10 gives the number ("Invalid Request
 * Limit"): 10,000 invalid requests (401, 403, and 429 but those of scope
 * `shared`) per 10 minutes from one address before it is restricted for a while.
 */
export const INVALID_REQUEST_LIMIT = 10_000
export const INVALID_REQUEST_WINDOW_MS = 600_000

/**
 * "Limits": application command creates, 200 per day: a day is the longest window
 * the service counts in, so no bucket's reset is further off than this. A
 * `X-RateLimit-Reset-After` beyond it (or not a number) is not believed.
 */
export const LONGEST_WINDOW_MS = 86_400_000
