/**
 * An octoDNS zone file (the YamlProvider's `<zone>.yaml`) as records: each top-level key a name
 * relative to the zone (`''` the apex), its record one map or a list of maps, each with `type`,
 * `ttl` (octoDNS's default 3600 when left out: the YamlProvider's `default_ttl`,
 * octodns/provider/yaml.py) and `value` or `values`, in the forms octoDNS's record types read
 * (octodns/record/*.py) and written as their `to_rdata_text` writes them. Read with the `yaml`
 * package, whose nodes know their lines, so each problem names one.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from "yaml";
import { canonicalTxt } from "../../../provider/apis/dns/rrdata";
import { RECORD_TYPES } from "../../../provider/apis/dns/rrdataSyntax";
import { SourceError, setWords, type SourceFile, type SourceLeftOut, type SourceRecord } from "./source";

/** octoDNS's YamlProvider's TTL for a record that gives none (`default_ttl`, octodns/provider/yaml.py). */
export const OCTODNS_DEFAULT_TTL = 3600;

const TYPES: ReadonlySet<string> = new Set(RECORD_TYPES);

type Fields = Readonly<Record<string, unknown>>;

/** A field of a value, or the failure octoDNS's own validator words (`missing exchange`). */
function field(value: Fields, names: readonly string[], line: number, what: string, fallback?: string | number): string {
  for (const name of names) {
    const given = value[name];
    if (typeof given === "string" || typeof given === "number" || typeof given === "boolean") return String(given);
    if (given !== undefined && given !== null) throw new SourceError(line, `${what}: ${name} is ${JSON.stringify(given)}; give a string or a number`);
  }
  if (fallback !== undefined) return String(fallback);
  throw new SourceError(line, `${what}: missing ${names[0]}${names.length > 1 ? ` (or ${names.slice(1).join(", ")})` : ""}`);
}

/**
 * A TXT or SPF value: octoDNS's text, `;` escaped as `\;`, a value that starts with a quote being
 * strings to join (`_ChunkedValue.process`); as record data, quoted strings of at most 255 octets.
 */
function txtData(text: string): string {
  const joined = text.startsWith('"') ? text.slice(1, -1).replaceAll('" "', "") : text;
  const raw = joined.replaceAll("\\;", ";");
  return canonicalTxt(`"${raw.replace(/["\\]/g, (char) => `\\${char}`)}"`);
}

/** One value as record data, as octoDNS's type writes it (`to_rdata_text` of octodns/record/<type>.py). */
function rdataOf(type: string, value: unknown, line: number, what: string): string {
  if (type === "TXT" || type === "SPF") return txtData(String(value));
  if (typeof value !== "object" || value === null) {
    if (["MX", "SRV", "CAA", "SSHFP", "TLSA", "DS", "NAPTR", "HTTPS", "SVCB"].includes(type))
      throw new SourceError(line, `${what}: a ${type} value is a map of its fields (octoDNS's form), e.g. ${TYPE_EXAMPLES[type] ?? "{...}"}`);
    return String(value);
  }
  const fields = value as Fields;
  const get = (names: readonly string[], fallback?: string | number): string => field(fields, names, line, what, fallback);
  switch (type) {
    case "MX":
      // `priority` and `value` are the older names octoDNS still reads (octodns/record/mx.py).
      return `${get(["preference", "priority"])} ${get(["exchange", "value"])}`;
    case "SRV":
      return `${get(["priority"])} ${get(["weight"])} ${get(["port"])} ${get(["target"])}`;
    case "CAA":
      return `${get(["flags"], 0)} ${get(["tag"])} "${get(["value"])}"`;
    case "SSHFP":
      return `${get(["algorithm"])} ${get(["fingerprint_type"])} ${get(["fingerprint"])}`;
    case "TLSA":
      return `${get(["certificate_usage"], 0)} ${get(["selector"], 0)} ${get(["matching_type"], 0)} ${get(["certificate_association_data"])}`;
    case "DS":
      // The older form (flags, protocol, algorithm, public_key) names the same four fields (octodns/record/ds.py).
      return "public_key" in fields || "flags" in fields
        ? `${get(["flags"])} ${get(["protocol"])} ${get(["algorithm"])} ${get(["public_key"]).toLowerCase()}`
        : `${get(["key_tag"])} ${get(["algorithm"])} ${get(["digest_type"])} ${get(["digest"]).toLowerCase()}`;
    case "NAPTR":
      return `${get(["order"])} ${get(["preference"])} "${get(["flags"], "")}" "${get(["service"], "")}" "${get(["regexp"], "")}" ${get(["replacement"])}`;
    case "HTTPS":
    case "SVCB": {
      const params = Object.entries((fields["svcparams"] as Fields | undefined) ?? {}).map(([key, param]) =>
        param === null || param === undefined
          ? ` ${key}`
          : ` ${key}=${(Array.isArray(param) ? param : [param]).map((item) => String(item as string | number)).join(",")}`,
      );
      return `${get(["svcpriority"])} ${get(["targetname"])}${params.join("")}`;
    }
    default:
      throw new SourceError(line, `${what}: a ${type} value is one string, e.g. ${TYPE_EXAMPLES[type] ?? '"192.0.2.1"'}`);
  }
}

