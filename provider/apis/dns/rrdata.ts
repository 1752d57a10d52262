/**
 * Record data in a canonical form, so that the same value in another
 * spelling is no diff: TXT/SPF strings with or without quotes, however they
 * are split (into strings of at most 255 octets) and however their octets are
 * written (a character or its `\DDD`), host names in any case, IPv6
 * addresses in any of their textual forms.
 */

const MAX_STRING = 255;

/** One token of record data in presentation format (RFC 1035 5.1). */
export interface PresentationToken {
  /** The text with quotes removed and escapes (`\X`, `\DDD`) decoded. */
  readonly text: string;
  /** Octets the text takes on the wire: a `\DDD` escape is one, other characters their UTF-8 length. */
  readonly octets: number;
  /** Those octets: a `\DDD` escape its number, other characters their UTF-8 encoding. */
  readonly bytes: readonly number[];
  /** True when the whole token was one quoted string. */
  readonly quoted: boolean;
}

/**
 * Splits record data into tokens the way a zone file does: whitespace
 * separates tokens outside quotes, a backslash escapes the next character or
 * stands for the octet of three decimal digits. Returns the problem instead
 * when the quotes do not balance or an escape is cut off or out of range.
 */
export function presentationTokens(value: string): { tokens: PresentationToken[] } | { problem: string } {
  const tokens: PresentationToken[] = [];
  let i = 0;
  while (i < value.length) {
    if (/\s/.test(value[i] ?? "")) {
      i++;
      continue;
    }
    const start = i;
    let text = "";
    const bytes: number[] = [];
    const take = (char: string): void => {
      text += char;
      bytes.push(...Buffer.from(char));
    };
    let inQuotes = false;
    for (; i < value.length && (inQuotes || !/\s/.test(value[i] ?? "")); i++) {
      const char = value[i] ?? "";
      if (char === '"') {
        inQuotes = !inQuotes;
      } else if (char === "\\") {
        const digits = /^\d{3}/.exec(value.slice(i + 1, i + 4))?.[0];
        if (digits !== undefined) {
          if (Number(digits) > 255) return { problem: `the escape \\${digits} is not an octet (\\000 to \\255)` };
          text += String.fromCharCode(Number(digits));
          bytes.push(Number(digits));
          i += 3;
        } else if (i + 1 < value.length) {
          const escaped = characterAt(value, i + 1);
          take(escaped);
          i += escaped.length;
        } else {
          return { problem: "it ends with a lone backslash" };
        }
      } else {
        const literal = characterAt(value, i);
        take(literal);
        i += literal.length - 1;
      }
    }
    if (inQuotes) return { problem: 'a quote is not closed (quotes must balance; write a quote inside a string as \\")' };
    const raw = value.slice(start, i);
    const quoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') && presentationQuoteCount(raw) === 2;
    tokens.push({ text, octets: bytes.length, bytes, quoted });
  }
  return { tokens };
}

/** The whole character at `at`: both halves of a surrogate pair, whose UTF-8 octets are one character's. */
function characterAt(value: string, at: number): string {
  return String.fromCodePoint(value.codePointAt(at) ?? 0);
}

/** Unescaped quotes in a raw token. */
function presentationQuoteCount(raw: string): number {
  let count = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "\\") i++;
    else if (raw[i] === '"') count++;
  }
  return count;
}

/** The character-strings of a TXT value: quoted strings, or the whole unquoted value as one. */
export function txtStrings(value: string): string[] {
  return txtTokens(value)?.map((token) => token.text) ?? [value.trim()];
}

/** The quoted strings of a TXT value; undefined when it is not a list of quoted strings, and so taken literally as one. */
function txtTokens(value: string): PresentationToken[] | undefined {
  const trimmed = value.trim();
  if (!trimmed.startsWith('"')) return undefined;
  const parsed = presentationTokens(trimmed);
  // Not a list of quoted strings after all (an unterminated quote, bare words): taken literally as one string.
  if ("problem" in parsed || !parsed.tokens.every((token) => token.quoted)) return undefined;
  return parsed.tokens;
}

/**
 * A TXT value as the API stores it: its octets (a character as its UTF-8 encoding, `\DDD` as that
 * octet) in quoted strings of at most 255, spelled as Cloud DNS answers them (emulator/README.md):
 * printable ASCII as itself, a quote and a backslash escaped, every other octet as `\DDD`.
 */
export function canonicalTxt(value: string): string {
  const octets = txtTokens(value)?.flatMap((token) => token.bytes) ?? [...Buffer.from(value.trim())];
  const chunks: (readonly number[])[] = [];
  for (let i = 0; i < octets.length; i += MAX_STRING) chunks.push(octets.slice(i, i + MAX_STRING));
  if (chunks.length === 0) chunks.push([]);
  return chunks.map(spelledString).join(" ");
}

function spelledString(octets: readonly number[]): string {
  const spelled = octets.map((octet) => {
    if (octet === 0x22 || octet === 0x5c) return `\\${String.fromCharCode(octet)}`;
    return octet >= 0x20 && octet <= 0x7e ? String.fromCharCode(octet) : `\\${String(octet).padStart(3, "0")}`;
  });
  return `"${spelled.join("")}"`;
}

function canonicalIpv6(value: string): string {
  try {
    return new URL(`http://[${value.trim()}]/`).hostname.slice(1, -1);
  } catch {
    return value.trim();
  }
}

/**
 * Types compared without regard to case: those whose data is (or ends with) host names, and DS, whose
 * digest Cloud DNS answers in lower case (as it does MX targets; emulator/README.md gives the sources).
 */
const CASELESS_TYPES: ReadonlySet<string> = new Set(["CNAME", "NS", "PTR", "MX", "SRV", "DNAME", "SOA", "DS"]);

export function canonicalRrdata(type: string, value: string): string {
  const upper = type.toUpperCase();
  if (upper === "TXT" || upper === "SPF") return canonicalTxt(value);
  if (upper === "AAAA") return canonicalIpv6(value);
  if (CASELESS_TYPES.has(upper)) return value.trim().replace(/\s+/g, " ").toLowerCase();
  return value.trim().replace(/\s+/g, " ");
}

/** Record data compared as a set of canonical values. */
export function sameRrdatas(type: string, a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  const left = new Set((a as string[]).map((value) => canonicalRrdata(type, value)));
  const right = new Set((b as string[]).map((value) => canonicalRrdata(type, value)));
  return left.size === right.size && [...left].every((value) => right.has(value));
}

/**
 * Record data as it is sent: an unquoted TXT or SPF value is sent as one quoted string (split at 255
 * octets, all a string holds: the service refuses a longer one rather than split it), since Cloud DNS
 * makes each whitespace-separated word of an unquoted value a string of its own (`v=spf1 -all` would
 * become `"v=spf1" "-all"`, another record); everything else as given.
 */
export function wireRrdata(type: string, value: string): string {
  const upper = type.toUpperCase();
  return (upper === "TXT" || upper === "SPF") && !value.trim().startsWith('"') ? canonicalTxt(value) : value;
}
