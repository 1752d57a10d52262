/**
 * A YAML program through the provider plugin, with the real engine against the emulator: a zone,
 * its record sets, a calendar with an access rule and a quota preference are created; a second
 * preview is empty; the engine's own `preview --json` shows a TTL change as a detailed diff with
 * its reason, and a record type change as a replacement that deletes first (a CNAME cannot stand
 * beside another type); destroy leaves nothing; no token reaches the state, the output or the JSON.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { engineSuite } from "../support/suite";
import { announced, pluginStack, previewChanges, previewSteps, recordSetAt, stepsNamed } from "../support/pluginStack";
import { REPO_ROOT } from "../support/toolchain";

const suite = engineSuite();
const stack = pluginStack(suite, "plugin-yaml", "yaml");
const RRSETS = "/dns/v1/projects/e2e-project/managedZones/plugin-zone/rrsets";
const rrset = (name: string, type: string): ReturnType<typeof recordSetAt> => recordSetAt(suite.emulator, RRSETS, name, type);

interface PlanChange {
  readonly type: string;
  readonly name: string;
  readonly operation: string;
  readonly replacedBecauseOf: string[];
  readonly deleteFirst?: boolean;
  readonly properties: Array<{ property: string; old?: unknown; new?: unknown }>;
}

/** svc-plan's report (--json) of a saved `pulumi preview --json` of this plugin stack. */
async function plan(previewJson: string): Promise<PlanChange[]> {
  const file = path.join(stack.program.dir, "preview.json");
  writeFileSync(file, previewJson);
  const cli = path.join(REPO_ROOT, "dist", "tools", "plan", "bin.js");
  const report = await new Promise<string>((resolve, reject) =>
    execFile("node", [cli, "--file", file, "--json"], (error, stdout, stderr) => (error === null ? resolve(stdout) : reject(new Error(`svc-plan: ${stderr}`)))),
  );
  return (JSON.parse(report) as { resources: PlanChange[] }).resources;
}

it("creates the zone, its record sets, the calendar's access rule and the quota preference", async () => {
  const result = await stack.test.stack.up({ onOutput: (line) => stack.test.output.push(line) });
  expect(result.summary.resourceChanges).toMatchObject({ create: 7 });
  const objects = JSON.stringify(await suite.emulator.objects());
  for (const made of ["plugin-zone", "www.plugin.example.", "api.plugin.example.", "Plugin team", "ann@example.com", "plugin-cpus"])
    expect(objects).toContain(made);
  const state = await stack.test.stateResources();
  expect(
    state
      .filter((resource) => resource.type.startsWith("svc:"))
      .map((resource) => resource.type)
      .sort(),
  ).toEqual([
    "svc:calendar/aclRule:AclRule",
    "svc:calendar/calendar:Calendar",
    "svc:dns/managedZone:ManagedZone",
    "svc:dns/recordSet:RecordSet",
    "svc:dns/recordSet:RecordSet",
    "svc:quotas/quotaPreference:QuotaPreference",
  ]);
});

it("previews no change after up", async () => {
  expect(await previewChanges(stack.test)).toEqual([]);
});

it("shows a TTL change in preview --json as the property's detailed diff, with its reason", async () => {
  await stack.test.stack.setConfig("wwwTtl", { value: "600" });
  const previewJson = await stack.test.pulumi(["preview", "--json"]);
  const [www] = stepsNamed(previewSteps(previewJson), "www");
  expect(www).toMatchObject({ op: "update", diffReasons: ["ttl"], detailedDiff: { ttl: { kind: "update" } } });
  // svc-plan reads a plugin stack's preview as it reads a dynamic one's.
  expect(await plan(previewJson)).toEqual([
    expect.objectContaining({
      type: "svc.dns.RecordSet",
      name: "www",
      operation: "update",
      properties: [expect.objectContaining({ property: "ttl", old: 300, new: 600 })],
    }),
  ]);
  const up = await stack.test.stack.up({ onOutput: (line) => stack.test.output.push(line) });
  expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
  expect(await rrset("www.plugin.example.", "A")).toMatchObject({ ttl: 600 });
});

it("replaces a record set whose type changes, deleting first where a CNAME is involved, and says why", async () => {
  await stack.test.stack.setAllConfig({ apiType: { value: "CNAME" }, apiData: { value: "www.plugin.example." } });
  const previewJson = await stack.test.pulumi(["preview", "--json"]);
  const [api] = stepsNamed(previewSteps(previewJson), "api");
  expect(api).toMatchObject({ op: "replace", replaceReasons: ["type"], detailedDiff: { type: { kind: "update-replace" } } });
  expect(await plan(previewJson)).toEqual([expect.objectContaining({ name: "api", operation: "replace", replacedBecauseOf: ["type"], deleteFirst: true })]);
  // The engine announces a delete-first replacement as delete-replaced before create-replacement, and sends it so.
  const events: EngineEvent[] = [];
  await stack.test.stack.up({ onOutput: (line) => stack.test.output.push(line), onEvent: (event) => events.push(event) });
  const planned = announced(events, "api");
  expect(planned.indexOf("delete-replaced")).toBeGreaterThanOrEqual(0);
  expect(planned.indexOf("delete-replaced")).toBeLessThan(planned.indexOf("create-replacement"));
  expect(await rrset("api.plugin.example.", "A")).toBeUndefined();
  expect(await rrset("api.plugin.example.", "CNAME")).toMatchObject({ rrdatas: ["www.plugin.example."] });
  expect(await previewChanges(stack.test)).toEqual([]);
});

it("keeps every token out of the state, the engine's output and preview --json", async () => {
  const token = suite.emulator.token;
  expect(await stack.test.stateText()).not.toContain(token);
  expect(stack.test.output.join("\n")).not.toContain(token);
  expect(await stack.test.pulumi(["preview", "--json", "--diff"])).not.toContain(token);
  // The provider's own state keeps its configured tokens encrypted.
  expect(await stack.test.stateText()).toContain("ciphertext");
});

it("destroys everything it made (a quota preference stays: the API has no delete)", async () => {
  await stack.test.stack.destroy({ onOutput: (line) => stack.test.output.push(line) });
  const objects = (await suite.emulator.objects()) as Record<string, Record<string, unknown[]>>;
  const left = Object.entries(objects).flatMap(([api, collections]) =>
    Object.entries(collections).flatMap(([collection, entries]) => entries.map((entry) => `${api}/${collection}: ${JSON.stringify(entry)}`)),
  );
  expect(left.filter((entry) => /plugin-zone|plugin\.example|Plugin team|ann@example\.com/.test(entry))).toEqual([]);
  expect((await stack.test.stateResources()).filter((resource) => resource.type.startsWith("svc:"))).toEqual([]);
});