const TYPE_EXAMPLES: Readonly<Record<string, string>> = {
  A: '"192.0.2.1"',
  CNAME: '"www.example.com."',
  MX: "{ preference: 10, exchange: mx1.example.com. }",
  SRV: "{ priority: 10, weight: 20, port: 5060, target: sip.example.com. }",
  CAA: "{ flags: 0, tag: issue, value: letsencrypt.org }",
  SSHFP: "{ algorithm: 1, fingerprint_type: 1, fingerprint: ... }",
  TLSA: "{ certificate_usage: 3, selector: 1, matching_type: 1, certificate_association_data: ... }",
  DS: "{ key_tag: 60485, algorithm: 5, digest_type: 1, digest: ... }",
  NAPTR: '{ order: 100, preference: 10, flags: S, service: "SIP+D2U", regexp: "", replacement: _sip._udp.example.com. }',
  HTTPS: "{ svcpriority: 1, targetname: ., svcparams: { alpn: [h2] } }",
  SVCB: "{ svcpriority: 1, targetname: svc.example.com. }",
};

/** The line of a node, 1-based. */
const lineOf = (node: Node | null | undefined, lines: LineCounter, fallback: number): number =>
  node?.range === undefined || node.range === null ? fallback : lines.linePos(node.range[0]).line;

/** Reads an octoDNS zone file. Each problem is a SourceError naming its line. */
export function readOctodns(text: string): SourceFile {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const [error] = document.errors;
  if (error !== undefined) throw new SourceError(lines.linePos(error.pos[0]).line, `not YAML: ${error.message}`);
  const records: SourceRecord[] = [];
  const leftOut: SourceLeftOut[] = [];
  const top = document.contents;
  if (top === null || (isScalar(top) && (top.value === null || top.value === undefined))) return { records, leftOut };
  if (!isMap(top)) throw new SourceError(lineOf(top, lines, 1), "an octoDNS zone file is a map of names to records (`www: { type: A, value: 192.0.2.1 }`)");
  for (const pair of (top as YAMLMap).items) {
    const keyNode = pair.key as Node | null;
    const nameLine = lineOf(keyNode, lines, 1);
    const key = isScalar(keyNode) ? keyNode.value : keyNode;
    if (typeof key !== "string" && typeof key !== "number") throw new SourceError(nameLine, "a record's name is a string (`''` for the apex)");
    const name = String(key);
    if (name.endsWith("."))
      throw new SourceError(nameLine, `the name ${JSON.stringify(name)} ends with a dot: octoDNS's names are relative to the zone (\`''\` for the apex)`);
    const owner = name === "" ? "@" : name;
    const value = pair.value as Node | null;
    const entries = isSeq(value) ? value.items : [value];
    const types = new Map<string, number>();
    for (const entry of entries as Array<Node | null>) {
      const line = lineOf(entry, lines, nameLine);
      if (!isMap(entry))
        throw new SourceError(line, `the record of ${JSON.stringify(name)} is a map (\`type\`, \`ttl\`, \`value\` or \`values\`), or a list of them`);
      const data = entry.toJSON() as Record<string, unknown>;
      const type = typeof data["type"] === "string" ? data["type"].toUpperCase() : undefined;
      if (type === undefined) throw new SourceError(line, `the record of ${JSON.stringify(name)} has no type: give \`type: A\` (or another type)`);
      const words = setWords(owner, type);
      if (!TYPES.has(type))
        throw new SourceError(line, `${JSON.stringify(data["type"])} is not a record type Cloud DNS holds: give one of ${RECORD_TYPES.join(", ")}`);
      const before = types.get(type);
      if (before !== undefined) throw new SourceError(line, `${words} is given again (first at line ${before}): give each type once per name, with \`values\``);
      types.set(type, line);
      const octodns = (data["octodns"] ?? {}) as Record<string, unknown>;
      if (octodns["ignored"] === true) {
        leftOut.push({ set: words, line, reason: "octoDNS ignores it (`octodns: { ignored: true }`)" });
        continue;
      }
      if (data["dynamic"] !== undefined || data["geo"] !== undefined) {
        leftOut.push({
          set: words,
          line,
          reason: "it has octoDNS's dynamic (or geo) rules, which a ZoneRecords cannot say: write it as a svc.dns.RecordSet with a routingPolicy",
        });
        continue;
      }
      const ttl = data["ttl"] === undefined ? OCTODNS_DEFAULT_TTL : Number(data["ttl"]);
      if (!Number.isInteger(ttl) || ttl < 0) throw new SourceError(line, `${words}: the ttl ${JSON.stringify(data["ttl"])} is not a whole number of seconds`);
      const given = data["values"] ?? data["value"];
      const values = Array.isArray(given) ? (given as unknown[]) : given === undefined || given === null ? [] : [given];
      if (values.length === 0) throw new SourceError(line, `${words}: no value: give \`value\` or \`values\``);
      for (const one of values) records.push({ owner, type, ttl, rdata: [{ text: rdataOf(type, one, line, words) }], line });
    }
  }
  return { records, leftOut };
}
