// Who may see the team calendar is audited as it changes: a push-notification channel on the
// calendar's access rules tells an HTTPS receiver of every change (a `sync` message first, then
// `X-Svc-Resource-State: exists` per change; the receiver lists the rules to see what changed).
// Channels end by themselves: a refresh after `effectiveExpiration` drops an expired channel and
// the next `up` makes a new one (run `pulumi up --refresh` on a schedule to keep one alive).
//
// Configuration:
//   address        the receiver's HTTPS address (required)
//   channelToken   the token the receiver checks, set with --secret (required)
//   editor, editorRole   a user given access to the calendar and the role (default "ann@example.com", "reader")
//   ttlSeconds     how long each channel should live (optional; the service caps it)
//   channelId      a fixed channel id (optional; by default Pulumi names it, anew for each replacement)
//   importId       "{channelId}/{resourceId}" of an existing channel to adopt (optional)
// The token is svc:calendarToken (set with --secret) or SVC_CALENDAR_TOKEN; channels are stopped
// at svc:calendarChannelBaseUrl (default: the calendar base address).
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const importId = config.get("importId");

const team = new svc.calendar.Calendar("team", { summary: "Team", timeZone: "Europe/Zurich" });

const editor = new svc.calendar.AclRule("editor", {
  calendarId: team.calendarId,
  scope: { type: "user", value: config.get("editor") ?? "ann@example.com" },
  role: config.get<svc.calendar.AclRuleRole>("editorRole") ?? "reader",
  sendNotifications: false,
});

const aclWatch = new svc.calendar.WatchChannel(
  "team-acl",
  {
    resource: "acl",
    calendarId: team.calendarId,
    address: config.require("address"),
    token: config.requireSecret("channelToken"),
    ttlSeconds: config.getNumber("ttlSeconds"),
    channelId: config.get("channelId"),
  },
  importId === undefined ? {} : { import: importId },
);

export const calendarId = team.calendarId;
export const editorRuleId = editor.ruleId;
export const channelId = aclWatch.channelId;
export const resourceId = aclWatch.resourceId;
export const effectiveExpiration = aclWatch.effectiveExpiration;
