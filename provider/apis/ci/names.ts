/** Inputs every CI project-scoped resource shares, with messages that say the accepted form. */
import { isIP } from "node:net";
import { z } from "zod";
import type { ServerAssignedForm } from "../../engine/declaration/declaration";
import { excerpt } from "../../engine/declaration/excerpt";

export const VCS_TYPES = ["vcs-a", "vcs-b"] as const;

export const vcsType = z
  .enum(VCS_TYPES, {
    error: (issue) => `must be "vcs-a" or "vcs-b" (the kind of source hosting); got ${excerpt(issue.input)}`,
  })
  .meta({ description: "The kind of source hosting of the project." });

/** The code hosts' limits (GitHub's): an owner name of up to 39 characters, a repository name of up to 100. */
export const MAX_OWNER_LENGTH = 39;
export const MAX_PROJECT_LENGTH = 100;

/**
 * One path segment: the org/user or the project name. `.` and `..` are
 * refused: in a request path they would name another project (or none).
 */
export const segment = (what: string, maxLength: number): z.ZodType<string> =>
  z.string({ error: (issue) => `must be the ${what} as a string; got ${excerpt(issue.input)}` }).superRefine((value, context) => {
    const accepted = `letters, digits, '.', '_' or '-', 1 to ${maxLength} characters (no slashes; not "." or "..")`;
    if (value.length > maxLength || !/^[A-Za-z0-9_.-]+$/.test(value) || value === "." || value === "..") {
      context.addIssue({ code: "custom", message: `must be the ${what}: ${accepted}; got ${excerpt(value)}` });
    }
  });

export const projectShape = {
  vcsType,
  username: segment("organization or user that owns the project", MAX_OWNER_LENGTH).meta({ description: "The organization or user that owns the project." }),
  project: segment("project (repository) name", MAX_PROJECT_LENGTH).meta({ description: "The project (repository) name." }),
};

/** Why a string is not a DNS host name (RFC 1123) nor an IP address; undefined when it is one. */
export function hostnameProblem(value: string): string | undefined {
  if (isIP(value) !== 0) return undefined;
  const labels = value.split(".");
  const valid = value.length >= 1 && value.length <= 253 && labels.every((label) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label));
  if (valid) return undefined;
  return (
    `must be a host name such as "git.example.com" (dot-separated labels of 1-63 letters, digits or '-', ` +
    `not starting or ending with '-', at most 253 characters) or an IP address; got ${excerpt(value)}`
  );
}

export const hostname = z
  .string({ error: (issue) => `must be a host name such as "git.example.com" as a string; got ${excerpt(issue.input)}` })
  .superRefine((value, context) => {
    const problem = hostnameProblem(value);
    if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
  });

/** An SSH key fingerprint as the CI API gives it: md5 as colon-separated hex, or `SHA256:` and base64. */
export const FINGERPRINT_FORM: ServerAssignedForm = {
  pattern: /^(?:[0-9a-fA-F]{2}(?::[0-9a-fA-F]{2}){15}|SHA256:[A-Za-z0-9+/]{43}=?)$/,
  accepted: 'an SSH key fingerprint: md5 as 16 colon-separated hex pairs ("c9:0b:...:2f") or "SHA256:" and 43 base64 characters',
};

/** `api/v1.1/project/{vcsType}/{username}/{project}`: the base of every project endpoint. */
export const PROJECT_PATH = "api/v1.1/project/{vcsType}/{username}/{project}";
