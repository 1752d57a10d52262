/** The zone scenario's check of a preview (scripts/bench/zoneScenario.ts): which record sets `pulumi preview --json` changes. */
import { checkChangedPreview } from "../../scripts/bench/zoneScenario";

const URN = "urn:pulumi:s::svc-dns-zone-records";
const hosts = (count: number, changed: number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`host-${i} A`, `300 ${i < changed ? "203.0.113" : "198.51.0"}.${i}`]));

/** A preview as the engine writes it: the zone `same`, the ZoneRecords step with the state's and the program's inputs. */
const preview = (before: Record<string, string>, after: Record<string, string>, zoneOp = "same"): string =>
  JSON.stringify({
    steps: [
      { op: zoneOp, urn: `${URN}::pulumi-nodejs:dynamic/dns:ManagedZone::zone` },
      {
        op: "update",
        urn: `${URN}::pulumi-nodejs:dynamic/dns:ZoneRecords::records`,
        oldState: { inputs: { records: before } },
        newState: { inputs: { records: after } },
      },
    ],
  });

it("holds when the preview changes exactly host-0 A ... host-9 A", () => {
  const check = checkChangedPreview(preview(hosts(30, 0), hosts(30, 10)));
  expect(check).toEqual({ ok: true, says: expect.stringContaining("10 record sets") });
  expect(check.says).toContain("host-0 A, host-1 A");
});

it("fails when the preview names one set more, one fewer, or another resource's change", () => {
  expect(checkChangedPreview(preview(hosts(30, 0), hosts(30, 11))).ok).toBe(false);
  expect(checkChangedPreview(preview(hosts(30, 0), hosts(30, 9))).ok).toBe(false);
  const added = { ...hosts(30, 10), "extra TXT": '300 "x"' };
  expect(checkChangedPreview(preview(hosts(30, 0), added))).toEqual({ ok: false, says: expect.stringContaining("extra TXT") });
  expect(checkChangedPreview(preview(hosts(30, 0), hosts(30, 10), "update")).says).toMatch(/update zone.*NOT exactly/);
});
