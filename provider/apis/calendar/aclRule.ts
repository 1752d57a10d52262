/** `svc.calendar.AclRule`: who may see or change a calendar (one scope and its role). */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { excerpt } from "../../engine/declaration/excerpt";
import { CALENDAR_PAGING, CALENDAR_PATH, DOMAIN, EMAIL, calendarId, mayBeSameCalendar } from "./shapes";

/** The roles the API knows; `none` is how it shows a deleted rule. */
export const ACL_ROLES = ["none", "freeBusyReader", "reader", "writer", "writerWithoutPrivateAccess", "owner"] as const;
/** The roles a rule can grant: a rule of role `none` reads as deleted, so it would be made again on every `up`. */
export const GRANTED_ROLES = ["freeBusyReader", "reader", "writer", "writerWithoutPrivateAccess", "owner"] as const;
export const SCOPE_TYPES = ["default", "user", "group", "domain"] as const;

export const aclRuleArgs = z.object({
  calendarId: calendarId.meta({
    description: "The calendar whose access this rule grants: `primary`, an e-mail address (a primary calendar) or a calendar id.",
  }),
  scope: z
    .object({
      type: z
        .enum(SCOPE_TYPES, {
          error: (issue) => `must be one of ${SCOPE_TYPES.join(", ")}; got ${excerpt(issue.input)}`,
        })
        .meta({ description: "`default` (everyone), `user`, `group` (an e-mail address) or `domain` (a domain name)." }),
      value: z.string().optional().meta({ description: "The e-mail address (`user`, `group`) or domain name (`domain`); none for `default`." }),
    })
    .meta({ description: "Whom the rule is for. A change replaces the rule (its id is the scope)." }),
  role: z
    .enum(GRANTED_ROLES, {
      error: (issue) =>
        `must be one of ${GRANTED_ROLES.join(", ")}; got ${excerpt(issue.input)}` +
        (issue.input === "none" ? ' ("none" is a deleted rule: to take access away, remove the AclRule)' : ""),
    })
    .meta({
      description:
        "The access granted (`owner` is manager access). To take access away, remove the rule. " +
        "A change is made in place: the live rule is read and written back with only the role changed, under `If-Match`.",
    }),
  sendNotifications: z
    .boolean({ error: (issue) => `must be true or false; got ${excerpt(issue.input)}` })
    .default(true)
    .meta({ description: "Whether the API e-mails the grantee about a new or changed rule. A request option: never a change of the rule." }),
});
export type AclRuleArgs = z.infer<typeof aclRuleArgs>;

const aclRuleWire = z.looseObject({
  id: z.string(),
  role: z.string(),
  scope: z.looseObject({ type: z.string(), value: z.string().optional() }),
});

/** Scopes compare without regard to the case of the address (the API keeps it lowercase). */
function sameScope(stored: unknown, wanted: unknown): boolean {
  const parse = (scope: unknown): { type?: unknown; value?: unknown } => (typeof scope === "object" && scope !== null ? scope : {});
  const [a, b] = [parse(stored), parse(wanted)];
  const value = (scope: { value?: unknown }): string => (typeof scope.value === "string" ? scope.value.toLowerCase() : "");
  return a.type === b.type && value(a) === value(b);
}

/** The rule's scope in check's terms: the value each type needs, as one failure naming `scope.value`. */
function scopeFailures({ scope }: AclRuleArgs): { property: string; reason: string }[] {
  const value = scope.value ?? "";
  if (scope.type === "default") {
    return value === "" ? [] : [{ property: "scope.value", reason: `must be left out for a "default" scope (it means everyone); got ${excerpt(value)}` }];
  }
  const [form, example] = scope.type === "domain" ? [DOMAIN, '"example.com"'] : [EMAIL, '"ann@example.com"'];
  if (form.test(value)) return [];
  const what = scope.type === "domain" ? "a domain name" : "an e-mail address";
  return [{ property: "scope.value", reason: `must be ${what} for a "${scope.type}" scope, e.g. ${example}; got ${excerpt(scope.value)}` }];
}

