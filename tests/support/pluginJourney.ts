/**
 * The end-to-end journey of a program of another language through the provider plugin, shared by
 * the per-language test files: examples/plugin-<language>, each the plugin-yaml example in its
 * language (a zone, two record sets, a calendar with an access rule, a quota preference, and a read
 * of the zone by the getManagedZone function), run by that language's host with the real engine
 * against the emulator, one stack and the fewest engine runs that show all of it:
 *
 *   1. `up` creates it all, and the read function answers what the API holds;
 *   2. `pulumi import` of a record set made by hand, and `pulumi import --file` of a whole seeded
 *      zone listed by `svc-import --format import-file`, write code in the program's language
 *      without a write reaching the API; added to the program, the next preview is empty (then the
 *      adopted objects leave the stack again);
 *   3. one `preview --json` shows a TTL change as `detailedDiff: {ttl: update}` and a record type
 *      change as `replaceReasons: [type]`;
 *   4. `destroy` leaves nothing, and no token reaches the state or the output.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { recordSetByHand, requestCount, writeImportFile, writesSince } from "./pluginImports";
import { pluginStack, previewChanges, recordSetAt, stepsNamed, type PreviewStep } from "./pluginStack";
import { SEED, seedDns } from "./seedAccount";
import { engineSuite } from "./suite";

export interface Journey {
  /** The folder under examples/, the language host that runs it, and the language's name in the tests' titles. */
  readonly example: string;
  readonly language: string;
  readonly title: string;
  /** The names the example gives its zone (and its DNS name), calendar and quota preference. */
  readonly zone: string;
  readonly dnsName: string;
  readonly calendar: string;
  readonly quotaPreference: string;
  /** What the code written for the imported record set `legacy` says in this language (its type and TTL). */
  readonly importedCode: RegExp;
  /**
   * How the code `pulumi import` wrote (files in the program's folder: the record set, then the
   * seeded zone) joins the program: what to append to its main file. Without it the written code is
   * only read, and `pulumi import --file` is not run: it cannot join the example's program (a Java
   * program is a class of its own).
   */
  readonly adopt?: { readonly main: string; readonly append: (written: readonly string[]) => string };
}

