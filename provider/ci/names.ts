/** Inputs every CI project-scoped resource shares, with messages that say the accepted form. */
import { z } from "zod";

const show = (value: unknown): string => JSON.stringify(value);

export const VCS_TYPES = ["vcs-a", "vcs-b"] as const;

export const vcsType = z.enum(VCS_TYPES, {
  error: (issue) => `must be "vcs-a" or "vcs-b" (the kind of source hosting); got ${show(issue.input)}`,
})
  .meta({ description: "The kind of source hosting of the project." });

/** One path segment: the org/user or the project name. */
export const segment = (what: string): z.ZodString =>
  z.string().regex(/^[A-Za-z0-9_.-]+$/, {
    error: (issue) => `must be the ${what}: letters, digits, '.', '_' or '-' (no slashes); got ${show(issue.input)}`,
  });

export const projectShape = {
  vcsType,
  username: segment("organization or user that owns the project")
    .meta({ description: "The organization or user that owns the project." }),
  project: segment("project (repository) name")
    .meta({ description: "The project (repository) name." }),
};

/** `api/v1.1/project/{vcsType}/{username}/{project}`: the base of every project endpoint. */
export const PROJECT_PATH = "api/v1.1/project/{vcsType}/{username}/{project}";
