/**
 * svc-plan on steps the recorded preview does not hold: creates, deletes of every kind
 * (an API without delete, a zone with forceDestroy, a member and an ACL rule taken away),
 * a channel replaced new-first, a get, values not known yet, and resources of other providers.
 */
import { queryString } from "../../provider/http/query";
import { requestLine } from "../../tools/plan/markdown";
import { buildReport } from "../../tools/plan/report";
import { describeStep } from "../../tools/plan/describe";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { describedPath } from "../../provider/engine/plan/planRequests";
import type { PreviewJson } from "../../tools/plan/preview";
import type { ResourceChange } from "../../tools/plan/schema";

const PROVIDER = 'exports.handler = () => require("pulumi-svc/dist/provider").providerFor("x:Y");\n';
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

function step(
  op: string,
  key: string,
  name: string,
  states: { id?: string; olds?: Record<string, unknown>; news?: Record<string, unknown> },
): PreviewJson["steps"][number] {
  const type = `pulumi-nodejs:dynamic/${key}`;
  const urn = `urn:pulumi:dev::proj::${type}::${name}`;
  return {
    op,
    urn,
    ...(states.olds !== undefined && {
      oldState: { urn, type, id: states.id, inputs: { __provider: PROVIDER, ...states.olds }, outputs: { __provider: PROVIDER, ...states.olds } },
    }),
    ...(states.news !== undefined && { newState: { urn, type, ...(op === "read" && { id: states.id }), inputs: { __provider: PROVIDER, ...states.news } } }),
  };
}

function only(steps: PreviewJson["steps"]): { change: ResourceChange; warnings: string[] } {
  const report = buildReport({ steps });
  const [change] = report.resources;
  if (change === undefined || report.resources.length !== 1) throw new Error(`expected one change, got ${report.resources.length}`);
  return { change, warnings: report.warnings.map((warning) => warning.message) };
}

const lines = (change: ResourceChange): string[] =>
  change.requests.map((r) => `${r.method} ${r.path}${r.query === undefined ? "" : `?${queryString(r.query)}`}`);

const zone = {
  project: "p1-project",
  name: "z",
  dnsName: "z.example.",
  description: "",
  visibility: "public",
  labels: {},
  managedZoneId: "1",
  nameServers: [],
  creationTime: "t",
};

it("creates a calendar ACL rule on a calendar not made yet: the path says what is not known", () => {
  const { change } = only([
    step("create", "calendar:AclRule", "editor", {
      news: { calendarId: UNKNOWN, scope: { type: "user", value: "ann@example.com" }, role: "reader", sendNotifications: true },
    }),
  ]);
  expect(change.words).toBe("create");
  expect(change.properties.find((p) => p.property === "calendarId")?.new).toBe("(known after up)");
  // The calendar's rules are listed first: an insert a killed run sent is found there, not sent again.
  expect(lines(change)).toEqual(["GET calendars/(known after up)/acl", "POST calendars/(known after up)/acl?sendNotifications=true"]);
  expect(change.requests[1]?.body).toEqual({ scope: { type: "user", value: "ann@example.com" }, role: "reader" });
});

it("deletes a zone with forceDestroy: warned, its record sets go first", () => {
  const { change, warnings } = only([
    step("delete", "dns:ManagedZone", "zone", { id: "projects/p1-project/managedZones/z", olds: { ...zone, forceDestroy: true } }),
  ]);
  expect(lines(change)).toEqual([
    "GET dns/v1/projects/p1-project/managedZones/z/rrsets",
    "POST dns/v1/projects/p1-project/managedZones/z/changes",
    "GET dns/v1/projects/p1-project/managedZones/z/changes/{change}",
    "DELETE dns/v1/projects/p1-project/managedZones/z",
  ]);
  expect(warnings).toEqual(["zone zone has forceDestroy: deleting it first deletes every record set in it, including those this stack does not manage"]);
});

it("replaces a zone: warned, with the property that forces it", () => {
  const { change, warnings } = only([
    step("replace", "dns:ManagedZone", "zone", { id: "projects/p1-project/managedZones/z", olds: zone, news: { ...zone, dnsName: "y.example." } }),
  ]);
  expect(change).toMatchObject({ replacedBecauseOf: ["dnsName"], deleteFirst: true });
  expect(warnings[0]).toMatch(/^zone zone is replaced \(dnsName\)/);
});

it("says that a quota preference removed stays at the service, with no request", () => {
  const olds = {
    project: "p1-project",
    quotaPreferenceId: "cpus",
    service: "compute.googleapis.com",
    quotaId: "CPUS",
    dimensions: {},
    preferredValue: "24",
    apiVersion: "v1",
  };
  const { change } = only([step("delete", "quotas:QuotaPreference", "cpus", { id: "projects/p1-project/locations/global/quotaPreferences/cpus", olds })]);
  expect(change.words).toBe("delete from the stack (the API has no delete: the object remains at the service)");
  expect(change.requests).toEqual([]);
});

