/**
 * Values echoed in messages are cut short: a message that repeats a megabyte
 * of input helps nobody and floods logs and the engine's diagnostics.
 */

/** Characters of a value shown before it is cut. */
export const EXCERPT_LENGTH = 80;

/** JSON of the value, cut to about 80 characters with "… (N characters)" appended when longer. */
export function excerpt(value: unknown, limit = EXCERPT_LENGTH): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return clip(text, limit);
}

/** Free text (a reason, a server's message) cut to `limit` characters, saying how long it was. */
export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  // Never split a surrogate pair: half a character is not text.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}
