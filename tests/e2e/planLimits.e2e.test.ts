/**
 * svc-plan's blast-radius limits with the real engine: a held-out zone of 40 record sets, as 40
 * RecordSets (the unchanged ones are known only from the preview's same steps, which svc-plan asks
 * for with --show-sames) and as one ZoneRecords; a change deleting 13 of them is stopped by
 * --max-delete-percent 30 and let through by 40, and an MX change by --fail-on critical.
 */
import type { PlanReport } from "../../tools/plan/schema";
import { svcPlan } from "../support/plan";
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const suite = engineSuite();

it("a RecordSet per set: deleting 13 of the zone's 40 exits 2 with --max-delete-percent 30 and 0 with 40", async () => {
  const test = suite.track(
    await openStack("dns-many-records", suite.emulator, { count: { value: "40" }, zoneName: { value: "held-out" }, domain: { value: "held-out.example." } }),
  );
  await test.stack.up();
  await test.stack.setConfig("count", { value: "27" });

  const past = await svcPlan(test, ["--max-delete-percent", "30"]);
  const words =
    "zone held-out (held-out.example., project e2e-project): the run deletes 13 of its 40 managed record sets (32.5%), more than --max-delete-percent 30";
  expect(past).toMatchObject({ code: 2, stderr: `svc-plan: past the limits:\n  - ${words}\n` });
  expect(past.stdout).toContain(`> - ${words}`);
  expect(past.stdout).toContain("| `held-out` (held-out.example., project `e2e-project`) | 40 | 13 (32.5%) | 0 (0%) | 0 |");

  const within = await svcPlan(test, ["--json", "--max-delete-percent", "40"]);
  expect(within.code).toBe(0);
  expect((JSON.parse(within.stdout) as PlanReport).limits).toMatchObject({
    zones: [{ zone: "held-out", managed: 40, deletions: 13, deletePercent: 32.5 }],
    exceeded: [],
  });
});

it("a ZoneRecords: deleting 13 of its 40 sets exits 2 with --max-delete-percent 30; an MX change exits 2 with --fail-on critical", async () => {
  const zone = { zoneName: { value: "held-out-records" }, domain: { value: "records.held-out.example." } };
  const test = suite.track(await openStack("dns-zone-records", suite.emulator, { count: { value: "35" }, ...zone }));
  await test.stack.up();
  await test.stack.setConfig("count", { value: "22" });
  const past = await svcPlan(test, ["--json", "--max-delete-percent", "30"]);
  expect(past.code).toBe(2);
  expect((JSON.parse(past.stdout) as PlanReport).limits?.exceeded).toEqual([
    expect.objectContaining({ limit: "max-delete-percent", zone: "held-out-records", actual: 32.5, allowed: 30 }),
  ]);
  expect((await svcPlan(test, ["--max-delete-percent", "40"])).code).toBe(0);

  await test.stack.setConfig("count", { value: "35" });
  const apex = {
    MX: { ttl: 3600, rrdatas: ["10 mail.example.net."] },
    TXT: { rrdatas: ["v=spf1 include:mail.example.net -all"] },
    CAA: { rrdatas: ['0 issue "letsencrypt.org"'] },
  };
  await test.stack.setConfig("extraRecords", { value: JSON.stringify({ "@": apex }) });
  const mx = await svcPlan(test, ["--fail-on", "critical"]);
  expect(mx.code).toBe(2);
  expect(mx.stdout).toContain(
    'records.held-out.example. MX in zone held-out-records (project e2e-project) is changed, an MX set (--fail-on critical): svc.dns.ZoneRecords records, records["@ MX"]',
  );
});
