/**
 * A small EDN writer for the CI API's default response format (no or an
 * empty `Accept` header). It writes what JSON can hold: maps with keyword
 * keys (`{:build_num 3, :branch "main"}`), vectors, strings, numbers,
 * booleans and `nil`, the way Clojure's `pr-str` prints them. A map key that
 * is not a valid EDN keyword (a branch name such as `feature/x`, a key
 * starting with a digit) is written as a string key instead.
 */

/** Keywords whose name a reader takes back as the same plain (namespace-free) keyword. */
const KEYWORD_NAME = /^[A-Za-z*!_?$%&=<>][A-Za-z0-9*+!\-_?$%&=<>.']*$/;

export function toEdn(value: unknown): string {
  if (value === null || value === undefined) return "nil";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return Number.isFinite(value) ? String(value) : "nil";
    case "string":
      return ednString(value);
    case "object":
      if (Array.isArray(value)) return `[${value.map((item) => toEdn(item)).join(" ")}]`;
      return ednMap(value as Record<string, unknown>);
    default:
      throw new TypeError(`cannot write a ${typeof value} as EDN`);
  }
}

function ednMap(map: Record<string, unknown>): string {
  const entries: string[] = [];
  for (const [key, value] of Object.entries(map)) {
    // Like JSON.stringify: an undefined member is absent.
    if (value === undefined) continue;
    entries.push(`${ednKey(key)} ${toEdn(value)}`);
  }
  return `{${entries.join(", ")}}`;
}

function ednKey(key: string): string {
  return KEYWORD_NAME.test(key) ? `:${key}` : ednString(key);
}

function ednString(text: string): string {
  let out = '"';
  for (const char of text) {
    switch (char) {
      case '"':
        out += '\\"';
        break;
      case "\\":
        out += "\\\\";
        break;
      case "\n":
        out += "\\n";
        break;
      case "\r":
        out += "\\r";
        break;
      case "\t":
        out += "\\t";
        break;
      default: {
        const code = char.codePointAt(0) ?? 0;
        // Other control characters as \uXXXX, which Clojure's reader understands.
        out += code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, "0")}` : char;
      }
    }
  }
  return `${out}"`;
}
