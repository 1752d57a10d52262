/**
 * A zone's master file (RFC 1035 5.1) as records: `$ORIGIN`, `$TTL`, `@`, names relative to the
 * origin or absolute, parentheses over lines, quoted strings with escapes (`\X`, `\DDD`) and
 * several strings to a TXT record, comments. A record that leaves its owner out (its line starts
 * with a blank) takes the previous record's; one that leaves its TTL out takes `$TTL` (RFC 2308 4),
 * else the previous record's (RFC 1035 5.1), else, for the SOA, its MINIMUM (as BIND reads a file of
 * neither). `$INCLUDE` is refused: the command reads the one file it is given.
 *
 * Written here rather than taken from npm: `dns-zonefile` joins lines in parentheses only for the
 * SOA, and `dnsz` and it both skip a line they cannot read without a word and name no line;
 * `dns-packet` has no text form (it encodes the wire format). A file svc-import misread would be
 * a zone moved wrong, so every problem here fails naming its line.
 */
import { RECORD_TYPES } from "../../../provider/apis/dns/rrdataSyntax";
import { SourceError, type RdataPart, type SourceFile, type SourceName, type SourceRecord } from "./source";

const TYPES: ReadonlySet<string> = new Set(RECORD_TYPES);
const MAX_TTL = 2147483647;

/** The fields of each type's data that are domain names, relative to the origin when they do not end with a dot. */
const DOMAIN_FIELDS: Readonly<Record<string, readonly number[]>> = {
  CNAME: [0],
  NS: [0],
  PTR: [0],
  MX: [1],
  SRV: [3],
  SOA: [0, 1],
  NAPTR: [5],
  HTTPS: [1],
  SVCB: [1],
};

interface Token {
  readonly raw: string;
  readonly line: number;
}

/** One entry of the file: a directive or a record, its tokens gathered over the lines its parentheses span. */
interface Entry {
  readonly line: number;
  /** Its first line starts with a blank: the owner is left out. */
  readonly blankOwner: boolean;
  readonly tokens: Token[];
}

/** The entries of the file: comments dropped, quoted strings kept whole (as written), parentheses joining lines. */
function entriesOf(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: Entry | undefined;
  let openedAt: number | undefined;
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const number = index + 1;
    if (openedAt === undefined) {
      if (current !== undefined && current.tokens.length > 0) entries.push(current);
      current = { line: number, blankOwner: /^[ \t]/.test(line), tokens: [] };
    }
    let at = 0;
    while (at < line.length) {
      const char = line[at] ?? "";
      if (char === " " || char === "\t") at++;
      else if (char === ";") break;
      else if (char === "(") {
        if (openedAt !== undefined) throw new SourceError(number, `a ( inside the parentheses opened at line ${openedAt}: parentheses do not nest`);
        openedAt = number;
        at++;
      } else if (char === ")") {
        if (openedAt === undefined) throw new SourceError(number, "a ) closes no (: parentheses must balance, a ( before the lines they join and a ) after");
        openedAt = undefined;
        at++;
      } else {
        const start = at;
        let quoted = false;
        while (at < line.length) {
          const next = line[at] ?? "";
          if (next === "\\") {
            if (at + 1 >= line.length) throw new SourceError(number, "a backslash ends the line: escape a character (\\;) or an octet (\\059)");
            at += 2;
          } else if (next === '"') {
            quoted = !quoted;
            at++;
          } else if (!quoted && /[\s;()]/.test(next)) break;
          else at++;
        }
        if (quoted) {
          throw new SourceError(
            number,
            `a quoted string is not closed on its line (${line.slice(start, start + 40)}...): close it with ", and write a quote inside one as \\"`,
          );
        }
        current?.tokens.push({ raw: line.slice(start, at), line: number });
      }
    }
  }
  if (openedAt !== undefined) throw new SourceError(openedAt, "the ( opened here is never closed: parentheses must balance, a ) after the last line they join");
  if (current !== undefined && current.tokens.length > 0) entries.push(current);
  return entries;
}

/** A TTL: seconds, or BIND's units (`1h30m`, `2d`, `1w`). */
function ttlOf(raw: string): number | undefined {
  if (/^\d+$/.test(raw)) return Number(raw);
  if (!/^(\d+[wdhms])+$/i.test(raw)) return undefined;
  const unit: Record<string, number> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };
  return [...raw.matchAll(/(\d+)([wdhms])/gi)].reduce((sum, [, count = "0", letter = "s"]) => sum + Number(count) * (unit[letter.toLowerCase()] ?? 1), 0);
}

function ttlAt(token: Token, what: string): number {
  const ttl = ttlOf(token.raw);
  if (ttl === undefined) throw new SourceError(token.line, `${what} ${JSON.stringify(token.raw)} is not a TTL: give seconds (3600) or units (1h, 2d, 1w)`);
  if (ttl > MAX_TTL) throw new SourceError(token.line, `${what} ${ttl} is more than ${MAX_TTL} seconds`);
  return ttl;
}

