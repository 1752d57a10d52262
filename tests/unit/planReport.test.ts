/**
 * svc-plan's report of a recorded `pulumi preview --json` (examples/plan-review, revision 1
 * deployed, revision 2 previewed): exactly the real changes by the provider's comparison, the
 * requests `up` sends, the warnings, no secret, a stable Markdown, and JSON the shipped schema accepts.
 */
import Ajv2020 from "ajv/dist/2020";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { failOnOperations, failing } from "../../tools/plan/cli";
import { COLLAPSE_LINES, renderMarkdown } from "../../tools/plan/markdown";
import { parsePreview, type PreviewJson } from "../../tools/plan/preview";
import { buildReport } from "../../tools/plan/report";
import { described, joinedRequests } from "../../tools/plan/describe";
import { managedZoneIamBinding, managedZoneIamMember } from "../../provider/apis/dns/iam";
import { ENTRY_KINDS, walkerOf } from "../../provider/engine/kinds";
import { BINDINGS_READ, CONDITIONS_READ, ETAG_READ, MEMBERS_READ } from "../../provider/engine/kinds/policy";
import { LIVE_OBJECT } from "../../provider/engine/kinds/merge";
import { planStep } from "../../provider/engine/plan/planStep";
import { joinZoneChange } from "../../provider/apis/dns/recordSets/zoneChange";
import type { JoinEntry, PlannedRequest } from "../../provider/engine/kinds";
import { reportJsonSchema, type ResourceChange } from "../../tools/plan/schema";

const FIXTURE = path.join(__dirname, "fixtures", "planReview.preview.json");
const preview = (): PreviewJson => parsePreview(readFileSync(FIXTURE, "utf8"), FIXTURE);
const report = buildReport(preview(), "review");
const byName = (name: string): ResourceChange => {
  const found = report.resources.find((change) => change.name === name);
  if (found === undefined) throw new Error(`no change of ${name} in the report`);
  return found;
};
const changed = (name: string): Array<[string, unknown, unknown]> => byName(name).properties.map((p) => [p.property, p.old, p.new]);

