/**
 * The record types whose data is more than a few fields (TXT and CAA strings, NAPTR, SVCB/HTTPS
 * parameters, IPSECKEY gateways) and the digest lengths of DS, SSHFP and TLSA: the parts of
 * rrdataSyntax.ts's table that need code of their own. Each returns what is wrong, or undefined.
 */
import { isIPv4, isIPv6 } from "node:net";
import { base64, count, fieldsOf, firstProblem, host, oneOf, tokensOf, unsigned } from "./rrdataFields";
import { excerpt } from "../../engine/declaration/excerpt";

/** Hex digits of a DS digest by digest type (IANA "Digest Algorithms": SHA-1, SHA-256, GOST, SHA-384, GOST 2012, SM3). */
export const DS_DIGEST_HEX: Readonly<Record<string, number>> = { "1": 40, "2": 64, "3": 64, "4": 96, "5": 64, "6": 64 };
/** Hex digits of an SSHFP fingerprint by type (RFC 4255, 6594): SHA-1, SHA-256. */
export const SSHFP_HEX: Readonly<Record<string, number>> = { "1": 40, "2": 64 };
/** Hex digits of TLSA data by matching type (RFC 6698): full data (any), SHA-256, SHA-512. */
export const TLSA_HEX: Readonly<Record<string, number | undefined>> = { "0": undefined, "1": 64, "2": 128 };

export const hostOnly =
  (name: string): ((value: string) => string | undefined) =>
  (value) => {
    const fields = fieldsOf(value);
    return firstProblem(count(fields, 1, name), host(fields[0], name));
  };

export function txtProblem(value: string): string | undefined {
  const tokens = tokensOf(value);
  if (typeof tokens === "string") return tokens;
  if (!value.trim().startsWith('"')) {
    // Unquoted: one string, sent as quoted strings of 255 octets (rrdata.ts, wireRrdata); a stray quote would make it ambiguous.
    return /(^|[^\\])"/.test(value) ? 'it holds a quote inside an unquoted value; quote the whole value and write inner quotes as \\"' : undefined;
  }
  const bare = tokens.findIndex((token) => !token.quoted);
  if (bare >= 0) return `string ${bare + 1} is not quoted: quote every string or none`;
  const long = tokens.findIndex((token) => token.octets > 255);
  if (long >= 0) return `string ${long + 1} holds ${tokens[long]?.octets} characters (at most 255 each; split longer text into several quoted strings)`;
  return undefined;
}

export function caaProblem(value: string): string | undefined {
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

export function naptrProblem(value: string): string | undefined {
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

const SVC_KEYS: ReadonlySet<string> = new Set(["mandatory", "alpn", "no-default-alpn", "port", "ipv4hint", "ech", "ipv6hint", "dohpath", "ohttp"]);

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

export function svcbProblem(value: string): string | undefined {
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

export function ipseckeyProblem(value: string): string | undefined {
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
