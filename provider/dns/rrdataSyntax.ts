/**
 * The presentation format of record data, one entry per record type, as
 * the RFCs define it (and Cloud DNS takes it): what `check` holds each
 * `rrdatas` value to, so a malformed record fails at preview instead of
 * at the API. Each grammar returns what is wrong with a value, or undefined.
 * It stays one table of all 19 types (over 300 lines) so that it reads as the
 * spec does; the field checks it is built from are in rrdataFields.ts.
 */
import { isIPv4, isIPv6 } from "node:net";
import { base64, count, dnssecAlgorithm, fieldsOf, firstProblem, hex, host, oneOf, tokensOf, unsigned } from "./rrdataFields";
import { excerpt } from "../engine/excerpt";

export const RECORD_TYPES = [
  "A",
  "AAAA",
  "CAA",
  "CNAME",
  "DNSKEY",
  "DS",
  "HTTPS",
  "IPSECKEY",
  "MX",
  "NAPTR",
  "NS",
  "PTR",
  "SOA",
  "SPF",
  "SRV",
  "SSHFP",
  "SVCB",
  "TLSA",
  "TXT",
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

interface Grammar {
  /** The accepted form, as the error message states it. */
  readonly form: string;
  readonly example: string;
  readonly problem: (value: string) => string | undefined;
}

// --- the types --------------------------------------------------------------------------

/** Hex digits of a DS digest by digest type (IANA "Digest Algorithms": SHA-1, SHA-256, GOST, SHA-384, GOST 2012, SM3). */
const DS_DIGEST_HEX: Readonly<Record<string, number>> = { "1": 40, "2": 64, "3": 64, "4": 96, "5": 64, "6": 64 };
/** Hex digits of an SSHFP fingerprint by type (RFC 4255, 6594): SHA-1, SHA-256. */
const SSHFP_HEX: Readonly<Record<string, number>> = { "1": 40, "2": 64 };
/** Hex digits of TLSA data by matching type (RFC 6698): full data (any), SHA-256, SHA-512. */
const TLSA_HEX: Readonly<Record<string, number | undefined>> = { "0": undefined, "1": 64, "2": 128 };

const hostOnly =
  (name: string): Grammar["problem"] =>
  (value) => {
    const fields = fieldsOf(value);
    return firstProblem(count(fields, 1, name), host(fields[0], name));
  };

function txtProblem(value: string): string | undefined {
  const tokens = tokensOf(value);
  if (typeof tokens === "string") return tokens;
  if (!value.trim().startsWith('"')) {
    // Unquoted: one string (the API splits it into 255-octet strings); a stray quote would make it ambiguous.
    return /(^|[^\\])"/.test(value) ? 'it holds a quote inside an unquoted value; quote the whole value and write inner quotes as \\"' : undefined;
  }
  const bare = tokens.findIndex((token) => !token.quoted);
  if (bare >= 0) return `string ${bare + 1} is not quoted: quote every string or none`;
  const long = tokens.findIndex((token) => token.octets > 255);
  if (long >= 0) return `string ${long + 1} holds ${tokens[long]?.octets} characters (at most 255 each; split longer text into several quoted strings)`;
  return undefined;
}

function caaProblem(value: string): string | undefined {
  const tokens = tokensOf(value);
  if (typeof tokens === "string") return tokens;
  const [flags, tag, text] = tokens;
  const problem = firstProblem(
    count(tokens, 3, "flags, tag and one quoted value"),
    flags?.quoted === true ? "the flags are quoted" : unsigned(flags?.text, "flags", 255),
    tag === undefined || tag.quoted || !/^[A-Za-z0-9]+$/.test(tag.text)
      ? `the tag ${excerpt(tag?.text)} is not issue, issuewild, iodef or another tag of letters and digits`
      : undefined,
    text?.quoted === true ? undefined : "the value is not a quoted string",
  );
  if (problem !== undefined || tag === undefined || text === undefined) return problem;
  const kind = tag.text.toLowerCase();
  if (kind === "issue" || kind === "issuewild") {
    // RFC 8659 4.2: an optional issuer domain name, then optional "; key=value" parameters.
    const issuer = text.text.split(";")[0]?.trim() ?? "";
    if (issuer !== "" && !/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(issuer)) {
      return `the ${kind} value names the issuer ${excerpt(issuer)}, which is not a domain name (e.g. "letsencrypt.org", or ";" for none)`;
    }
  }
  if (kind === "iodef" && !/^(mailto:\S+@\S+|https?:\/\/\S+)$/.test(text.text)) {
    return `the iodef value ${excerpt(text.text)} is not a mailto: or http(s):// URL`;
  }
  return undefined;
}

function naptrProblem(value: string): string | undefined {
  const tokens = tokensOf(value);
  if (typeof tokens === "string") return tokens;
  const [order, preference, flags, , regexp, replacement] = tokens;
  const problem = firstProblem(
    count(tokens, 6, "order, preference, flags, services, regexp and replacement"),
    unsigned(order?.text, "order", 65535),
    unsigned(preference?.text, "preference", 65535),
    flags !== undefined && !/^[A-Za-z0-9]*$/.test(flags.text)
      ? `the flags ${excerpt(flags.text)} are not letters and digits (e.g. "U", "S", "A", "P")`
      : undefined,
    replacement?.quoted === true ? "the replacement is quoted" : host(replacement?.text, "replacement", { root: true }),
  );
  if (problem !== undefined) return problem;
  // RFC 3403 4.1: a rule rewrites with the regexp or replaces by a name, never both.
  if (regexp?.text !== "" && replacement?.text !== ".")
    return 'the regexp and the replacement exclude each other: give an empty regexp "" or the replacement "."';
  return undefined;
}

const SVC_KEYS = new Set(["mandatory", "alpn", "no-default-alpn", "port", "ipv4hint", "ech", "ipv6hint", "dohpath", "ohttp"]);

function svcParamProblem(key: string, text: string | undefined): string | undefined {
  const list = (text ?? "").split(",");
  switch (key) {
    case "no-default-alpn":
    case "ohttp":
      return text === undefined ? undefined : `${key} takes no value`;
    case "port":
      return unsigned(text, "port", 65535);
    case "ipv4hint":
      return list.every((address) => isIPv4(address)) ? undefined : `ipv4hint ${excerpt(text)} is not a comma-separated list of IPv4 addresses`;
    case "ipv6hint":
      return list.every((address) => isIPv6(address) && !address.includes("%"))
        ? undefined
        : `ipv6hint ${excerpt(text)} is not a comma-separated list of IPv6 addresses`;
    case "alpn":
    case "mandatory":
      return text !== undefined && list.every((item) => item !== "") ? undefined : `${key} needs a comma-separated list of values`;
    case "ech":
      return base64(text ?? "", "ech value");
    case "dohpath":
      return text !== undefined && text.startsWith("/") && /\{[?&]?dns\}/.test(text)
        ? undefined
        : `dohpath ${excerpt(text)} is not a relative URI template with the dns variable (e.g. "/dns-query{?dns}")`;
    default:
      return undefined;
  }
}

function svcbProblem(value: string): string | undefined {
  const tokens = tokensOf(value);
  if (typeof tokens === "string") return tokens;
  const [priority, target, ...params] = tokens;
  const problem = firstProblem(
    tokens.length >= 2 ? undefined : "it needs at least a priority and a target",
    unsigned(priority?.text, "priority", 65535),
    host(target?.text, "target", { root: true }),
  );
  if (problem !== undefined) return problem;
  const seen = new Set<string>();
  for (const param of params) {
    const equals = param.text.indexOf("=");
    const key = equals < 0 ? param.text : param.text.slice(0, equals);
    const text = equals < 0 ? undefined : param.text.slice(equals + 1);
    const numbered = /^key(\d{1,5})$/.exec(key);
    if (!SVC_KEYS.has(key) && (numbered === null || Number(numbered[1]) > 65535)) {
      return `the parameter ${excerpt(key)} is not one of ${[...SVC_KEYS].join(", ")} or keyNNNNN`;
    }
    if (seen.has(key)) return `the parameter ${key} appears twice`;
    seen.add(key);
    const paramProblem = svcParamProblem(key, text);
    if (paramProblem !== undefined) return paramProblem;
  }
  // RFC 9460 7.1.1: without a list of protocols there is nothing to add to no-default-alpn.
  if (seen.has("no-default-alpn") && !seen.has("alpn")) return "no-default-alpn needs alpn as well";
  return undefined;
}

function ipseckeyProblem(value: string): string | undefined {
  const fields = fieldsOf(value);
  const [precedence, gatewayType, algorithm, gateway, ...key] = fields;
  const problem = firstProblem(
    fields.length >= 4
      ? undefined
      : `it has ${fields.length} field${fields.length === 1 ? "" : "s"}, not 4 or 5 (precedence, gateway type, algorithm, gateway, public key)`,
    unsigned(precedence, "precedence", 255),
    oneOf(gatewayType, "gateway type", [0, 1, 2, 3]),
    unsigned(algorithm, "algorithm", 255),
  );
  if (problem !== undefined) return problem;
  const gatewayProblem = {
    "0": gateway === "." ? undefined : `gateway type 0 (none) takes the gateway ".", not ${excerpt(gateway)}`,
    "1": isIPv4(gateway ?? "") ? undefined : `gateway type 1 takes an IPv4 address, not ${excerpt(gateway)}`,
    "2": isIPv6(gateway ?? "") && !(gateway ?? "").includes("%") ? undefined : `gateway type 2 takes an IPv6 address, not ${excerpt(gateway)}`,
    "3": host(gateway, "gateway"),
  }[gatewayType ?? "0"];
  if (gatewayProblem !== undefined) return gatewayProblem;
  // RFC 4025 2.4: algorithm 0 means no key; any other algorithm comes with one.
  if (algorithm === "0") return key.length === 0 ? undefined : "algorithm 0 means no public key, but one is given";
  return base64(key.join(""), "public key");
}

/** The grammar of each record type; the accepted form is quoted in every error. */
export const RRDATA_SYNTAX: Readonly<Record<RecordType, Grammar>> = {
  A: {
    form: "a dotted-quad IPv4 address",
    example: "192.0.2.1",
    problem: (value) => (isIPv4(value) ? undefined : "it is not an IPv4 address"),
  },
  AAAA: {
    form: "an IPv6 address",
    example: "2001:db8::1",
    problem: (value) => (isIPv6(value) && !value.includes("%") ? undefined : "it is not an IPv6 address (without a zone index)"),
  },
  CNAME: { form: "a host name with a trailing dot", example: "www.example.com.", problem: hostOnly("host name") },
  NS: { form: "a name server's host name with a trailing dot", example: "ns1.example.com.", problem: hostOnly("name server") },
  PTR: { form: "a host name with a trailing dot", example: "host.example.com.", problem: hostOnly("host name") },
  MX: {
    form: 'a preference (0-65535) and a mail server\'s host name with a trailing dot (or "." for no mail)',
    example: "10 mx1.example.com.",
    problem: (value) => {
      const fields = fieldsOf(value);
      return firstProblem(count(fields, 2, "preference and host"), unsigned(fields[0], "preference", 65535), host(fields[1], "mail server", { root: true }));
    },
  },
  SRV: {
    form: 'priority, weight and port (0-65535 each) and a target host name with a trailing dot (or "." for no service)',
    example: "10 5 5060 sip.example.com.",
    problem: (value) => {
      const fields = fieldsOf(value);
      return firstProblem(
        count(fields, 4, "priority, weight, port and target"),
        unsigned(fields[0], "priority", 65535),
        unsigned(fields[1], "weight", 65535),
        unsigned(fields[2], "port", 65535),
        host(fields[3], "target", { root: true }),
      );
    },
  },
  CAA: {
    form: "flags (0-255), a tag (issue, issuewild, iodef or another of letters and digits) and a quoted value",
    example: '0 issue "letsencrypt.org"',
    problem: caaProblem,
  },
  TXT: {
    form: "text, either unquoted or as quoted strings of at most 255 characters each (inner quotes and backslashes escaped with \\)",
    example: '"v=spf1 -all"',
    problem: txtProblem,
  },
  SPF: {
    form: "SPF policy text, either unquoted or as quoted strings of at most 255 characters each",
    example: '"v=spf1 include:_spf.example.com -all"',
    problem: txtProblem,
  },
  DS: {
    form: "key tag (0-65535), algorithm, digest type (1 SHA-1, 2 SHA-256, 4 SHA-384, ...) and the digest in hex of that type's length",
    example: "12345 13 2 " + "0123456789abcdef".repeat(4),
    problem: (value) => {
      const [keyTag, algorithm, digestType, ...digest] = fieldsOf(value);
      const length = DS_DIGEST_HEX[digestType ?? ""];
      return firstProblem(
        unsigned(keyTag, "key tag", 65535),
        dnssecAlgorithm(algorithm),
        length === undefined ? `the digest type ${excerpt(digestType)} is not one of ${Object.keys(DS_DIGEST_HEX).join(", ")}` : undefined,
        hex(digest.join(""), "digest", length),
      );
    },
  },
  DNSKEY: {
    form: "flags (0-65535, e.g. 256 or 257), protocol 3, algorithm and the public key in base64",
    example: "257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==",
    problem: (value) => {
      const [flags, protocol, algorithm, ...key] = fieldsOf(value);
      return firstProblem(
        unsigned(flags, "flags", 65535),
        protocol === "3" ? undefined : `the protocol is ${excerpt(protocol)}, not 3`,
        dnssecAlgorithm(algorithm),
        base64(key.join(""), "public key"),
      );
    },
  },
  TLSA: {
    form: "certificate usage (0-3), selector (0-1), matching type (0-2) and the association data in hex (64 digits for type 1, 128 for 2)",
    example: "3 1 1 " + "0123456789abcdef".repeat(4),
    problem: (value) => {
      const [usage, selector, matching, ...data] = fieldsOf(value);
      return firstProblem(
        oneOf(usage, "certificate usage", [0, 1, 2, 3]),
        oneOf(selector, "selector", [0, 1]),
        oneOf(matching, "matching type", [0, 1, 2]),
        hex(data.join(""), "association data", TLSA_HEX[matching ?? ""]),
      );
    },
  },
  SSHFP: {
    form: "algorithm (1 RSA, 2 DSA, 3 ECDSA, 4 Ed25519, 6 Ed448), fingerprint type (1 SHA-1, 2 SHA-256) and the fingerprint in hex (40 or 64 digits)",
    example: "4 2 " + "0123456789abcdef".repeat(4),
    problem: (value) => {
      const [algorithm, type, ...fingerprint] = fieldsOf(value);
      return firstProblem(
        oneOf(algorithm, "algorithm", [1, 2, 3, 4, 6]),
        oneOf(type, "fingerprint type", [1, 2]),
        hex(fingerprint.join(""), "fingerprint", SSHFP_HEX[type ?? ""]),
      );
    },
  },
  NAPTR: {
    form: 'order and preference (0-65535), quoted flags, services and regexp, and a replacement host name with a trailing dot (or ".")',
    example: '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .',
    problem: naptrProblem,
  },
  SOA: {
    form: "primary name server and responsible mailbox (host names with a trailing dot), then serial, refresh, retry, expire and minimum TTL (0-4294967295)",
    example: "ns1.example.com. hostmaster.example.com. 1 21600 3600 259200 300",
    problem: (value) => {
      const fields = fieldsOf(value);
      return firstProblem(
        count(fields, 7, "mname, rname, serial, refresh, retry, expire, minimum"),
        host(fields[0], "primary name server"),
        host(fields[1], "mailbox"),
        ...["serial", "refresh", "retry", "expire", "minimum"].map((name, i) => unsigned(fields[i + 2], name, 4294967295)),
      );
    },
  },
  HTTPS: {
    form: 'priority (0-65535), a target host name with a trailing dot (or "."), then key=value service parameters (alpn, port, ipv4hint, ipv6hint, ech, ...)',
    example: '1 . alpn="h2,h3"',
    problem: svcbProblem,
  },
  SVCB: {
    form: 'priority (0-65535), a target host name with a trailing dot (or "."), then key=value service parameters (alpn, port, ipv4hint, ipv6hint, ech, ...)',
    example: "1 svc.example.com. port=8443",
    problem: svcbProblem,
  },
  IPSECKEY: {
    form: 'precedence (0-255), gateway type (0 none, 1 IPv4, 2 IPv6, 3 host name), algorithm (0-255), the gateway (".", an address or a host name) and the public key in base64 (none for algorithm 0)',
    example: "10 1 2 192.0.2.38 AQNRU3mG7TVTO2BkR47usntb102uFJtugbo6BSGvgqt4AQ==",
    problem: ipseckeyProblem,
  },
};

/** Types of which a record set holds at most one record. */
const SINGLE_RECORD_TYPES: ReadonlySet<string> = new Set(["CNAME", "SOA"]);

export interface RrdataFailure {
  readonly property: string;
  readonly reason: string;
}

/**
 * The failures of a list of record data of one type; `property` is how the
 * list is named in the inputs (e.g. "rrdatas" or "routingPolicy.wrr.items[0].rrdatas").
 */
export function rrdataFailures(type: string, rrdatas: readonly string[], property: string): RrdataFailure[] {
  const grammar = RRDATA_SYNTAX[type as RecordType] as Grammar | undefined;
  if (grammar === undefined) return [];
  const failures: RrdataFailure[] = [];
  if (SINGLE_RECORD_TYPES.has(type) && rrdatas.length > 1) {
    failures.push({
      property,
      reason: `must hold exactly one record, since a ${type} record set holds no more, e.g. [${excerpt(grammar.example)}]; got ${rrdatas.length} records`,
    });
  }
  rrdatas.forEach((value, index) => {
    const problem = grammar.problem(value);
    if (problem === undefined) return;
    failures.push({
      property: `${property}[${index}]`,
      reason: `${property}[${index}] must be ${type} record data: ${grammar.form}, e.g. ${excerpt(grammar.example)}; ${problem}; got ${excerpt(value)}`,
    });
  });
  return failures;
}