describe("the report of a preview", () => {
  it("lists exactly the resources that change, none that only respell or reorder", () => {
    expect(report.resources.map((change) => [change.name, change.operation])).toEqual([
      ["www", "replace"],
      ["legacy", "delete"],
      ["editor", "update"],
      ["readers", "update"],
      ["apex", "update"],
      ["verification", "update"],
      ["cpus", "update"],
      ["adopted", "adopt"],
    ]);
    expect(report.summary.operations).toEqual({ create: 0, adopt: 1, update: 5, replace: 1, delete: 1, read: 0 });
    // 9 requests of the resources' own (12 with the adoption's update if it differs: a read, the change and its status check);
    // with the zone's five writes as one change and its status check, 11. At most: each record-set write of the zone
    // alone, as it sends it (the record-data update its change and that change's status check), and the adoption's update.
    expect(report.summary).toMatchObject({ requests: 11, requestsAtMost: 18, statusChecks: 1, unchanged: 5 });
  });

  it("shows each changed property old → new by the provider's comparison (a reordered rrdatas is no change)", () => {
    expect(changed("apex")).toEqual([["ttl", 300, 600]]);
    expect(changed("editor")).toEqual([["role", "writer", "reader"]]);
    expect(changed("readers")).toEqual([["members", ["group:ops@example.com", "user:contractor@example.com"], ["group:ops@example.com"]]]);
    expect(changed("cpus")).toEqual([["preferredValue", "24", "22"]]);
    expect(changed("verification")).toEqual([["rrdatas", "[secret]", "[secret]"]]);
    expect(byName("verification").properties[0]?.secret).toBe(true);
  });

  it("says which property forces a replacement and that a CNAME's goes first", () => {
    const www = byName("www");
    expect(www.replacedBecauseOf).toEqual(["type"]);
    expect(www.deleteFirst).toBe(true);
    expect(www.words).toBe("replace (forced by type; the old one is deleted first, then the new one created)");
    expect(www.properties.filter((p) => p.forcesReplacement).map((p) => p.property)).toEqual(["type"]);
    expect(www.recordWrites.map((write) => [write.deletions.map((s) => s.type), write.additions.map((s) => s.type)])).toEqual([
      [["CNAME"], []],
      [[], ["A"]],
    ]);
  });

  it("reports an adoption by import, with the read it makes instead of a create, and the update it sends only if the object differs", () => {
    const adopted = byName("adopted");
    expect(adopted.words).toMatch(/^adopt by import \(plan-zone\/adopted\.plan\.example\.\/A\)/);
    expect(adopted.requests.map((r) => `${r.method} ${r.path}${r.onlyIf === undefined ? "" : " (only if it differs)"}`)).toEqual([
      "GET dns/v1/projects/review-project/managedZones/plan-zone/rrsets/adopted.plan.example./A",
      // A record set's data replaced alone: the live set read, the change, the wait for it to be done.
      "GET dns/v1/projects/review-project/managedZones/plan-zone/rrsets/adopted.plan.example./A (only if it differs)",
      "POST dns/v1/projects/review-project/managedZones/plan-zone/changes (only if it differs)",
      "GET dns/v1/projects/review-project/managedZones/plan-zone/changes (only if it differs)",
    ]);
  });

  it("describes the requests from the declarations: a TTL PATCH or the zone's change, GET then PUT with If-Match, an update-mask PATCH", () => {
    const [apexChange] = byName("apex").requests;
    expect(apexChange?.path).toBe("dns/v1/projects/review-project/managedZones/plan-zone/changes");
    expect(apexChange?.note).toContain('alone, PATCH dns/v1/projects/review-project/managedZones/plan-zone/rrsets/plan.example./A {"ttl":600}');
    const editor = byName("editor").requests;
    expect(editor.map((r) => r.method)).toEqual(["GET", "PUT"]);
    expect(editor[1]).toMatchObject({ headers: { "If-Match": "<the etag read>" }, query: { sendNotifications: "false" } });
    // The PUT is the live object read first with the change merged in; the policy write, the policy at version 3 under the etag read.
    expect(editor[1]?.body).toEqual({ "...": LIVE_OBJECT, role: "reader" });
    // A role's binding: the other roles' bindings and the conditional ones read are kept, marked as the read's.
    expect(byName("readers").requests[1]?.body).toEqual({
      policy: { version: 3, etag: ETAG_READ, bindings: [BINDINGS_READ, { role: "roles/dns.reader", members: ["group:ops@example.com"] }, CONDITIONS_READ] },
    });
    const [patch] = byName("cpus").requests;
    expect(patch).toMatchObject({ method: "PATCH", query: { updateMask: "quotaConfig.preferredValue" }, body: { quotaConfig: { preferredValue: "22" } } });
    expect(report.summary.zoneChanges).toEqual([
      expect.objectContaining({ zone: "dns/v1/projects/review-project/managedZones/plan-zone", deletions: 4, additions: 3 }),
    ]);
  });

  it("marks what is known only from a read in what it prints, never in what is sent", () => {
    const facts = {
      declaration: managedZoneIamBinding,
      id: "p/z roles/dns.reader",
      olds: { project: "p", managedZone: "z", role: "roles/dns.reader", members: ["user:a@example.com"] },
      news: { project: "p", managedZone: "z", role: "roles/dns.reader", members: ["user:b@example.com"] },
      diff: { patch: { set: { members: ["user:b@example.com"] }, cleared: [] } },
      identity: { project: "p", managedZone: "z" },
    };
    const plan = planStep("update", facts);
    const live = { etag: "BwX1", bindings: [{ role: "roles/dns.reader", members: ["user:a@example.com"] }] };
    const reading = { answerOf: () => live, sent: { isNext: () => true } };
    const sentBodies = JSON.stringify(
      walkerOf(ENTRY_KINDS)
        .requests(plan, reading)
        .map((request) => request.body),
    );
    expect(sentBodies).toContain('{"policy":{"version":3,"etag":"BwX1","bindings":[{"role":"roles/dns.reader","members":["user:b@example.com"]}]}}');
    expect(sentBodies).not.toContain(ETAG_READ);
    expect(JSON.stringify(described(plan).requests.map((request) => request.body))).toContain(ETAG_READ);
  });

  /** A printed body with what the read knows put in for its marks: the etag, the other roles' bindings, a role's members, the conditional bindings. */
  function withTheRead(printed: unknown, live: { etag: string; bindings: Array<{ role: string; members: string[]; condition?: unknown }> }): unknown {
    const plain = live.bindings.filter((binding) => binding.condition === undefined);
    const { policy } = printed as { policy: { version: number; etag: string; bindings: unknown[] } };
    const written = policy.bindings.filter((binding): binding is { role: string; members: string[] } => typeof binding === "object");
    const bindings = policy.bindings.flatMap((binding) => {
      if (binding === BINDINGS_READ) return plain.filter((other) => !written.some((mine) => mine.role === other.role));
      if (binding === CONDITIONS_READ) return live.bindings.filter((other) => other.condition !== undefined);
      const { role, members } = binding as { role: string; members: string[] };
      const read = plain.find((other) => other.role === role)?.members ?? [];
      return [{ role, members: members.flatMap((member) => (member === MEMBERS_READ ? read : [member])) }];
    });
    return { policy: { ...policy, etag: live.etag, bindings } };
  }

  it.each([
    ["a role's binding (authoritative for its role)", managedZoneIamBinding, { role: "roles/dns.reader", members: ["user:b@example.com"] }],
    ["a member (added to the role's members read)", managedZoneIamMember, { role: "roles/dns.reader", member: "user:b@example.com" }],
  ])("prints %s as sent, what the read knows marked, whatever else the policy holds", (_what, declaration, grant) => {
    const news = { project: "p", managedZone: "z", ...grant };
    const plan = planStep("create", { declaration, id: "", olds: {}, news, identity: { project: "p", managedZone: "z" } });
    const live = {
      etag: "BwX2",
      bindings: [
        { role: "roles/dns.admin", members: ["user:root@example.com"] },
        { role: "roles/dns.reader", members: ["user:a@example.com"] },
        { role: "roles/dns.reader", members: ["user:c@example.com"], condition: { expression: "request.time < timestamp('2030-01-01T00:00:00Z')" } },
      ],
    };
    const sent = walkerOf(ENTRY_KINDS)
      .requests(plan, { answerOf: () => live, sent: { isNext: () => true } })
      .filter((request) => request.path.endsWith(":setIamPolicy"));
    const printed = described(plan).requests.filter((request) => request.path.endsWith(":setIamPolicy"));
    expect(sent).toHaveLength(1);
    expect(printed).toHaveLength(1);
    expect(withTheRead(printed[0]?.body, live)).toEqual(sent[0]?.body);
    expect(JSON.stringify(sent[0]?.body)).not.toMatch(/<the /);
  });

  it("counts a zone change's status check, and a write alone in its zone as what it sends alone", () => {
    expect(report.summary.zoneChanges[0]?.words).toContain(
      "then its status is checked until it is done (GET dns/v1/projects/review-project/managedZones/plan-zone/changes?sortOrder=descending&maxResults=10: at least once",
    );
    const zone = { project: "p", managedZone: "z", name: "a.example.", type: "A" };
    const post: PlannedRequest = { method: "POST", path: "dns/v1/projects/p/managedZones/z/rrsets", repeat: "settle" };
    const write = (name: string, alone: readonly PlannedRequest[]): JoinEntry =>
      joinZoneChange(
        { ...zone, name },
        { kind: "create", addition: { name, type: "A", ttl: 300, rrdatas: ["192.0.2.1"] } },
        alone.map((request) => ({ kind: "send", request })),
      );
    // Alone: its own request, no change and so no check.
    expect(joinedRequests([write("a.example.", [post])])).toEqual({ together: 1, apart: 1, checks: 0 });
    // Together: one change and at least one check of its status; apart, each its own request.
    expect(joinedRequests([write("a.example.", [post]), write("b.example.", [post]), write("c.example.", [post])])).toEqual({
      together: 2,
      apart: 3,
      checks: 1,
    });
  });

  it("warns of a delete-first gap, dropped IAM members and a quota decrease", () => {
    expect(report.warnings.map((warning) => warning.kind)).toEqual(["recordsGap", "iamMembersDropped", "quotaDecrease"]);
    expect(report.warnings[1]?.message).toContain("user:contractor@example.com (roles/dns.reader)");
  });

  it("holds no secret and no serialized provider, and passes the shipped JSON Schema", () => {
    const text = JSON.stringify(report);
    expect(text).not.toMatch(/verify-SECRET|__provider|providerFor/);
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(reportJsonSchema());
    expect(validate(JSON.parse(text))).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
    expect(validate({ ...report, summary: { ...report.summary, requests: "many" } })).toBe(false);
  });

  it("masks a secret given as Pulumi's secret object, and compares what else changed", () => {
    const json = preview();
    const step = json.steps.find((s) => s.urn.endsWith("::apex"));
    if (step?.newState?.inputs === undefined) throw new Error("the fixture has no apex update");
    step.newState.inputs["rrdatas"] = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", plaintext: '["192.0.2.99"]' };
    const apex = buildReport(json).resources.find((change) => change.name === "apex");
    expect(apex?.properties.map((p) => [p.property, p.new])).toEqual([["ttl", 600]]);
    expect(JSON.stringify(apex)).not.toContain("192.0.2.99");
  });
});