it("prints a repeated query parameter once per value: a quota preference ignoring both safety checks", () => {
  const olds = {
    project: "p1-project",
    quotaPreferenceId: "cpus",
    service: "compute.googleapis.com",
    quotaId: "CPUS",
    dimensions: {},
    preferredValue: "24",
    apiVersion: "v1",
    etag: "e1",
  };
  const news = { ...olds, preferredValue: "5", ignoreSafetyChecks: ["QUOTA_DECREASE_BELOW_USAGE", "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH"] };
  const { change } = only([step("update", "quotas:QuotaPreference", "cpus", { id: "projects/p1-project/locations/global/quotaPreferences/cpus", olds, news })]);
  const [patch] = change.requests;
  expect(patch?.query).toEqual({
    ignoreSafetyChecks: ["QUOTA_DECREASE_BELOW_USAGE", "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH"],
    updateMask: "quotaConfig.preferredValue",
  });
  expect(requestLine(patch!)).toMatch(
    /^`PATCH v1\/projects\/p1-project\/locations\/global\/quotaPreferences\/cpus\?ignoreSafetyChecks=QUOTA_DECREASE_BELOW_USAGE&ignoreSafetyChecks=QUOTA_DECREASE_PERCENTAGE_TOO_HIGH&updateMask=quotaConfig.preferredValue`/,
  );
});

it("warns when a member or an ACL rule is taken away", () => {
  const member = { project: "p1-project", managedZone: "z", role: "roles/dns.admin", member: "user:bob@example.com" };
  const removed = only([
    step("delete", "dns:ManagedZoneIamMember", "bob", { id: "projects/p1-project/managedZones/z roles/dns.admin user:bob@example.com", olds: member }),
  ]);
  expect(removed.warnings).toEqual(["dns.ManagedZoneIamMember bob drops user:bob@example.com (roles/dns.admin) from the zone's access policy"]);
  expect(lines(removed.change)).toEqual([
    "POST dns/v1/projects/p1-project/managedZones/z:getIamPolicy",
    "POST dns/v1/projects/p1-project/managedZones/z:setIamPolicy",
  ]);
  const rule = {
    calendarId: "team@group.calendar.google.com",
    scope: { type: "user", value: "ann@example.com" },
    role: "writer",
    ruleId: "user:ann@example.com",
  };
  const gone = only([step("delete", "calendar:AclRule", "editor", { id: "team@group.calendar.google.com/user:ann@example.com", olds: rule })]);
  expect(gone.warnings).toEqual(["ACL rule editor is removed: user ann@example.com loses its writer access to calendar team@group.calendar.google.com"]);
  expect(lines(gone.change)).toEqual(["DELETE calendars/team%40group.calendar.google.com/acl/user%3Aann%40example.com"]);
});

it("re-creates a watch channel (a pinned channelId: the old one is stopped first), warned, its token kept secret", () => {
  const channel = {
    resource: "acl",
    calendarId: "team@example.com",
    address: "https://hooks.example.com/a",
    token: "[secret]",
    channelId: "c-1",
    resourceId: "r-1",
    effectiveExpiration: "2030-01-01T00:00:00Z",
  };
  const { change, warnings } = only([
    step("replace", "calendar:WatchChannel", "watch", {
      id: "acl/c-1/r-1",
      olds: channel,
      news: { ...channel, address: "https://hooks.example.com/b", resourceId: undefined },
    }),
  ]);
  expect(change).toMatchObject({ replacedBecauseOf: ["address"], deleteFirst: true });
  expect(lines(change)).toEqual(["POST channels/stop", "POST calendars/team%40example.com/acl/watch"]);
  expect(change.requests[0]).toMatchObject({ body: { id: "c-1", resourceId: "r-1" }, note: "sent to the API's channel base address" });
  expect(change.requests[1]?.body).toMatchObject({ id: "c-1", address: "https://hooks.example.com/b", token: "[secret]" });
  expect(JSON.stringify(change)).not.toContain("__provider");
  expect(warnings[0]).toMatch(/^watch channel watch is re-created/);
});

it("describes a get as a read, and counts other providers' steps apart", () => {
  const report = buildReport({
    steps: [
      step("read", "dns:RecordSet", "existing", { id: "projects/p1-project/managedZones/z/rrsets/a.z.example./A", news: {} }),
      { op: "create", urn: "urn:pulumi:dev::proj::random:index/randomId:RandomId::id" },
      { op: "same", urn: "urn:pulumi:dev::proj::pulumi:pulumi:Stack::proj-dev" },
    ],
  });
  expect(report.resources.map((change) => [change.operation, lines(change)])).toEqual([
    ["read", ["GET dns/v1/projects/p1-project/managedZones/z/rrsets/a.z.example./A"]],
  ]);
  expect(report.summary).toMatchObject({ otherChanges: 1, unchanged: 1 });
});

it("fails naming the resource and why when an adoption's update cannot be planned, and prints no path it could not fill", () => {
  const news = { project: "p1-project", managedZone: "z", name: "www.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] };
  const facts = { declaration: recordSet, olds: {}, news, importId: "p1-project/z/www.example.com./A" };
  // The adoption's update, sent only if the object differs, is planned like any update and printed.
  expect(describeStep("adopt", facts).requests.filter((request) => request.onlyIf !== undefined).length).toBeGreaterThan(0);
  const failing = { ...recordSet, hooks: { ...recordSet.hooks, planUpdate: () => failure("the record data's change needs the live set") } };
  expect(() => describeStep("adopt", { ...facts, declaration: failing })).toThrow(
    /^svc-plan: the adopt of svc\.dns\.RecordSet\b.*could not be planned from what the preview shows: the record data's change needs the live set$/,
  );
  // A part not known stays a placeholder; a known value that would name another object fails as it would at up.
  expect(describedPath("projects/{project}/operations/{id}", { project: "p", id: "" })).toBe("projects/p/operations/{id}");
  expect(() => describedPath("projects/{project}/operations/{id}", { project: ".." })).toThrow(/\{project\} must not be "\." or "\.\."/);
});

function failure(message: string): never {
  throw new Error(message);
}