export const aclRule = declare<AclRuleArgs, z.infer<typeof aclRuleWire>>({
  module: "calendar",
  name: "AclRule",
  api: "calendar",
  args: aclRuleArgs,
  immutable: ["calendarId", "scope"],
  // The same scope on what may be the same calendar (`primary` and its owner's e-mail) is the same rule: delete it first.
  deleteBeforeReplace: (olds, news) => sameScope(olds["scope"], news["scope"]) && mayBeSameCalendar(olds["calendarId"], news["calendarId"]),
  id: {
    format: "{calendarId}/{ruleId}",
    importFormats: [],
    serverAssigned: ["ruleId"],
    serverAssignedForms: {
      ruleId: { pattern: /^(default|(user|group|domain):[^\s/]+)$/, accepted: 'a rule id: "default" or "<type>:<value>", e.g. "user:ann@example.com"' },
    },
  },
  paths: { collection: `${CALENDAR_PATH}/acl`, item: `${CALENDAR_PATH}/acl/{ruleId}` },
  wire: aclRuleWire,
  toCreateBody: ({ scope, role }) => ({ scope: scope.type === "default" ? { type: "default" } : scope, role }),
  toState: (rule) => ({
    ruleId: rule.id,
    scope: rule.scope.value === undefined ? { type: rule.scope.type } : { type: rule.scope.type, value: rule.scope.value },
    role: rule.role,
  }),
  steps: {
    // The API's insert of a scope that has a rule sets its role: a repeated insert makes no second rule.
    create: { repeat: "idempotent" },
    // Listed before each insert, so that an insert a killed run sent is found and adopted, not sent again.
    findCreated: { field: "items" },
  },
  // The spec: a patch costs three quota units; a get followed by an update is preferred.
  update: { putMerged: {} },
  // Whether the API e-mails the grantee: an option of the insert and the update, not part of the rule.
  requestOptions: { sendNotifications: { query: "sendNotifications", steps: ["create", "update"] } },
  equal: { calendarId: "caseInsensitive", scope: sameScope },
  review: [
    {
      kind: "aclRuleRemoved",
      on: ["delete", "replace"],
      says: ({ name, olds, operation }) => {
        const scope = olds["scope"] as { type?: string; value?: string } | undefined;
        const again = operation === "replace";
        return (
          `ACL rule ${name} is removed${again ? " and made anew" : ""}: ${scope?.type ?? "its scope"}${scope?.value === undefined ? "" : ` ${scope.value}`} ` +
          `loses its ${String(olds["role"])} access to calendar ${String(olds["calendarId"])}${again ? " until the new rule exists" : ""}`
        );
      },
    },
  ],
  crossCheck: scopeFailures,
  outputs: {
    ruleId: z.string().meta({ description: "The rule's id, `<scope type>:<scope value>` (e.g. `user:ann@example.com`), or `default` for everyone." }),
  },
  adoption: {
    list: { path: `${CALENDAR_PATH}/acl`, field: "items", paging: CALENDAR_PAGING },
    under: { type: "calendar:Calendar", from: { calendarId: "calendarId" } },
    identity: { ruleId: "id" },
    // The API refuses to change or delete the caller's own rule (cannotChangeOwnAcl); a list cannot tell the caller from a co-owner.
    leaveOut: (rule) =>
      rule["role"] === "owner" && (rule["scope"] as { type?: unknown } | undefined)?.type === "user"
        ? "a user's owner rule: the API refuses to change or delete the caller's own (a co-owner's rule can be adopted by hand)"
        : undefined,
    naming: "{parent}_{ruleId}",
  },
  docs: {
    summary:
      "An access rule of a calendar: one scope (everyone, a user, a group or a domain) and the role it has.\n\n" +
      "The rule's id is its scope (`user:ann@example.com`, `default`), so a new scope replaces the rule while a new role " +
      "changes it in place: the live rule is read and written back (PUT, `If-Match`) with only the role changed, re-read when it " +
      "changed meanwhile — two quota units where a PATCH costs three. Inserting a scope that already has a rule takes it over. " +
      "`sendNotifications` is sent with each write, never a change of its own. Import with `{calendarId}/{ruleId}`.",
    example: 'new svc.calendar.AclRule("team-reads", { calendarId: "primary", scope: { type: "domain", value: "example.com" }, role: "reader" });',
  },
  samples: {
    parents: [{ type: "calendar:Calendar", inputs: { summary: "Shared calendar" } }],
    inputs: { calendarId: "{{parents[0].calendarId}}", scope: { type: "user", value: "ann@example.com" }, role: "reader", sendNotifications: false },
    updates: [{ role: "writer" }, { sendNotifications: true }],
    replacements: [{ calendarId: "primary" }, { scope: { type: "domain", value: "example.com" } }],
  },
});
