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
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { pluginProgram, type PluginProgram } from "../support/pluginProgram";
import { REPO_ROOT, requireLanguageHost } from "../support/toolchain";

const suite = engineSuite();
let program: PluginProgram | undefined;
let test: TestStack;

interface PreviewStep {
  readonly op: string;
  readonly urn: string;
  readonly diffReasons?: string[];
  readonly replaceReasons?: string[];
  readonly detailedDiff?: Record<string, { kind: string }> | null;
}

const stepsOf = (json: string): PreviewStep[] => (JSON.parse(json) as { steps: PreviewStep[] }).steps;
const RRSETS = "/dns/v1/projects/e2e-project/managedZones/plugin-zone/rrsets";

/** The engine's steps for one resource, in the order it announced them. */
const announced = (events: readonly EngineEvent[], name: string): string[] =>
  events.flatMap((event) => {
    const metadata = event.resourcePreEvent?.metadata;
    return metadata !== undefined && metadata.urn.endsWith(`::${name}`) ? [metadata.op] : [];
  });

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
  const file = path.join(program?.dir ?? "", "preview.json");
  writeFileSync(file, previewJson);
  const cli = path.join(REPO_ROOT, "dist", "tools", "plan", "cli.js");
  const report = await new Promise<string>((resolve, reject) =>
    execFile("node", [cli, "--file", file, "--json"], (error, stdout, stderr) => (error === null ? resolve(stdout) : reject(new Error(`svc-plan: ${stderr}`)))),
  );
  return (JSON.parse(report) as { resources: PlanChange[] }).resources;
}

async function rrset(name: string, type: string): Promise<{ ttl?: number; rrdatas?: string[] } | undefined> {
  const { status, body } = await suite.emulator.api("GET", `${RRSETS}/${name}/${type}`);
  return status === 200 ? (body as { ttl?: number; rrdatas?: string[] }) : undefined;
}
const named = (steps: readonly PreviewStep[], name: string): PreviewStep[] => steps.filter((step) => step.urn.endsWith(`::${name}`));

beforeAll(async () => {
  requireLanguageHost("yaml");
  program = pluginProgram("plugin-yaml");
  const { emulator } = suite;
  test = suite.track(await openStack(program.dir, emulator, { "svc:calendarToken": { value: emulator.token, secret: true } }));
});

afterAll(() => program?.dispose());

it("creates the zone, its record sets, the calendar's access rule and the quota preference", async () => {
  const result = await test.stack.up({ onOutput: (line) => test.output.push(line) });
  expect(result.summary.resourceChanges).toMatchObject({ create: 7 });
  const objects = JSON.stringify(await suite.emulator.objects());
  for (const made of ["plugin-zone", "www.plugin.example.", "api.plugin.example.", "Plugin team", "ann@example.com", "plugin-cpus"])
    expect(objects).toContain(made);
  const state = await test.stateResources();
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
  const steps = stepsOf(await test.pulumi(["preview", "--json"]));
  expect(steps.filter((step) => step.op !== "same")).toEqual([]);
});

it("shows a TTL change in preview --json as the property's detailed diff, with its reason", async () => {
  await test.stack.setConfig("wwwTtl", { value: "600" });
  const previewJson = await test.pulumi(["preview", "--json"]);
  const [www] = named(stepsOf(previewJson), "www");
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
  const up = await test.stack.up({ onOutput: (line) => test.output.push(line) });
  expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
  expect(await rrset("www.plugin.example.", "A")).toMatchObject({ ttl: 600 });
});

it("replaces a record set whose type changes, deleting first where a CNAME is involved, and says why", async () => {
  await test.stack.setAllConfig({ apiType: { value: "CNAME" }, apiData: { value: "www.plugin.example." } });
  const previewJson = await test.pulumi(["preview", "--json"]);
  const [api] = named(stepsOf(previewJson), "api");
  expect(api).toMatchObject({ op: "replace", replaceReasons: ["type"], detailedDiff: { type: { kind: "update-replace" } } });
  expect(await plan(previewJson)).toEqual([expect.objectContaining({ name: "api", operation: "replace", replacedBecauseOf: ["type"], deleteFirst: true })]);
  // The engine announces a delete-first replacement as delete-replaced before create-replacement, and sends it so.
  const events: EngineEvent[] = [];
  await test.stack.up({ onOutput: (line) => test.output.push(line), onEvent: (event) => events.push(event) });
  const planned = announced(events, "api");
  expect(planned.indexOf("delete-replaced")).toBeGreaterThanOrEqual(0);
  expect(planned.indexOf("delete-replaced")).toBeLessThan(planned.indexOf("create-replacement"));
  expect(await rrset("api.plugin.example.", "A")).toBeUndefined();
  expect(await rrset("api.plugin.example.", "CNAME")).toMatchObject({ rrdatas: ["www.plugin.example."] });
  expect(stepsOf(await test.pulumi(["preview", "--json"])).filter((step) => step.op !== "same")).toEqual([]);
});

it("keeps every token out of the state, the engine's output and preview --json", async () => {
  const token = suite.emulator.token;
  expect(await test.stateText()).not.toContain(token);
  expect(test.output.join("\n")).not.toContain(token);
  expect(await test.pulumi(["preview", "--json", "--diff"])).not.toContain(token);
  // The provider's own state keeps its configured tokens encrypted.
  expect(await test.stateText()).toContain("ciphertext");
});

it("destroys everything it made (a quota preference stays: the API has no delete)", async () => {
  await test.stack.destroy({ onOutput: (line) => test.output.push(line) });
  const objects = (await suite.emulator.objects()) as Record<string, Record<string, unknown[]>>;
  const left = Object.entries(objects).flatMap(([api, collections]) =>
    Object.entries(collections).flatMap(([collection, entries]) => entries.map((entry) => `${api}/${collection}: ${JSON.stringify(entry)}`)),
  );
  expect(left.filter((entry) => /plugin-zone|plugin\.example|Plugin team|ann@example\.com/.test(entry))).toEqual([]);
  expect((await test.stateResources()).filter((resource) => resource.type.startsWith("svc:"))).toEqual([]);
});
