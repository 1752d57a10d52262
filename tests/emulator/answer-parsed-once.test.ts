/**
 * An answer is parsed once: the call path checks it against the schema its request names and hands
 * on what it parsed, and the engine makes the state of that, never parsing it again. Counted on the
 * wire schema of real declarations, through `dynamicProvider`, against the in-process emulator.
 */
import { aclRule } from "../../provider/apis/calendar/aclRule";
import { policy } from "../../provider/apis/dns/policy";
import type { Args, ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { managedZone } from "../../provider/apis/dns/managedZone";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { ProviderRuntime } from "../../provider/runtime";
import { discover } from "../../tools/import/discover";
import { DEFAULT_PROJECT, providerEmulator } from "../support/providerEmulator";
import { parsesDuring } from "../support/parseCount";

const emulator = providerEmulator("parse-counter");

/** Counts the parses of a declaration's wire schema while `work` runs (parse and safeParse both). */
async function parsesOf(declaration: ResourceDeclaration, work: () => Promise<unknown>): Promise<number> {
  const parse = jest.spyOn(declaration.wire, "parse");
  const safeParse = jest.spyOn(declaration.wire, "safeParse");
  try {
    await work();
    return parse.mock.calls.length + safeParse.mock.calls.length;
  } finally {
    parse.mockRestore();
    safeParse.mockRestore();
  }
}

/** The requests the emulator answered while `work` ran. */
async function requestsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const before = (await emulator.current.requests()).length;
  await work();
  return (await emulator.current.requests()).slice(before).map(({ method, path }) => `${method} ${path}`);
}

async function checked(declaration: ResourceDeclaration, inputs: Args): Promise<Args> {
  const result = await dynamicProvider(declaration).check({}, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

it("parses each answer that is the object once: a create, a read and a merged PUT of an ACL rule", async () => {
  const provider = dynamicProvider(aclRule);
  const inputs = await checked(aclRule, { calendarId: "primary", scope: { type: "user", value: "ann@example.com" }, role: "reader", sendNotifications: false });
  let created: { id: string; outs: Record<string, unknown> } | undefined;
  // The calendar's rules are listed first (what a killed run's insert would be found among), each parsed with the listing.
  let inserted: string[] = [];
  expect(await parsesOf(aclRule, async () => (inserted = await requestsDuring(async () => (created = await provider.create(inputs)))))).toBe(1);
  expect(inserted).toEqual(["GET /calendar/v3/calendars/primary/acl", "POST /calendar/v3/calendars/primary/acl"]);
  const { id, outs } = created!;
  expect(await parsesOf(aclRule, async () => expect(await requestsDuring(() => provider.read(id, outs))).toHaveLength(1))).toBe(1);
  // GET of the live rule (its own schema: the etag), then the PUT whose answer is the rule as written.
  const next = { ...inputs, role: "writer" };
  let sent: string[] = [];
  expect(await parsesOf(aclRule, async () => (sent = await requestsDuring(() => provider.update(id, outs, next))))).toBe(1);
  expect(sent.map((request) => request.split(" ")[0])).toEqual(["GET", "PUT"]);
});

it("parses a PATCH's answer once when it is the object (a DNS server policy)", async () => {
  const provider = dynamicProvider(policy);
  const inputs = await checked(policy, { name: "parsed-once", description: "first" });
  const { id, outs } = await provider.create(inputs);
  const next = { ...inputs, description: "second" };
  let sent: string[] = [];
  expect(await parsesOf(policy, async () => (sent = await requestsDuring(() => provider.update(id, outs, next))))).toBe(1);
  expect(sent.map((request) => request.split(" ")[0])).toEqual(["PATCH"]);
  await provider.delete(id, outs);
});

describe("on every path, each answer parsed once at the one place answers are parsed", () => {
  /** The answers the emulator gave with a body while `work` ran: each is one parse at most. */
  async function answeredDuring(work: () => Promise<unknown>): Promise<{ answered: number; parses: number; again: number }> {
    const before = (await emulator.current.requests()).length;
    const { parses, again } = await parsesDuring(work);
    const answered = (await emulator.current.requests()).slice(before).filter(({ method }) => method !== "DELETE").length;
    return { answered, parses, again };
  }

  it("a zone update's operation and its polls, and the read back", async () => {
    const zones = dynamicProvider(managedZone);
    const inputs = await checked(managedZone, { name: "parsed-zone", dnsName: "parsed.example." });
    const { id, outs } = await zones.create(inputs);
    const counted = await answeredDuring(() => zones.update(id, outs, { ...inputs, description: "changed" }));
    expect(counted.again).toBe(0);
    expect(counted.parses).toBe(counted.answered);
    expect(counted.answered).toBeGreaterThanOrEqual(2);
  });

  it("record sets written together (the joint change and its check) and read together (one listing's pages)", async () => {
    const runtime = new ProviderRuntime();
    const zones = dynamicProvider(managedZone, runtime);
    const records = dynamicProvider(recordSet, runtime);
    await zones.create(await checked(managedZone, { name: "parsed-batch", dnsName: "batch.parsed.example." }));
    const all = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        checked(recordSet, { managedZone: "parsed-batch", name: `h${i}.batch.parsed.example.`, type: "A", ttl: 300, rrdatas: ["192.0.2.1"] }),
      ),
    );
    let made: Array<{ id: string; outs: Record<string, unknown> }> = [];
    const writes = await answeredDuring(async () => (made = await Promise.all(all.map((args) => records.create(args)))));
    expect(writes).toMatchObject({ again: 0 });
    expect(writes.parses).toBe(writes.answered);
    const reads = await answeredDuring(() => Promise.all(made.map(({ id, outs }) => records.read(id, outs))));
    expect(reads).toEqual({ answered: 1, parses: 1, again: 0 });
  });

  it("svc-import: each listing parsed once, each object read once", async () => {
    await dynamicProvider(managedZone).create(await checked(managedZone, { name: "parsed-import", dnsName: "import.parsed.example." }));
    const counted = await answeredDuring(() =>
      discover("dns", {
        scope: { project: DEFAULT_PROJECT },
        select: { zone: ["parsed-import"] },
        runtime: new ProviderRuntime(),
        progress: () => undefined,
      }),
    );
    expect(counted.again).toBe(0);
    expect(counted.parses).toBe(counted.answered);
    // The zones' listing, the zone read once, its record sets' listing and each of its two apex sets read once (and its policy's read).
    expect(counted.answered).toBeGreaterThanOrEqual(5);
  });
});
