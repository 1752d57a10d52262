/**
 * The presentation format of record data, one entry per record type, as
 * the RFCs define it (and Cloud DNS takes it): what `check` holds each
 * `rrdatas` value to, so a malformed record fails at preview instead of
 * at the API. Each grammar returns what is wrong with a value, or undefined.
 * It stays one table of all 19 types so that it reads as the spec does; the
 * field checks it is built from are in rrdataFields.ts, the types that need
 * code of their own in rrdataRecordForms.ts.
 */
import { isIPv4, isIPv6 } from "node:net";
import { base64, count, dnssecAlgorithm, fieldsOf, firstProblem, hex, host, oneOf, unsigned } from "./rrdataFields";
import { excerpt } from "../../engine/declaration/excerpt";
import { DS_DIGEST_HEX, SSHFP_HEX, TLSA_HEX, hostOnly, txtProblem, caaProblem, naptrProblem, svcbProblem, ipseckeyProblem } from "./rrdataRecordForms";

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