/**
 * A name in the file, against the origin in force: `""` is the zone's own (the file gave no
 * `$ORIGIN`), so a name may stay relative to it until the zone's DNS name is known.
 */
function nameIn(raw: string, origin: string): SourceName {
  if (raw === "@") return origin === "" ? "@" : origin;
  if (raw.endsWith(".") && !raw.endsWith("\\.")) return raw;
  return origin === "" ? raw : `${raw}.${origin}`;
}

/** A TXT or SPF record's strings each quoted, as the zone file reads them: `v=spf1 -all` unquoted is two strings. */
const quotedString = (raw: string): string => (raw.startsWith('"') ? raw : `"${raw}"`);

function rdataOf(type: string, tokens: readonly Token[], origin: string): RdataPart[] {
  const domains = DOMAIN_FIELDS[type] ?? [];
  return tokens.map(({ raw }, index) => {
    if (domains.includes(index) && raw !== ".") return { text: nameIn(raw, origin), domain: true };
    if (type === "TXT" || type === "SPF") return { text: quotedString(raw) };
    // A CAA value is a quoted string in Cloud DNS's form; a zone file may leave the quotes out.
    if (type === "CAA" && index === 2) return { text: quotedString(raw) };
    return { text: raw };
  });
}

/** Reads a master file. Each problem is a SourceError naming its line. */
export function readZoneFile(text: string): SourceFile {
  const records: SourceRecord[] = [];
  let origin = "";
  let firstOrigin: { name: string; line: number } | undefined;
  let defaultTtl: number | undefined;
  let previousTtl: number | undefined;
  let previousOwner: SourceName | undefined;
  for (const entry of entriesOf(text)) {
    const [first, ...rest] = entry.tokens;
    if (first === undefined) continue;
    if (!entry.blankOwner && first.raw.startsWith("$")) {
      const directive = first.raw.toUpperCase();
      if (directive === "$INCLUDE")
        throw new SourceError(entry.line, "$INCLUDE is not read: svc-import reads the one file it is given; put the included file's records into it");
      if (directive !== "$ORIGIN" && directive !== "$TTL")
        throw new SourceError(entry.line, `${first.raw} is not a directive of a zone file: give $ORIGIN or $TTL (RFC 1035, RFC 2308)`);
      if (rest.length !== 1) throw new SourceError(entry.line, `${directive} takes one ${directive === "$TTL" ? "TTL" : "domain name"}; got ${rest.length}`);
      const [value] = rest as [Token];
      if (directive === "$TTL") defaultTtl = ttlAt(value, "$TTL");
      else {
        const named = nameIn(value.raw, origin);
        origin = named === "@" ? "" : named;
        if (origin.endsWith(".")) firstOrigin ??= { name: origin, line: entry.line };
      }
      continue;
    }
    let tokens = entry.tokens;
    let owner = previousOwner;
    if (!entry.blankOwner) {
      owner = nameIn(first.raw, origin);
      tokens = rest;
    }
    if (owner === undefined)
      throw new SourceError(entry.line, "the record starts with a blank, which gives it the previous record's owner, but no record comes before it");
    let ttl: number | undefined;
    let sawClass = false;
    while (tokens[0] !== undefined) {
      const token = tokens[0];
      if (ttl === undefined && ttlOf(token.raw) !== undefined) ttl = ttlAt(token, "the TTL");
      else if (!sawClass && /^(IN|CH|HS|CS|ANY|NONE|CLASS\d+)$/i.test(token.raw)) {
        if (token.raw.toUpperCase() !== "IN") throw new SourceError(token.line, `the class ${token.raw} is not IN: Cloud DNS holds Internet records only`);
        sawClass = true;
      } else break;
      tokens = tokens.slice(1);
    }
    const [typeToken, ...data] = tokens;
    if (typeToken === undefined)
      throw new SourceError(entry.line, "the record has no type: give one after the owner, TTL and class, e.g. `www 300 IN A 192.0.2.1`");
    const type = typeToken.raw.toUpperCase();
    if (!TYPES.has(type)) {
      throw new SourceError(typeToken.line, `${JSON.stringify(typeToken.raw)} is not a record type Cloud DNS holds: give one of ${RECORD_TYPES.join(", ")}`);
    }
    if (data.length === 0) throw new SourceError(entry.line, `the ${type} record has no data: give it after the type`);
    if (ttl === undefined) ttl = defaultTtl ?? previousTtl;
    if (ttl === undefined && type === "SOA" && data[6] !== undefined) ttl = ttlAt(data[6], "the SOA's MINIMUM");
    if (ttl === undefined) throw new SourceError(entry.line, "the record has no TTL and none comes before it: give it one, or $TTL before it (RFC 2308)");
    records.push({ owner, type, ttl, rdata: rdataOf(type, data, origin), line: entry.line });
    previousOwner = owner;
    previousTtl = ttl;
  }
  return { records, leftOut: [], ...(firstOrigin !== undefined && { origin: firstOrigin }) };
}
