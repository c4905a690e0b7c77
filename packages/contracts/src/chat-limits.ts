/**
 * The chat's limits the web's first load needs, in a file without zod: the chat page imports it,
 * and importing `chat.ts` there would bring zod into the initial bundle (decision 007).
 */

/**
 * The longest question one message takes, in characters (spec §8: 413 "exceeded input limit —
 * split the question"). Longer text is refused with 413 `input_too_long`, not a 422: the input
 * counts toward it as it nears. The request's body limit (1 MB) is the hard cap behind it.
 */
export const CHAT_TEXT_MAX_CHARS = 100_000;
