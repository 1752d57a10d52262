/**
 * A record set whose type changes to or from CNAME with the real engine: the
 * API refuses a CNAME beside any other type at one name, so the replacement
 * must delete the old set before creating the new one — and the preview must
 * say so before anything is sent.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const suite = engineSuite();
const RRSETS = "/dns/v1/projects/e2e-project/managedZones/alias/rrsets";
const WWW = "www.alias.example.";

/** The engine's steps for one resource, in the order it announced them. */
function stepsOf(events: readonly EngineEvent[], urnSuffix: string): string[] {
  return events
    .map((event) => event.resourcePreEvent?.metadata)
    .filter((metadata) => metadata !== undefined && metadata.urn.endsWith(urnSuffix))
    .map((metadata) => metadata?.op ?? "");
}

/** The writes to the record sets at the www name, in order: what the service went through. */
async function wwwWrites(since: number): Promise<string[]> {
  const requests = (await suite.emulator.requests()).slice(since);
  return requests
    .filter((request) => request.method !== "GET" && request.path.startsWith(RRSETS))
    .filter((request) => request.path.includes(`/${WWW}/`) || (request.body as { name?: string } | undefined)?.name === WWW)
    .map((request) => `${request.method} ${request.path.endsWith("/rrsets") ? (request.body as { type: string }).type : request.path.split("/").pop()}`);
}

async function wwwTypes(): Promise<string[]> {
  const { body } = await suite.emulator.api("GET", `${RRSETS}?name=${WWW}`);
  return ((body as { rrsets?: Array<{ name: string; type: string }> }).rrsets ?? []).filter((r) => r.name === WWW).map((r) => r.type);
}

it("changes a CNAME to an A record and back, deleting the old set first, as the preview says", async () => {
  const test = suite.track(await openStack("dns-zone", suite.emulator, { zoneName: { value: "alias" }, domain: { value: "alias.example." } }));
  const { stack } = test;
  await stack.up();
  expect(await wwwTypes()).toEqual(["CNAME"]);

  for (const [type, records] of [
    ["A", ["192.0.2.20"]],
    ["CNAME", ["alias.example."]],
  ] as const) {
    await stack.setAllConfig({ wwwType: { value: type }, wwwRecords: { value: JSON.stringify(records) } });

    const previewEvents: EngineEvent[] = [];
    const before = (await suite.emulator.requests()).length;
    const preview = await stack.preview({ onEvent: (event) => previewEvents.push(event) });
    expect((await suite.emulator.requests()).length).toBe(before);
    expect(preview.changeSummary).toEqual({ same: 5, replace: 1 });
    // A delete-first replacement is announced as delete-replaced before create-replacement.
    const planned = stepsOf(previewEvents, "::www");
    expect(planned.indexOf("delete-replaced")).toBeGreaterThanOrEqual(0);
    expect(planned.indexOf("delete-replaced")).toBeLessThan(planned.indexOf("create-replacement"));

    const upEvents: EngineEvent[] = [];
    const up = await stack.up({ onEvent: (event) => upEvents.push(event) });
    expect(up.summary.resourceChanges).toEqual({ same: 5, replace: 1 });
    expect(stepsOf(upEvents, "::www")).toEqual(planned);
    // The service saw the old set go before the new one came: never a CNAME beside another type.
    const previous = type === "A" ? "CNAME" : "A";
    expect(await wwwWrites(before)).toEqual([`DELETE ${previous}`, `POST ${type}`]);
    expect(await wwwTypes()).toEqual([type]);
  }

  const quiet = await stack.preview();
  expect(quiet.changeSummary).toEqual({ same: 6 });
});