/** The tests of one language's journey (see above); `afterAll` removes the stack and its folder. */
export function pluginJourney(journey: Journey): void {
  const suite = engineSuite();
  const stack = pluginStack(suite, journey.example, journey.language);
  const zonePath = `/dns/v1/projects/e2e-project/managedZones/${journey.zone}`;
  const rrset = (name: string, type: string): ReturnType<typeof recordSetAt> =>
    recordSetAt(suite.emulator, `${zonePath}/rrsets`, `${name}.${journey.dnsName}`, type);
  const log = { onOutput: (line: string): number => stack.test.output.push(line) };

  it(`creates the zone, its record sets, the calendar's access rule and the quota preference from ${journey.title}, and reads the zone`, async () => {
    const result = await stack.test.stack.up(log);
    expect(result.summary.resourceChanges).toMatchObject({ create: 7 });
    expect(result.outputs["readDnsName"]?.value).toBe(journey.dnsName);
    expect(await rrset("www", "A")).toMatchObject({ ttl: 300, rrdatas: ["192.0.2.10", "192.0.2.11"] });
    const objects = JSON.stringify(await suite.emulator.objects());
    for (const made of [journey.zone, journey.calendar, "ann@example.com", journey.quotaPreference]) expect(objects).toContain(made);
  });

  it(`adopts with pulumi import${journey.adopt === undefined ? "" : " and pulumi import --file"}, writing ${journey.title} without a write; the next preview is empty`, async () => {
    const { emulator } = suite;
    const dir = stack.program.dir;
    const legacy = await recordSetByHand(emulator, zonePath, `legacy.${journey.dnsName}`);
    const since = await requestCount(emulator);
    const single = path.join(dir, `imported_one${extension(journey.language)}`);
    const id = `projects/e2e-project/managedZones/${journey.zone}/rrsets/legacy.${journey.dnsName}/TXT`;
    await stack.test.pulumi(["import", "svc:dns/recordSet:RecordSet", "legacy", id, "--yes", "--protect=false", "--out", single]);
    expect(await writesSince(emulator, since)).toEqual([]);
    expect(readFileSync(single, "utf8")).toMatch(journey.importedCode);
    const adopted = [`svc:dns/recordSet:RecordSet::legacy`];
    const { adopt } = journey;
    if (adopt !== undefined) {
      await seedDns(emulator, 4);
      const importFile = path.join(dir, "import.json");
      const listed = await writeImportFile(emulator, SEED.project, importFile);
      const all = path.join(dir, `imported_zone${extension(journey.language)}`);
      const sinceListing = await requestCount(emulator);
      await stack.test.pulumi(["import", "--file", importFile, "--yes", "--protect=false", "--out", all]);
      expect(await writesSince(emulator, sinceListing)).toEqual([]);
      expect(readFileSync(all, "utf8")).toContain(SEED.dnsName);
      adopted.push(...listed.map((entry) => `${entry.type}::${entry.name}`));
      // Written into the program, the adopted objects are the same as what the API holds.
      const main = path.join(dir, adopt.main);
      const program = readFileSync(main, "utf8");
      appendFileSync(main, adopt.append([single, all]));
      const preview = JSON.parse(await stack.test.pulumi(["preview", "--json"])) as { steps: PreviewStep[]; changeSummary: Record<string, number> };
      expect(preview.steps.filter((step) => step.op !== "same")).toEqual([]);
      // The program's six resources, the adopted ones and the stack.
      expect(preview.changeSummary).toEqual({ same: 7 + adopted.length });
      writeFileSync(main, program);
    }
    // The adopted objects leave the stack (not the API) again, so that what follows is the example's alone.
    const urns = (await stack.test.stateResources())
      .filter((resource) => adopted.some((typeAndName) => resource.urn.endsWith(`::${typeAndName}`)))
      .map((r) => r.urn);
    expect(urns).toHaveLength(adopted.length);
    await stack.test.pulumi(["state", "delete", ...urns, "--yes"]);
    // The record set made by hand goes the way it came, so that the zone can go with the stack.
    await legacy.remove();
    if (adopt === undefined) expect(await previewChanges(stack.test)).toEqual([]);
  });

  it("shows a TTL change as its detailed diff and a type change as a replacement, in one preview --json", async () => {
    await stack.test.stack.setAllConfig({ wwwTtl: { value: "600" }, apiType: { value: "CNAME" }, apiData: { value: `www.${journey.dnsName}` } });
    const steps = await previewChanges(stack.test);
    const www = stepsNamed(steps, "www");
    expect(www).toHaveLength(1);
    expect(www[0]).toMatchObject({ op: "update", diffReasons: ["ttl"], detailedDiff: { ttl: { kind: "update" } } });
    expect(stepsNamed(steps, "api").find((step) => step.op === "replace")).toMatchObject({
      replaceReasons: ["type"],
      detailedDiff: { type: { kind: "update-replace" } },
    });
  });

  it("destroys what it made, and no token reaches the state or the output", async () => {
    await stack.test.stack.destroy(log);
    const objects = JSON.stringify(await suite.emulator.objects());
    // (A quota preference cannot be deleted through the API: it stays, as the provider says.)
    for (const gone of [journey.zone, journey.calendar, "ann@example.com"]) expect(objects).not.toContain(gone);
    expect((await stack.test.stateResources()).filter((resource) => resource.type.startsWith("svc:"))).toEqual([]);
    expect(await stack.test.stateText()).not.toContain(suite.emulator.token);
    expect(stack.test.output.join("\n")).not.toContain(suite.emulator.token);
  });
}

const extension = (language: string): string => ({ python: ".py", nodejs: ".ts", go: ".go", java: ".java" })[language] ?? ".txt";
