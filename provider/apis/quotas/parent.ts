/**
 * What the quota resources share: the parent given as exactly one of
 * `project`, `folder` or `organization` (location `global`), the API version,
 * and the wire helpers of Cloud Quotas names.
 */
import { z } from "zod";
import type { DerivedValue } from "../../engine/declaration/declaration";
import { excerpt } from "../../engine/declaration/excerpt";

const PROJECT_FORM = 'a project id (6 to 30 lowercase letters, digits and hyphens, e.g. "my-project") or number';
const NUMERIC_FORM = (what: string): string => `a ${what} number (digits only, e.g. "123456789012")`;

/** A project as Cloud Quotas names it: its id or its number. */
export const quotaProjectId = z
  .string()
  .regex(/^(?:[a-z][a-z0-9-]{4,28}[a-z0-9]|\d{1,20})$/, { error: (issue) => `must be ${PROJECT_FORM}; got ${excerpt(issue.input)}` });
export const folderNumber = z.string().regex(/^\d{1,20}$/, { error: (issue) => `must be ${NUMERIC_FORM("folder")}; got ${excerpt(issue.input)}` });
export const organizationNumber = z.string().regex(/^\d{1,20}$/, { error: (issue) => `must be ${NUMERIC_FORM("organization")}; got ${excerpt(issue.input)}` });

export const parentShape = {
  project: quotaProjectId
    .optional()
    .meta({ description: "The project the preference belongs to; give exactly one of `project`, `folder` and `organization`." }),
  folder: folderNumber
    .optional()
    .meta({ description: "The folder (its number) the preference belongs to; give exactly one of `project`, `folder` and `organization`." }),
  organization: organizationNumber
    .optional()
    .meta({ description: "The organization (its number) the preference belongs to; give exactly one of `project`, `folder` and `organization`." }),
};

export const PARENT_FIELDS = ["project", "folder", "organization"] as const;
const KIND_OF = { project: "projects", folder: "folders", organization: "organizations" } as const;

/** Which parent input is given (undefined unless exactly one). */
function givenParent(known: Readonly<Record<string, unknown>>): (typeof PARENT_FIELDS)[number] | undefined {
  const given = PARENT_FIELDS.filter((field) => typeof known[field] === "string" && known[field] !== "");
  return given.length === 1 ? given[0] : undefined;
}

/** Exactly one parent: the check's failure, naming the inputs given. */
export function parentProblems(args: Readonly<Record<string, unknown>>): { property: string; reason: string }[] {
  const given = PARENT_FIELDS.filter((field) => args[field] !== undefined && args[field] !== "");
  if (given.length === 1) return [];
  if (given.length === 0) {
    return [{ property: "project", reason: "is required: give exactly one of project, folder or organization (the preference's parent)" }];
  }
  return given.slice(1).map((field) => ({
    property: field,
    reason: `cannot be given together with ${given[0]}: give exactly one of project, folder or organization (the preference's parent)`,
  }));
}

/** The id's parent parts, derived from whichever parent input is given; parsed back from ids. */
export const parentDerived: Readonly<Record<"parentKind" | "parentId", DerivedValue>> = {
  parentKind: {
    from: (known) => {
      const field = givenParent(known);
      return field === undefined ? undefined : KIND_OF[field];
    },
    pattern: /^(?:projects|folders|organizations)$/,
    accepted: "projects, folders or organizations",
  },
  parentId: {
    from: (known) => {
      const field = givenParent(known);
      return field === undefined ? undefined : (known[field] as string);
    },
    pattern: /^[a-z0-9-]{1,30}$/,
    accepted: "a project id or number, or a folder or organization number",
  },
};

/** The inputs a parent in a name stands for: `projects/p` -> `{ project: "p" }`. */
export function parentInputs(kind: string, id: string): Record<string, string> {
  const field = PARENT_FIELDS.find((candidate) => KIND_OF[candidate] === kind);
  return field === undefined ? {} : { [field]: id };
}

export const API_VERSIONS = ["v1", "v1beta"] as const;

export const apiVersionArg = z
  .enum(API_VERSIONS, { error: (issue) => `must be "v1" or "v1beta"; got ${excerpt(issue.input)}` })
  .default("v1")
  .meta({ description: "The API version the requests use: `v1` (default) or `v1beta`. A change sends nothing: the object is the same in both." });

export const apiVersionDerived: DerivedValue = {
  from: (known) => (typeof known["apiVersion"] === "string" ? known["apiVersion"] : "v1"),
  pattern: /^(?:v1|v1beta)$/,
  accepted: "v1 or v1beta",
};

/** `W/"..."`: what every write answers; sent back in the body of the next write. */
export const etagOutput = z.string().meta({ description: "The service's etag, sent with every update so a change made meanwhile is not overwritten." });

/** A stored value in a log line: strings as they are, anything else as JSON (never `[object Object]`). */
export function text(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}
