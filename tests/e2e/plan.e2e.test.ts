/**
 * svc-plan with the real engine: a deployed stack (examples/plan-review, revision 1), a record
 * made by hand, then the change under review (revision 2). The report lists exactly the real
 * changes with old → new and the requests; `up` then sends what it predicted, as the emulator's
 * request log shows; neither output holds the secret record value or the API token.
 */
import Ajv2020 from "ajv/dist/2020";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { PlannedRequest, PlanReport, ResourceChange } from "../../tools/plan/schema";
import { isWrite } from "../support/requests";
import { LIVE_OBJECT } from "../../provider/engine/kinds/merge";
import { BINDINGS_READ, CONDITIONS_READ, ETAG_READ } from "../../provider/engine/kinds/policy";
import { loggedRecordWrites, previewJson, recordOps, svcPlan, PLAN_BIN, runInStack } from "../support/plan";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const suite = engineSuite();
const ZONE = "/dns/v1/projects/e2e-project/managedZones/plan-zone";
const FIRST_SECRET = "site-verify-e2e-4af1c2b9d7";
const SECRET = "site-verify-e2e-9c03be1d55";

let test: TestStack;
let report: PlanReport;
let markdown: string;

const change = (name: string): ResourceChange => {
  const found = report.resources.find((resource) => resource.name === name);
  if (found === undefined) throw new Error(`the report has no change of ${name}`);
  return found;
};
const properties = (name: string): Array<[string, unknown, unknown]> => change(name).properties.map((p) => [p.property, p.old, p.new]);
/** A predicted request at the emulator: its path is below the API's base, which the log's path ends with. */
const sent =
  (predicted: PlannedRequest | undefined) =>
  (request: { method: string; path: string }): boolean =>
    predicted !== undefined && request.method === predicted.method && request.path.endsWith(`/${predicted.path}`);

beforeAll(async () => {
  test = suite.track(
    await openStack("plan-review", suite.emulator, {
      "svc:calendarToken": { value: suite.emulator.token, secret: true },
      siteVerification: { value: FIRST_SECRET, secret: true },
    }),
  );
  await test.stack.up();
  // A record set made by hand, adopted by the change.
  const made = await suite.emulator.api("POST", `${ZONE}/rrsets`, { name: "adopted.plan.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.50"] });
  expect(made.status).toBe(200);
  await test.stack.setAllConfig({
    revision: { value: "2" },
    adoptRecord: { value: "plan-zone/adopted.plan.example./A" },
    siteVerification: { value: SECRET, secret: true },
  });
});

it("reports the change under review from the preview, sending no API request", async () => {
  const before = (await suite.emulator.requests()).length;
  const folder = mkdtempSync(path.join(os.tmpdir(), "svc-plan-"));
  const preview = await previewJson(test);
  expect(preview.code).toBe(0);
  const previewFile = path.join(folder, "preview.json");
  writeFileSync(previewFile, preview.stdout);

  const json = await svcPlan(test, ["--json"]);
  expect(json).toMatchObject({ code: 0, stderr: "" });
  report = JSON.parse(json.stdout) as PlanReport;
  const fromFile = await runInStack(test, process.execPath, [PLAN_BIN, "--file", previewFile, "--stack", test.name]);
  expect(fromFile.code).toBe(0);
  markdown = fromFile.stdout;
  const fromStdin = await runInStack(test, "sh", [
    "-c",
    `${JSON.stringify(process.execPath)} ${JSON.stringify(PLAN_BIN)} --json --stack ${test.name} --file - < ${JSON.stringify(previewFile)}`,
  ]);
  expect(JSON.parse(fromStdin.stdout)).toEqual(report);
  expect((await suite.emulator.requests()).length).toBe(before);

  const schema = JSON.parse(readFileSync(path.join(path.dirname(PLAN_BIN), "report.schema.json"), "utf8")) as object;
  const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
  expect(validate(report)).toBe(true);

  // Exactly the real changes: the reordered addresses and mail servers and the unquoted SPF text are no change.
  expect(report.resources.map((resource) => `${resource.operation} ${resource.name}`)).toEqual([
    "replace www",
    "delete legacy",
    "update editor",
    "update readers",
    "update apex",
    "update verification",
    "update cpus",
    "adopt adopted",
  ]);
  expect(properties("apex")).toEqual([["ttl", 300, 600]]);
  expect(properties("verification")).toEqual([["rrdatas", "[secret]", "[secret]"]]);
  expect(properties("readers")).toEqual([["members", ["group:ops@example.com", "user:contractor@example.com"], ["group:ops@example.com"]]]);
  expect(properties("editor")).toEqual([["role", "writer", "reader"]]);
  expect(properties("cpus")).toEqual([["preferredValue", "24", "22"]]);
  expect(change("www")).toMatchObject({ replacedBecauseOf: ["type"], deleteFirst: true });
  expect(properties("www")).toEqual([
    ["type", "CNAME", "A"],
    ["rrdatas", ["plan.example."], ["192.0.2.10"]],
  ]);
  expect(change("adopted").words).toMatch(/^adopt by import \(plan-zone\/adopted\.plan\.example\.\/A\)/);
  expect(report.warnings.map((warning) => warning.kind)).toEqual(["recordsGap", "iamMembersDropped", "quotaDecrease"]);

  expect(markdown).toContain("| `svc.dns.RecordSet` www | replace (delete first) | `type` (replaces), `rrdatas` |");
  expect(markdown).toContain("| `ttl` | `300` | `600` |");
  expect(markdown).toContain("quota preference cpus is decreased from 24 to 22");
  for (const output of [json.stdout, markdown]) {
    for (const secret of [FIRST_SECRET, SECRET, suite.emulator.token, "__provider"]) expect(output).not.toContain(secret);
  }
});

