/**
 * Record data as Cloud DNS answers it, where a public source shows the service rewriting what it was
 * sent (emulator/README.md, "Record data as Cloud DNS answers it", gives each source). Everything
 * else is kept as sent: the emulator does not guess.
 *
 * - AAAA: the compressed form (RFC 5952, as Go's `net.ParseIP(..).String()` writes it).
 * - MX and DS: lower case.
 * - TXT and SPF: each whitespace-separated token of an unquoted value becomes a string of its own, every
 *   string is quoted, and a string longer than 255 characters is split into strings of at most 255.
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

/** The strings of a TXT value in presentation form (RFC 1035 5.1), each quoted, none longer than 255 characters. */
function quotedStrings(value: string): string {
  const strings = presentationStrings(value);
  if (strings === undefined) return value;
  const chunks = strings.flatMap((text) => {
    const parts: string[] = [];
    for (let at = 0; at < text.length; at += MAX_STRING) parts.push(text.slice(at, at + MAX_STRING));
    return parts.length === 0 ? [""] : parts;
  });
  return chunks.map((chunk) => `"${chunk.replace(/(["\\])/g, "\\$1")}"`).join(" ");
}

/** Whitespace separates strings outside quotes; a backslash escapes the next character. Undefined when a quote is not closed. */
function presentationStrings(value: string): string[] | undefined {
  const strings: string[] = [];
  let index = 0;
  while (index < value.length) {
    if (/\s/.test(value[index]!)) {
      index += 1;
      continue;
    }
    let text = "";
    let quoted = false;
    for (; index < value.length && (quoted || !/\s/.test(value[index]!)); index += 1) {
      const char = value[index]!;
      if (char === '"') quoted = !quoted;
      else if (char === "\\" && index + 1 < value.length) {
        index += 1;
        text += value[index];
      } else text += char;
    }
    if (quoted) return undefined;
    strings.push(text);
  }
  return strings;
}
