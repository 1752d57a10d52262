/**
 * The relay's checks of a zone's changes stop at the step's budget (provider/engine/executor/batches.ts):
 * the writes were accepted and stay made, and the step's log says at error severity which resource
 * spent its budget, how much and why.
 */
import { ZONE_CHANGES } from "../../provider/apis/dns/recordSets/zoneChange";
import { EngineProcess } from "../../provider/engine/batching/engineProcess";
import { RELAY_POLICY, type RelayPolicy } from "../../provider/engine/batching/relay";
import { runJoinedWait } from "../../provider/engine/executor/batches";
import { Budget } from "../../provider/http/retry";
import { fakeClient } from "./fakeClient";

const ZONE = "dns/v1/projects/p/managedZones/z";

it("stops the checks at the budget and says so at error severity, naming the resource and what it spent; the writes stay made", async () => {
  // A change that is never done: every check shows it pending.
  const client = fakeClient(({ path }) => (path.endsWith("/changes") ? { changes: [{ id: "7", status: "pending" }] } : {}));
  const said: string[] = [];
  const budget = new Budget({ step: "create", resource: "svc.dns.RecordSet z/www A" }, 2);
  // The relay's timings shrunk a thousandfold (its test knob), as the storm's.
  const relay = Object.fromEntries(
    Object.entries(RELAY_POLICY).map(([name, value]) => [name, name === "gapsOfPatience" ? value : value / 1000]),
  ) as unknown as RelayPolicy;
  const context = { client, identity: {}, log: (message: string) => said.push(message), budget, process: new EngineProcess({ relay }) };
  await expect(runJoinedWait(ZONE_CHANGES, ZONE, { id: "7", status: "pending" }, context)).resolves.toBeUndefined();
  expect(client.sent.map(({ method, path }) => `${method} ${path}`)).toEqual([`GET ${ZONE}/changes`, `GET ${ZONE}/changes`]);
  expect(budget.spent).toBe(2);
  expect(said.filter((line) => !line.startsWith("svc: waiting"))).toEqual([
    expect.stringMatching(
      /^error: svc: svc\.dns\.RecordSet z\/www A: its create spent its budget \(2 requests, from its plan\) while checking whether record changes of .* are done: they were accepted and are kept as made/,
    ),
  ]);
  expect(said.some((line) => line.startsWith("warning"))).toBe(false);
});
