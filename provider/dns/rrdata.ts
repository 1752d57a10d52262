/**
 * Record data in a canonical form, so that the same value in another
 * spelling is no diff: TXT/SPF strings with or without quotes and however
 * they are split (into strings of at most 255 characters), host names in any
 * case, IPv6 addresses in any of their textual forms.
 */

const MAX_STRING = 255;

/** The character-strings of a TXT value: quoted strings, or the whole unquoted value as one. */
export function txtStrings(value: string): string[] {
  const trimmed = value.trim();
  if (!trimmed.startsWith('"')) return [trimmed];
  const strings: string[] = [];
  let i = 0;
  while (i < trimmed.length) {
    while (trimmed[i] === " ") i++;
    if (i >= trimmed.length) break;
    if (trimmed[i] !== '"') return [trimmed]; // not a list of quoted strings after all: one string
    let text = "";
    i++;
    for (; i < trimmed.length && trimmed[i] !== '"'; i++) {
      if (trimmed[i] === "\\" && i + 1 < trimmed.length) i++;
      text += trimmed[i];
    }
    if (i >= trimmed.length) return [trimmed]; // unterminated quote: take it literally
    i++;
    strings.push(text);
  }
  return strings;
}

/** A TXT value as quoted strings of at most 255 characters, the way the API stores it. */
export function canonicalTxt(value: string): string {
  const content = txtStrings(value).join("");
  const chunks: string[] = [];
  for (let i = 0; i < content.length; i += MAX_STRING) chunks.push(content.slice(i, i + MAX_STRING));
  if (chunks.length === 0) chunks.push("");
  return chunks.map((chunk) => `"${chunk.replace(/(["\\])/g, "\\$1")}"`).join(" ");
}

function canonicalIpv6(value: string): string {
  try {
    return new URL(`http://[${value.trim()}]/`).hostname.slice(1, -1);
  } catch {
    return value.trim();
  }
}

/** Types whose data is (or ends with) host names, compared without regard to case. */
const HOST_TYPES = new Set(["CNAME", "NS", "PTR", "MX", "SRV", "DNAME", "SOA"]);

export function canonicalRrdata(type: string, value: string): string {
  const upper = type.toUpperCase();
  if (upper === "TXT" || upper === "SPF") return canonicalTxt(value);
  if (upper === "AAAA") return canonicalIpv6(value);
  if (HOST_TYPES.has(upper)) return value.trim().replace(/\s+/g, " ").toLowerCase();
  return value.trim().replace(/\s+/g, " ");
}

/** Record data compared as a set of canonical values. */
export function sameRrdatas(type: string, a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  const left = new Set((a as string[]).map((value) => canonicalRrdata(type, value)));
  const right = new Set((b as string[]).map((value) => canonicalRrdata(type, value)));
  return left.size === right.size && [...left].every((value) => right.has(value));
}
