/** Every declared resource, by type key (`<module>:<Name>`). Adding a resource means adding its declaration here. */
import type { ResourceDeclaration } from "./engine/declaration";
import { typeKey } from "./engine/declaration";
import { managedZone } from "./dns/managedZone";
import { recordSet } from "./dns/recordSet";
import { managedZoneIamBinding, managedZoneIamMember, managedZoneIamPolicy } from "./dns/iam";
import { policy } from "./dns/policy";
import { responsePolicy } from "./dns/responsePolicy";
import { responsePolicyRule } from "./dns/responsePolicyRule";
import { checkoutKey } from "./ci/checkoutKey";
import { projectFollow } from "./ci/projectFollow";
import { sshKey } from "./ci/sshKey";
import { aclRule } from "./calendar/aclRule";
import { calendar } from "./calendar/calendar";
import { calendarListEntry } from "./calendar/calendarListEntry";
import { event } from "./calendar/event";
import { activityWatchChannel } from "./reports/activityWatchChannel";
import { quotaPreference } from "./quotas/quotaPreference";
import { quotaAdjusterSettings } from "./quotas/quotaAdjusterSettings";
import { watchChannel } from "./calendar/watchChannel";

export const declarations: readonly ResourceDeclaration[] = [
  managedZone,
  recordSet,
  policy,
  responsePolicy,
  responsePolicyRule,
  managedZoneIamPolicy,
  managedZoneIamBinding,
  managedZoneIamMember,
  checkoutKey,
  sshKey,
  projectFollow,
  calendar,
  aclRule,
  calendarListEntry,
  event,
  activityWatchChannel,
  quotaPreference,
  quotaAdjusterSettings,
  watchChannel,
];

const byKey = new Map(declarations.map((declaration) => [typeKey(declaration), declaration]));

export function declarationFor(key: string): ResourceDeclaration {
  const declaration = byKey.get(key);
  if (declaration === undefined) throw new Error(`pulumi-svc: no resource type ${key} (known: ${[...byKey.keys()].join(", ")})`);
  return declaration;
}
