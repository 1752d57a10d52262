/**
 * Record data as Cloud DNS answers it, where a public source shows the service rewriting what it was
 * sent (emulator/README.md, "Record data as Cloud DNS answers it", gives each source). Everything
 * else is kept as sent: the emulator does not guess.
 *
 * - AAAA: the compressed form (RFC 5952, as Go's `net.ParseIP(..).String()` writes it).
 * - MX and DS: lower case.
 * - TXT and SPF: each whitespace-separated token of an unquoted value becomes a string of its own, RFC
 *   1035 escapes (`\DDD`, `\"`, `\\`, any `\X`) are read as the octets they stand for, and every string
 *   is answered in one spelling (`quotedStrings`). A string of more than 255 octets is refused, not
 *   split (`hasLongString`, checked with the record's other rules in record-rules.ts).
 */
import type { ResourceRecordSet } from "./resources";

const MAX_STRING = 255;

export function normalizeRrdata(type: string, value: string): string {
  switch (type) {
    case "AAAA":
      return compressedIpv6(value);
    case "MX":
    case "DS":
      return value.toLowerCase();
    case "TXT":
    case "SPF":
      return quotedStrings(value);
    default:
      return value;
  }
}

/** A record set with its data (and the data of its routing policy's items) as the service keeps it. */
export function normalizeRecordSet(rrset: ResourceRecordSet): ResourceRecordSet {
  const normalize = (values: readonly string[]): string[] => values.map((value) => normalizeRrdata(rrset.type, value));
  const routing = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(routing);
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, key === "rrdatas" && Array.isArray(value) ? normalize(value as string[]) : routing(value)]),
    );
  };
  return {
    ...rrset,
    ...(rrset.rrdatas !== undefined && { rrdatas: normalize(rrset.rrdatas) }),
    ...(rrset.routingPolicy !== undefined && { routingPolicy: routing(rrset.routingPolicy) as ResourceRecordSet["routingPolicy"] }),
  };
}

function compressedIpv6(value: string): string {
  try {
    // WHATWG URL serializes an IPv6 host in RFC 5952's form: lower case, leading zeros dropped, the longest run of zeros as ::.
    return new URL(`http://[${value.trim()}]/`).hostname.slice(1, -1);
  } catch {
    return value;
  }
}

/**
 * The strings of a TXT value in the service's spelling: each quoted, printable ASCII as itself, a quote
 * and a backslash escaped with a backslash, every other octet as `\DDD`. Kept as sent when it cannot be
 * read (a quote not closed, an escape cut off or above `\255`): the emulator does not guess.
 */
function quotedStrings(value: string): string {
  const strings = characterStrings(value);
  if (strings === undefined) return value;
  return strings.map(spelled).join(" ");
}

function spelled(octets: readonly number[]): string {
  let text = "";
  for (const octet of octets) {
    if (octet === 0x22 || octet === 0x5c) text += `\\${String.fromCharCode(octet)}`;
    else if (octet >= 0x20 && octet <= 0x7e) text += String.fromCharCode(octet);
    else text += `\\${String(octet).padStart(3, "0")}`;
  }
  return `"${text}"`;
}

/** Whether a TXT or SPF value holds a character-string of more than 255 octets, which the service refuses. */
export function hasLongString(value: string): boolean {
  return characterStrings(value)?.some((octets) => octets.length > MAX_STRING) ?? false;
}

/**
 * The character-strings of a TXT value in presentation form (RFC 1035 5.1), as octets: whitespace
 * separates strings outside quotes; `\DDD` is the octet of that number, `\X` the character X itself;
 * any other character its UTF-8 octets. Undefined when a quote is not closed or an escape is not one.
 */
function characterStrings(value: string): number[][] | undefined {
  const chars = Array.from(value);
  const strings: number[][] = [];
  let index = 0;
  while (index < chars.length) {
    if (/\s/.test(chars[index]!)) {
      index += 1;
      continue;
    }
    const octets: number[] = [];
    let quoted = false;
    for (; index < chars.length && (quoted || !/\s/.test(chars[index]!)); index += 1) {
      const char = chars[index]!;
      if (char === '"') quoted = !quoted;
      else if (char !== "\\") octets.push(...Buffer.from(char));
      else {
        const escape = escaped(chars, index + 1);
        if (escape === undefined) return undefined;
        octets.push(...escape.octets);
        index += escape.length;
      }
    }
    if (quoted) return undefined;
    strings.push(octets);
  }
  return strings;
}

/** What the escape after a backslash stands for, and how many characters it takes: `\DDD` an octet, `\X` (X no digit) X itself. */
function escaped(chars: readonly string[], at: number): { octets: number[]; length: number } | undefined {
  const digits = chars.slice(at, at + 3).join("");
  if (/^\d{3}$/.test(digits)) return Number(digits) <= 255 ? { octets: [Number(digits)], length: 3 } : undefined;
  const char = chars[at];
  return char === undefined || /\d/.test(char) ? undefined : { octets: [...Buffer.from(char)], length: 1 };
}
