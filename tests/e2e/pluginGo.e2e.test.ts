/**
 * A Go program through the provider plugin and the generated Go SDK (sdks/go/svc), with the real
 * engine against the emulator, run by this project's Go language host (scripts/language-host-go,
 * built by scripts/setup.sh): a zone, its record sets, a calendar with an access rule and a quota
 * preference are created; a second preview is empty; a TTL change shows in `preview --json` with
 * its detailed diff and reason; a type change replaces, deleting first; `pulumi import` of a record
 * set made by hand writes Go; destroy leaves nothing.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { engineSuite } from "../support/suite";
import { recordSetByHand, requestCount, writesSince } from "../support/pluginImports";
import { announced, pluginStack, previewChanges, recordSetAt } from "../support/pluginStack";

const suite = engineSuite();
const stack = pluginStack(suite, "plugin-go", "go");
const ZONE = "/dns/v1/projects/e2e-project/managedZones/plugin-go-zone";
const RRSETS = `${ZONE}/rrsets`;
const rrset = (name: string, type: string): ReturnType<typeof recordSetAt> => recordSetAt(suite.emulator, RRSETS, name, type);
const preview = (): ReturnType<typeof previewChanges> => previewChanges(stack.test);

it("creates the zone, its record sets, the calendar's access rule and the quota preference from Go", async () => {
  const result = await stack.test.stack.up({ onOutput: (line) => stack.test.output.push(line) });
  expect(result.summary.resourceChanges).toMatchObject({ create: 7 });
  expect(await rrset("www.plugin-go.example.", "A")).toMatchObject({ ttl: 300, rrdatas: ["192.0.2.10", "192.0.2.11"] });
  const objects = JSON.stringify(await suite.emulator.objects());
  for (const made of ["plugin-go-zone", "Plugin Go team", "ann@example.com", "plugin-go-cpus"]) expect(objects).toContain(made);
  expect(await preview()).toEqual([]);
});

it("shows a TTL change as its detailed diff, and replaces a type change deleting first", async () => {
  await stack.test.stack.setConfig("wwwTtl", { value: "600" });
  const [www] = await preview();
  expect(www).toMatchObject({ op: "update", diffReasons: ["ttl"], detailedDiff: { ttl: { kind: "update" } } });
  await stack.test.stack.up({ onOutput: (line) => stack.test.output.push(line) });
  expect(await rrset("www.plugin-go.example.", "A")).toMatchObject({ ttl: 600 });

  await stack.test.stack.setAllConfig({ apiType: { value: "CNAME" }, apiData: { value: "www.plugin-go.example." } });
  const [api] = await preview();
  expect(api).toMatchObject({ op: "replace", replaceReasons: ["type"], detailedDiff: { type: { kind: "update-replace" } } });
  const events: EngineEvent[] = [];
  await stack.test.stack.up({ onOutput: (line) => stack.test.output.push(line), onEvent: (event) => events.push(event) });
  const ops = announced(events, "api");
  expect(ops.indexOf("delete-replaced")).toBeGreaterThanOrEqual(0);
  expect(ops.indexOf("delete-replaced")).toBeLessThan(ops.indexOf("create-replacement"));
  expect(await rrset("api.plugin-go.example.", "CNAME")).toMatchObject({ rrdatas: ["www.plugin-go.example."] });
  expect(await preview()).toEqual([]);
});

it("writes Go for a record set made by hand that pulumi import adopts, without a write", async () => {
  const legacy = await recordSetByHand(suite.emulator, ZONE, "legacy.plugin-go.example.");
  const since = await requestCount(suite.emulator);
  const out = path.join(stack.program.dir, "imported.go.txt");
  const id = "projects/e2e-project/managedZones/plugin-go-zone/rrsets/legacy.plugin-go.example./TXT";
  await stack.test.pulumi(["import", "svc:dns/recordSet:RecordSet", "legacy", id, "--yes", "--protect=false", "--out", out]);
  expect(await writesSince(suite.emulator, since)).toEqual([]);
  expect(readFileSync(out, "utf8")).toMatch(
    /"github\.com\/pulumi-svc\/pulumi-svc\/sdks\/go\/svc\/dns"[\s\S]*dns\.NewRecordSet\(ctx, "legacy", &dns\.RecordSetArgs\{[\s\S]*Ttl:\s+pulumi\.Int\(300\)/,
  );
  // It leaves the stack again (not the API): the example does not declare it.
  const [adopted] = (await stack.test.stateResources()).filter((resource) => resource.urn.endsWith("::legacy"));
  await stack.test.pulumi(["state", "delete", adopted?.urn ?? "legacy is not in the state", "--yes"]);
  await legacy.remove();
});

it("destroys what it made, and no token reaches the state or the output", async () => {
  await stack.test.stack.destroy({ onOutput: (line) => stack.test.output.push(line) });
  const objects = JSON.stringify(await suite.emulator.objects());
  for (const gone of ["plugin-go-zone", "Plugin Go team", "ann@example.com"]) expect(objects).not.toContain(gone);
  expect((await stack.test.stateResources()).filter((resource) => resource.type.startsWith("svc:"))).toEqual([]);
  expect(await stack.test.stateText()).not.toContain(suite.emulator.token);
  expect(stack.test.output.join("\n")).not.toContain(suite.emulator.token);
});
