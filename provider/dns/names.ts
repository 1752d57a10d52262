/** Validation of the names the DNS API accepts, with messages that say the accepted form. */
import { z } from "zod";
import { excerpt as show } from "../engine/excerpt";

export const projectId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,61}[a-z0-9]$|^[a-z]$/, {
    error: (issue) => `must be a project id (lowercase letters, digits and dashes, e.g. "my-project"); got ${show(issue.input)}`,
  });

export const zoneName = z.string().regex(/^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/, {
  error: (issue) =>
    `must be 1-63 characters of lowercase letters, digits and dashes, starting with a letter and ending with a letter or digit (e.g. "example-zone"); got ${show(issue.input)}`,
});

/** A fully qualified DNS name: labels of up to 63 characters, ending with a dot. */
export const fqdn = z.string().superRefine((value, context) => {
  if (!value.endsWith(".")) {
    context.addIssue({
      code: "custom",
      message: `must be a fully qualified DNS name ending with a dot, e.g. "${value || "example.com"}."; got ${show(value)}`,
    });
    return;
  }
  const labels = value === "." ? [] : value.slice(0, -1).split(".");
  const bad = labels.find((label) => !/^(\*|[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)$/.test(label));
  if (bad !== undefined || value.length > 254) {
    context.addIssue({
      code: "custom",
      message: `must be a DNS name of dot-separated labels (letters, digits, dashes, underscores; 1-63 characters each), ending with a dot; got ${show(value)}`,
    });
  }
});
