/** Validation of the names the DNS API accepts, with messages that say the accepted form. */
import { z } from "zod";
import { excerpt } from "../../engine/declaration/excerpt";

export const projectId = z.string().regex(/^[a-z][a-z0-9-]{0,61}[a-z0-9]$|^[a-z]$/, {
  error: (issue) => `must be a project id (lowercase letters, digits and dashes, e.g. "my-project"); got ${excerpt(issue.input)}`,
});

export const zoneName = z.string().regex(/^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/, {
  error: (issue) =>
    `must be 1-63 characters of lowercase letters, digits and dashes, starting with a letter and ending with a letter or digit (e.g. "example-zone"); got ${excerpt(issue.input)}`,
});

const LABEL = /^[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;
const MAX_NAME = 254; // 253 characters and the final dot

/**
 * What is wrong with a fully qualified DNS name, or undefined. A `*` is a
 * wildcard only as the leftmost label; the root `.` names no record.
 */
export function dnsNameProblem(value: string, options: { wildcard: boolean; root: boolean }): string | undefined {
  if (!value.endsWith(".")) return "it does not end with a dot";
  if (value === ".") return options.root ? undefined : "it is the root, which holds no records of a zone";
  if (value.length > MAX_NAME) return `it is ${value.length} characters long (at most ${MAX_NAME} with the final dot)`;
  const labels = value.slice(0, -1).split(".");
  for (const [index, label] of labels.entries()) {
    if (label === "*" && options.wildcard && index === 0) continue;
    if (label === "") return "it has an empty label (two dots in a row, or a leading dot)";
    if (label === "*") return options.wildcard ? "a * is a wildcard only as the leftmost label" : "it holds a * (no wildcard here)";
    if (label.length > 63) return `the label ${excerpt(label)} is ${label.length} characters long (at most 63)`;
    if (!LABEL.test(label))
      return `the label ${excerpt(label)} holds characters other than letters, digits, dashes and underscores, or starts or ends with a dash`;
  }
  return undefined;
}

/** A fully qualified DNS name as a zone or rule names it: labels of up to 63 characters, ending with a dot. */
function fullyQualified(options: { wildcard: boolean; root: boolean }, example: string) {
  return z.string().superRefine((value, context) => {
    if (!value.endsWith(".")) {
      context.addIssue({
        code: "custom",
        message: `must be a fully qualified DNS name ending with a dot, e.g. "${value || example}."; got ${excerpt(value)}`,
      });
      return;
    }
    const problem = dnsNameProblem(value, options);
    if (problem !== undefined) {
      context.addIssue({
        code: "custom",
        message:
          `must be a DNS name of dot-separated labels (letters, digits, dashes, underscores; 1-63 characters each)` +
          `${options.wildcard ? ", optionally starting with the wildcard label *" : ""}, ending with a dot, e.g. "${example}."; ${problem}; got ${excerpt(value)}`,
      });
    }
  });
}

/** A zone's DNS name. */
export const fqdn = fullyQualified({ wildcard: false, root: true }, "example.com");

/** The name of a record set: inside a zone (so never the root), a wildcard allowed as its first label. */
export const recordName = fullyQualified({ wildcard: true, root: false }, "www.example.com");

/** The DNS name a response policy rule matches: a name, or a wildcard below one. */
export const ruleDnsName = fullyQualified({ wildcard: true, root: false }, "www.example.com");

/** True when `name` is `apex` or below it; DNS names compare without regard to case. */
export function isAtOrUnder(name: string, apex: string): boolean {
  const candidate = name.toLowerCase();
  const base = apex.toLowerCase();
  return candidate === base || base === "." || candidate.endsWith(`.${base}`);
}
