/**
 * Field checks of record data in presentation format, shared by the
 * per-type grammars of rrdataSyntax.ts: each returns what is wrong with one
 * field (naming it and echoing it), or undefined.
 */
import { dnsNameProblem } from "./names";
import { presentationTokens, type PresentationToken } from "./rrdata";
import { excerpt } from "../../engine/declaration/excerpt";

export function unsigned(field: string | undefined, name: string, max: number): string | undefined {
  if (field === undefined) return `the ${name} is missing`;
  if (!/^\d+$/.test(field) || Number(field) > max) return `the ${name} ${excerpt(field)} is not a whole number from 0 to ${max}`;
  return undefined;
}

export function oneOf(field: string | undefined, name: string, allowed: readonly number[]): string | undefined {
  if (field === undefined) return `the ${name} is missing`;
  if (!/^\d+$/.test(field) || !allowed.includes(Number(field))) return `the ${name} ${excerpt(field)} is not one of ${allowed.join(", ")}`;
  return undefined;
}

export function host(field: string | undefined, name: string, options: { root: boolean } = { root: false }): string | undefined {
  if (field === undefined) return `the ${name} is missing`;
  const problem = dnsNameProblem(field, { wildcard: false, root: options.root });
  return problem === undefined ? undefined : `the ${name} ${excerpt(field)} is not a host name with a trailing dot (${problem})`;
}

export function hex(text: string, name: string, length?: number): string | undefined {
  if (text === "") return `the ${name} is missing`;
  if (!/^[0-9A-Fa-f]+$/.test(text)) return `the ${name} is not hexadecimal`;
  if (length !== undefined && text.length !== length) return `the ${name} has ${text.length} hex digits, not ${length}`;
  if (text.length % 2 !== 0) return `the ${name} has an odd number of hex digits`;
  return undefined;
}

export function base64(text: string, name: string): string | undefined {
  if (text === "") return `the ${name} is missing`;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return `the ${name} is not base64`;
  return undefined;
}

/** DNSSEC algorithm numbers and their mnemonics (RFC 4034 A.1 and the IANA registry). */
const DNSSEC_MNEMONICS: ReadonlySet<string> = new Set([
  "RSAMD5",
  "DH",
  "DSA",
  "RSASHA1",
  "DSA-NSEC3-SHA1",
  "RSASHA1-NSEC3-SHA1",
  "RSASHA256",
  "RSASHA512",
  "ECC-GOST",
  "ECDSAP256SHA256",
  "ECDSAP384SHA384",
  "ED25519",
  "ED448",
  "INDIRECT",
  "PRIVATEDNS",
  "PRIVATEOID",
]);

export function dnssecAlgorithm(field: string | undefined): string | undefined {
  if (field !== undefined && DNSSEC_MNEMONICS.has(field.toUpperCase())) return undefined;
  return unsigned(field, "algorithm (a number from 0 to 255 or a mnemonic such as RSASHA256)", 255);
}

export const fieldsOf = (value: string): string[] =>
  value
    .trim()
    .split(/\s+/)
    .filter((field) => field !== "");

export function firstProblem(...problems: Array<string | undefined>): string | undefined {
  return problems.find((problem) => problem !== undefined);
}

export function count(fields: readonly unknown[], expected: number, what: string): string | undefined {
  return fields.length === expected ? undefined : `it has ${fields.length} field${fields.length === 1 ? "" : "s"}, not ${expected} (${what})`;
}

export function tokensOf(value: string): PresentationToken[] | string {
  const parsed = presentationTokens(value);
  return "problem" in parsed ? parsed.problem : parsed.tokens;
}