it("fails CI on chosen operations with --fail-on", async () => {
  const run = await runInStack(test, process.execPath, [PLAN_BIN, "--stack", test.name, "--fail-on", "replace,delete"]);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain("the plan has replace, delete (--fail-on replace,delete)");
  const allowed = await runInStack(test, process.execPath, [PLAN_BIN, "--stack", test.name, "--fail-on", "create"]);
  expect(allowed.code).toBe(0);
});

it("up sends the requests the report predicted", async () => {
  const before = (await suite.emulator.requests()).length;
  await test.stack.up();
  const log = (await suite.emulator.requests()).slice(before);
  const writes = log.filter(isWrite);

  // Record sets: the same creates, updates and deletes, however `up` batched them into changes.
  const predicted = report.resources.flatMap((resource) => resource.recordWrites);
  expect(recordOps(loggedRecordWrites(log, ZONE))).toEqual(recordOps(predicted));
  expect(recordOps(predicted)).toEqual([
    "create www.plan.example. A",
    "delete old.plan.example. TXT",
    "delete www.plan.example. CNAME",
    "update _verify.plan.example. TXT",
    "update plan.example. A",
  ]);
  const apexPatch = log.find((request) => request.method === "PATCH" && request.path === `${ZONE}/rrsets/plan.example./A`);
  const apexInChange = log.flatMap((request) =>
    request.method === "POST" && request.path === `${ZONE}/changes`
      ? ((request.body as { additions?: Array<{ name: string; ttl: number }> }).additions ?? [])
      : [],
  );
  expect(apexPatch?.body ?? apexInChange.find((set) => set.name === "plan.example.")).toMatchObject({ ttl: 600 });
  // The adoption reads the record set and writes nothing for it.
  expect(log.some(sent(change("adopted").requests[0]))).toBe(true);
  expect(writes.filter((request) => JSON.stringify(request).includes("adopted.plan.example."))).toEqual([]);

  // The calendar rule: GET, then PUT with If-Match of the etag read, the role alone changed.
  const [get, put] = change("editor").requests;
  const ruleRequests = log.filter((request) => sent(get)(request) || sent(put)(request));
  expect(ruleRequests.map((request) => request.method)).toEqual(["GET", "PUT"]);
  expect(ruleRequests[1]?.headers?.["if-match"]).toBe(ruleRequests[0]?.headers?.["etag"]);
  expect(ruleRequests[1]?.query).toEqual(put?.query);
  // Printed: the live object (marked) with the change merged in; sent: the live object read, with the change.
  const { "...": liveObject, ...changes } = put?.body as Record<string, unknown>;
  expect(liveObject).toBe(LIVE_OBJECT);
  expect(ruleRequests[1]?.body).toMatchObject(changes);
  expect(JSON.stringify(ruleRequests[1]?.body)).not.toContain(LIVE_OBJECT);

  // The quota preference: the update-mask PATCH exactly as predicted, stored etag included.
  const [patch] = change("cpus").requests;
  const quotaPatch = writes.filter(sent(patch));
  expect(quotaPatch.map((request) => [request.query, request.body])).toEqual([[patch?.query, patch?.body]]);

  // The zone's access: getIamPolicy, then setIamPolicy with the body the report showed, under the etag read.
  const [, setPolicy] = change("readers").requests;
  const policyWrites = writes.filter(sent(setPolicy));
  const printed = (setPolicy?.body as { policy: { version: number; etag: string; bindings: unknown[] } }).policy;
  expect(printed.etag).toBe(ETAG_READ);
  // What the grant keeps of the policy read is marked; this zone's policy held no other binding, so the marks stand for none.
  const readMarks: unknown[] = [BINDINGS_READ, CONDITIONS_READ];
  expect(printed.bindings).toEqual(expect.arrayContaining(readMarks));
  const bindings = printed.bindings.filter((binding) => !readMarks.includes(binding));
  expect(policyWrites.map((request) => request.body)).toEqual([{ policy: { ...printed, etag: expect.any(String), bindings } }]);
  expect(JSON.stringify(policyWrites)).not.toMatch(/<the /);

  // Nothing else was written: every write is one the report predicted.
  const explained = writes.filter((request) => request.path.startsWith(`${ZONE}/`) || [put, patch, setPolicy].some((p) => sent(p)(request)));
  expect(writes.length - explained.length).toBe(0);
  expect(writes.length).toBe(quotaPatch.length + policyWrites.length + 1 + loggedRecordWrites(log, ZONE).length);
});

it("reports no change once the change is deployed", async () => {
  const quiet = await svcPlan(test, ["--json"]);
  expect(quiet.code).toBe(0);
  expect((JSON.parse(quiet.stdout) as PlanReport).resources).toEqual([]);
});