describe("the Markdown", () => {
  const markdown = renderMarkdown(report);

  it("reads as the snapshot", () => {
    expect(markdown).toMatchSnapshot();
  });

  it("is the same whatever the order of the preview's steps, and has no ANSI escapes", () => {
    const shuffled = preview();
    shuffled.steps.reverse();
    expect(renderMarkdown(buildReport(shuffled, "review"))).toBe(markdown);
    expect(markdown).not.toMatch(/\u001b/);
  });

  it("is the sample report of docs/svc-plan.md, word for word", () => {
    const sample = readFileSync(path.join(__dirname, "..", "..", "docs", "svc-plan.md"), "utf8");
    expect(sample).toContain(`\`\`\`\`markdown\n${markdown}\`\`\`\``);
  });

  it("collapses a resource's details beyond a size", () => {
    const sections = markdown.split(/\n(?=#### |<details>)/).slice(1);
    for (const part of sections) {
      const lines = part.split("\n").filter((line) => line !== "").length;
      if (part.startsWith("<details>")) expect(lines).toBeGreaterThan(COLLAPSE_LINES - 4);
      else expect(part.trimEnd().split("\n").length).toBeLessThanOrEqual(COLLAPSE_LINES + 2);
    }
    expect(markdown).toContain("<details><summary>`svc.dns.RecordSet` **adopted**");
  });
});

describe("--fail-on", () => {
  it("names the operations that fail CI, and refuses a word that is none", () => {
    expect(failing(report, failOnOperations("replace,delete"))).toEqual(["replace", "delete"]);
    expect(failing(report, failOnOperations("create"))).toEqual([]);
    expect(() => failOnOperations("destroy")).toThrow(
      '--fail-on: "destroy" is not an operation; give a comma-separated list of create, adopt, update, replace, delete, read',
    );
  });
});
