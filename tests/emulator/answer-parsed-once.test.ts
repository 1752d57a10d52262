/**
 * An answer is parsed once: the call path checks it against the schema its request names and hands
 * on what it parsed, and the engine makes the state of that, never parsing it again. Counted on the
 * wire schema of real declarations, through `dynamicProvider`, against the in-process emulator.
 */
import { aclRule } from "../../provider/apis/calendar/aclRule";
import { policy } from "../../provider/apis/dns/policy";
import type { Args, ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { providerEmulator } from "../support/providerEmulator";

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
