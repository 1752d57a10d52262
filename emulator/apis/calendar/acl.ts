/**
 * acl.* handlers: the access rules of a calendar. A rule's id is
 * `<scope type>:<scope value>` (`default` for everyone); inserting a scope
 * that has a rule changes its role. Role `none` is a deleted rule: gone to
 * get, update and plain lists, shown by `showDeleted` and sync. Only an owner
 * reads or writes rules, and not its own.
 */
import { z } from "zod";
import type { ApiCall, ApiResult } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { ApiError } from "../../errors";
import { parseRequestBody } from "../../google/request-body";
import type { CalendarContext } from "./context";
import { badRequest, booleanParameter, checkIfMatch, notFound, pathCalendar, syncList, withEtag } from "./context";
import { EMAIL } from "./options";
import type { AclRule, Role, ScopeType } from "./resources";
import { ROLES, SCOPE_TYPES } from "./resources";
import type { StoredCalendar, StoredRule } from "./store";

const ENTITY = "resource";

const scopeSchema = z.strictObject({ type: z.enum(SCOPE_TYPES), value: z.string().optional() });
const ruleBody = z.strictObject({
  kind: z.string().optional(),
  etag: z.string().optional(),
  id: z.string().optional(),
  scope: scopeSchema,
  role: z.enum(ROLES),
});
const rulePatch = ruleBody.partial();

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** The rule id of a scope, after checking its value has the scope type's form. */
function ruleIdOf(scope: { type: ScopeType; value?: string | undefined }): string {
  const value = scope.value ?? "";
  if (scope.type === "default") {
    if (value !== "") throw badRequest("invalid", "Invalid scope value: a scope of type 'default' has no value.");
    return "default";
  }
  const form = scope.type === "domain" ? DOMAIN : EMAIL;
  if (!form.test(value)) {
    throw badRequest(
      "invalid",
      `Invalid scope value '${value}': a '${scope.type}' scope's value must be ${scope.type === "domain" ? "a domain name" : "an e-mail address"}.`,
    );
  }
  return `${scope.type}:${value.toLowerCase()}`;
}

function requireOwnerCalendar(context: CalendarContext, call: ApiCall): { email: string; stored: StoredCalendar } {
  booleanParameter(call.query, "sendNotifications", true);
  return pathCalendar(context, call, "owner");
}

function liveRule(stored: StoredCalendar, ruleId: string): StoredRule {
  const found = stored.rules.get(ruleId);
  if (found === undefined || found.rule.role === "none") throw notFound();
  return found;
}

/** Writes a rule (a new one, a new role, or `none` to delete it) and announces it. */
function writeRule(context: CalendarContext, email: string, stored: StoredCalendar, ruleId: string, scope: AclRule["scope"], role: Role): AclRule {
  if (scope.type === "user" && scope.value?.toLowerCase() === stored.owner) {
    throw new ApiError({ httpStatus: 403, reason: "cannotChangeOwnAcl", message: "Cannot change your own access level." });
  }
  const seq = context.store.nextSeq();
  const rule: AclRule = {
    kind: "calendar#aclRule",
    etag: context.store.etagOf(seq),
    id: ruleId,
    scope: scope.type === "default" ? { type: "default" } : { type: scope.type, value: (scope.value ?? "").toLowerCase() },
    role,
  };
  stored.rules.set(ruleId, { rule, seq, byClient: true });
  context.store.changed({ user: email, resource: "acl", calendarId: stored.calendar.id });
  return rule;
}

export function insertRule(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = requireOwnerCalendar(context, call);
  const body = parseRequestBody(ruleBody, call.body, ENTITY);
  const ruleId = ruleIdOf(body.scope);
  return withEtag(writeRule(context, email, stored, ruleId, body.scope, body.role));
}

export function getRule(context: CalendarContext, call: ApiCall): ApiResult {
  const { stored } = pathCalendar(context, call, "owner");
  return withEtag(liveRule(stored, pathParam(call, "ruleId")).rule);
}

export function listRules(context: CalendarContext, call: ApiCall): ApiResult {
  const { stored } = pathCalendar(context, call, "owner");
  if (firstQueryValue(call.query, "syncToken") !== undefined && firstQueryValue(call.query, "showDeleted") === "false") {
    throw badRequest("invalid", "showDeleted may not be false when syncToken is given: a sync answers deleted rules too.", "showDeleted");
  }
  const items = [...stored.rules.values()].map(({ rule, seq }) => ({ key: rule.id, seq, deleted: rule.role === "none", wire: rule }));
  return { status: 200, body: syncList(context, call, items, { listId: `acl:${stored.calendar.id}`, kind: "calendar#acl" }) };
}

function writeExisting(context: CalendarContext, call: ApiCall, mode: "update" | "patch"): ApiResult {
  const { email, stored } = requireOwnerCalendar(context, call);
  const current = liveRule(stored, pathParam(call, "ruleId"));
  checkIfMatch(call, current.rule.etag);
  const body = mode === "update" ? parseRequestBody(ruleBody, call.body, ENTITY) : parseRequestBody(rulePatch, call.body, ENTITY);
  if (body.scope !== undefined && ruleIdOf(body.scope) !== current.rule.id) {
    throw badRequest("invalid", `Invalid scope: the scope of rule '${current.rule.id}' cannot change; delete it and insert another.`);
  }
  return withEtag(writeRule(context, email, stored, current.rule.id, current.rule.scope, body.role ?? current.rule.role));
}

export function updateRule(context: CalendarContext, call: ApiCall): ApiResult {
  return writeExisting(context, call, "update");
}

export function patchRule(context: CalendarContext, call: ApiCall): ApiResult {
  return writeExisting(context, call, "patch");
}

export function deleteRule(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "owner");
  const current = liveRule(stored, pathParam(call, "ruleId"));
  checkIfMatch(call, current.rule.etag);
  writeRule(context, email, stored, current.rule.id, current.rule.scope, "none");
  return { status: 204 };
}
