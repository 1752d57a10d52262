/**
 * svc-plan's blast-radius limits on recorded `pulumi preview --json --show-sames` output of a
 * held-out zone of 40 record sets (examples/dns-many-records: a RecordSet per set;
 * examples/dns-zone-records: one ZoneRecords): past a limit the exit code is 2 and the Markdown and
 * the JSON name the zone, the share, the limit and each critical record set.
 */
import Ajv2020 from "ajv/dist/2020";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../tools/plan/cli";
import { renderMarkdown } from "../../tools/plan/markdown";
import { parsePreview, runPreview, type PreviewJson, type PreviewStep } from "../../tools/plan/preview";
import { buildReport } from "../../tools/plan/report";
import { reportJsonSchema, type PlanReport } from "../../tools/plan/schema";

const FIXTURES = path.join(__dirname, "fixtures");
const fixture = (name: string): string => path.join(FIXTURES, `planLimits.${name}.preview.json`);
const read = (name: string): PreviewJson => parsePreview(readFileSync(fixture(name), "utf8"), name);
const folder = mkdtempSync(path.join(os.tmpdir(), "svc-plan-limits-"));

/** A preview written where svc-plan reads it, and svc-plan run on it: the exit code, the Markdown, the JSON and what it says on stderr. */
async function svcPlan(
  preview: PreviewJson | string,
  args: readonly string[],
): Promise<{ code: number; markdown: string; report: PlanReport; stderr: string }> {
  const file = typeof preview === "string" ? fixture(preview) : path.join(folder, `preview-${Math.random().toString(36).slice(2)}.json`);
  if (typeof preview !== "string") writeFileSync(file, JSON.stringify(preview));
  const markdownFile = path.join(folder, "plan.md");
  const jsonFile = path.join(folder, "plan.json");
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    const code = await main(["--file", file, "--out", markdownFile, ...args]);
    const jsonCode = await main(["--file", file, "--json", "--out", jsonFile, ...args]);
    expect(jsonCode).toBe(code);
    const said = stderr.mock.calls.map(([chunk]) => String(chunk)).join("");
    return { code, markdown: readFileSync(markdownFile, "utf8"), report: JSON.parse(readFileSync(jsonFile, "utf8")) as PlanReport, stderr: said };
  } finally {
    stderr.mockRestore();
  }
}

/** The recorded RecordSet step of `host`, turned into a change of another record set in the shape the preview gives it. */
function retyped(preview: PreviewJson, host: string, op: "update" | "delete", set: { name: string; type: string; old: string[]; new?: string[] }): void {
  const step = preview.steps.find((each) => each.urn.endsWith(`::${host}`));
  if (step?.oldState?.inputs === undefined || step.oldState.outputs === undefined || step.newState?.inputs === undefined)
    throw new Error(`no same step of ${host}`);
  const old = { name: set.name, type: set.type, rrdatas: set.old };
  Object.assign(step.oldState.inputs, old);
  Object.assign(step.oldState.outputs, old);
  step.op = op;
  if (op === "delete") delete (step as Partial<PreviewStep>).newState;
  else Object.assign(step.newState.inputs, { name: set.name, type: set.type, rrdatas: set.new });
  const summary = preview.changeSummary ?? {};
  summary["same"] = (summary["same"] ?? 0) - 1;
  summary[op] = (summary[op] ?? 0) + 1;
}

describe("--max-delete-percent: the share of a zone's managed record sets the run deletes", () => {
  for (const stack of ["recordSets", "zoneRecords.delete"]) {
    it(`a run deleting 13 of the zone's 40 exits 2 with 30 and 0 with 40 (${stack})`, async () => {
      const past = await svcPlan(stack, ["--max-delete-percent", "30"]);
      expect(past.code).toBe(2);
      const zone = past.report.limits?.zones.find((each) => each.zone === "held-out");
      expect(zone).toMatchObject({ zone: "held-out", dnsName: "held-out.example.", managed: 40, deletions: 13, updates: 0, deletePercent: 32.5 });
      expect(past.report.limits?.exceeded).toEqual([expect.objectContaining({ limit: "max-delete-percent", zone: "held-out", actual: 32.5, allowed: 30 })]);
      expect(past.markdown).toContain(
        "zone held-out (held-out.example., project " +
          `${zone?.project}): the run deletes 13 of its 40 managed record sets (32.5%), more than --max-delete-percent 30`,
      );
      expect(past.markdown).toContain(`| \`held-out\` (held-out.example., project \`${zone?.project}\`) | 40 | 13 (32.5%) | 0 (0%) | 0 |`);
      expect(past.stderr).toContain("more than --max-delete-percent 30");

      const within = await svcPlan(stack, ["--max-delete-percent", "40"]);
      expect(within.code).toBe(0);
      expect(within.report.limits?.exceeded).toEqual([]);
      expect(within.markdown).toContain("Within the limits: --max-delete-percent 40.");
    });
  }

  it("counts the zone's unchanged record sets from the preview's same steps, and refuses a preview that leaves them out", async () => {
    const plain = read("recordSets");
    plain.steps = plain.steps.filter((step) => step.op !== "same" || step.urn.includes("pulumi:pulumi:Stack"));
    expect(() => buildReport(plain, undefined, { maxDeletePercent: 30 })).toThrow(
      "--max-delete-percent needs every record set the stack manages, and this preview leaves out the 28 resources it does not change: " +
        "give the output of `pulumi preview --json --show-sames` (svc-plan adds --show-sames when it runs the preview itself)",
    );
    // Counts and critical sets need only what changes.
    expect(buildReport(plain, undefined, { maxChanges: 20 }).limits?.recordSetChanges).toBe(13);
  });

  it("applies no share to a zone of fewer than 10 managed record sets", async () => {
    const small = read("recordSets");
    const dropped = small.steps.filter((step) => step.op === "same" && step.urn.includes(":RecordSet::")).slice(0, 22);
    small.steps = small.steps.filter((step) => !dropped.includes(step));
    if (small.changeSummary !== undefined) small.changeSummary["same"] = (small.changeSummary["same"] ?? 0) - dropped.length;
    // 5 left as they are and 13 deleted: 18 managed.
    expect((await svcPlan(small, ["--max-delete-percent", "30"])).code).toBe(2);
    small.steps = small.steps.filter((step) => step.op !== "delete" || !/::host-(2[7-9]|3[0-4])$/.test(step.urn));
    if (small.changeSummary !== undefined) small.changeSummary["delete"] = 5;
    // 5 left as they are and 5 deleted: 10 managed, 50%.
    expect((await svcPlan(small, ["--max-delete-percent", "30"])).code).toBe(2);
    small.steps = small.steps.filter((step) => !step.urn.endsWith("::host-35"));
    if (small.changeSummary !== undefined) small.changeSummary["delete"] = 4;
    const nine = await svcPlan(small, ["--max-delete-percent", "30"]);
    expect(nine.code).toBe(0);
    expect(nine.report.limits?.zones[0]).toMatchObject({ managed: 9, deletions: 4, sharesApply: false });
    expect(nine.markdown).toContain("| 9 (fewer than 10: no share limit) | 4 (44.4%) | 0 (0%) | 0 |");
  });
});

describe("--max-update-percent: the share of a zone's managed record sets the run changes", () => {
  it("13 of the ZoneRecords' 40 sets pointed elsewhere exit 2 with 30 and 0 with 40", async () => {
    const past = await svcPlan("zoneRecords.update", ["--max-update-percent", "30"]);
    expect(past.code).toBe(2);
    expect(past.report.limits?.exceeded).toEqual([
      expect.objectContaining({ limit: "max-update-percent", zone: "held-out", project: "zone-records-project", actual: 32.5, allowed: 30 }),
    ]);
    expect(past.markdown).toContain(
      "zone held-out (held-out.example., project zone-records-project): the run changes 13 of its 40 managed record sets (32.5%), more than --max-update-percent 30",
    );
    expect((await svcPlan("zoneRecords.update", ["--max-update-percent", "40"])).code).toBe(0);
    // A deletion is no update.
    expect((await svcPlan("zoneRecords.delete", ["--max-update-percent", "0"])).code).toBe(0);
  });
});

describe("--max-changes: the record-set changes of the whole run", () => {
  it("13 deletions exit 2 with 12 and 0 with 13", async () => {
    const past = await svcPlan("recordSets", ["--max-changes", "12"]);
    expect(past.code).toBe(2);
    expect(past.report.limits).toMatchObject({ recordSetChanges: 13, exceeded: [expect.objectContaining({ limit: "max-changes", actual: 13, allowed: 12 })] });
    expect(past.markdown).toContain("the run changes 13 record sets (additions, changes and deletions), more than --max-changes 12");
    expect((await svcPlan("recordSets", ["--max-changes", "13"])).code).toBe(0);
  });
});

describe("--fail-on critical: a change to or deletion of an apex NS or SOA, a delegation's NS, a DS, MX or CAA set", () => {
  it("an MX change in a ZoneRecords exits 2, naming the record set in the Markdown and the JSON", async () => {
    const past = await svcPlan("zoneRecords.mx", ["--fail-on", "critical"]);
    expect(past.code).toBe(2);
    const mx = {
      zone: "held-out",
      project: "zone-records-project",
      name: "held-out.example.",
      type: "MX",
      kind: "MX",
      change: "update",
      property: 'records["@ MX"]',
      resource: "svc.dns.ZoneRecords records",
      urn: "urn:pulumi:limits::svc-dns-zone-records::pulumi-nodejs:dynamic/dns:ZoneRecords::records",
    };
    expect(past.report.limits?.critical).toEqual([mx]);
    expect(past.report.limits?.exceeded).toEqual([expect.objectContaining({ limit: "critical", zone: "held-out", recordSet: mx })]);
    expect(past.markdown).toContain(
      'held-out.example. MX in zone held-out (project zone-records-project) is changed, an MX set (--fail-on critical): svc.dns.ZoneRecords records, records["@ MX"]',
    );
    expect(past.stderr).toContain("(--fail-on critical)");
    const without = await svcPlan("zoneRecords.mx", ["--fail-on", "replace,delete"]);
    expect(without.code).toBe(0);
  });

  it("an MX change among RecordSets exits 2; so do an apex NS deletion and a delegation's NS change, told apart by the zone's DNS name", async () => {
    const preview = read("recordSets");
    retyped(preview, "host-0", "update", { name: "held-out.example.", type: "MX", old: ["10 mail.held-out.example."], new: ["10 mx.elsewhere.example."] });
    const mx = await svcPlan(preview, ["--fail-on", "critical"]);
    expect(mx.code).toBe(2);
    expect(mx.report.limits?.critical.map((set) => `${set.change} ${set.name} ${set.type} ${set.kind}`)).toEqual(["update held-out.example. MX MX"]);
    expect(mx.markdown).toContain(
      "held-out.example. MX in zone held-out (project e2e-project) is changed, an MX set (--fail-on critical): svc.dns.RecordSet host-0",
    );

    retyped(preview, "host-1", "update", { name: "sub.held-out.example.", type: "NS", old: ["ns1.sub.example."], new: ["ns2.sub.example."] });
    retyped(preview, "host-2", "delete", { name: "held-out.example.", type: "NS", old: ["ns-a.example."] });
    retyped(preview, "host-3", "update", { name: "sub.held-out.example.", type: "DS", old: ["1 13 2 AB"], new: ["2 13 2 CD"] });
    retyped(preview, "host-4", "update", { name: "held-out.example.", type: "CAA", old: ['0 issue "a.example"'], new: ['0 issue "b.example"'] });
    retyped(preview, "host-5", "update", { name: "held-out.example.", type: "TXT", old: ["a"], new: ["b"] });
    const kinds = buildReport(preview, undefined, { critical: true }).limits?.critical.map((set) => `${set.change} ${set.name} ${set.type}: ${set.kind}`);
    expect(kinds?.sort()).toEqual([
      "delete held-out.example. NS: apex NS",
      "update held-out.example. CAA: CAA",
      "update held-out.example. MX: MX",
      "update sub.held-out.example. DS: DS",
      "update sub.held-out.example. NS: delegation NS",
    ]);
  });

  it("a deleted MX set of a ZoneRecords and a delegation's NS in it are critical; an added one and a TXT change are not", () => {
    const preview = read("zoneRecords.mx");
    const step = preview.steps.find((each) => each.op === "update");
    const olds = step?.oldState?.outputs?.["records"] as Record<string, string>;
    const news = step?.newState?.inputs?.["records"] as Record<string, string>;
    olds["sub NS"] = "300 ns1.sub.example.";
    news["sub NS"] = "300 ns2.sub.example.";
    delete news["@ CAA"];
    news["@ TXT"] = "300 v=spf1 -all";
    news["new MX"] = "300 10 mx.new.example.";
    const critical = buildReport(preview, undefined, { critical: true }).limits?.critical.map((set) => `${set.change} ${set.name} ${set.type}: ${set.kind}`);
    expect(critical?.sort()).toEqual([
      "delete held-out.example. CAA: CAA",
      "update held-out.example. MX: MX",
      "update sub.held-out.example. NS: delegation NS",
    ]);
  });
});

describe("the limits in the report", () => {
  it("are absent unless asked for: the report without them is as before", () => {
    expect(buildReport(read("recordSets")).limits).toBeUndefined();
  });

  it("pass the shipped JSON Schema, which refuses a share that is no number", () => {
    const report = buildReport(read("zoneRecords.mx"), "limits", { maxDeletePercent: 30, maxUpdatePercent: 30, maxChanges: 100, critical: true });
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(reportJsonSchema());
    expect(validate(JSON.parse(JSON.stringify(report)))).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
    const zones = report.limits?.zones.map((zone) => ({ ...zone, deletePercent: "a third" }));
    expect(validate({ ...report, limits: { ...report.limits, zones } })).toBe(false);
    expect(renderMarkdown(report)).toContain("> [!CAUTION]");
  });

  it("read as the excerpt of docs/svc-plan.md, word for word: 13 of a ZoneRecords' 40 sets dropped and an MX set changed", () => {
    const preview = read("zoneRecords.delete");
    const records = preview.steps.find((step) => step.op === "update")?.newState?.inputs?.["records"] as Record<string, string>;
    records["@ MX"] = "3600 10 mail.example.net.";
    const markdown = renderMarkdown(buildReport(preview, "prod", { maxDeletePercent: 30, maxUpdatePercent: 30, critical: true }));
    const excerpt = markdown.slice(markdown.indexOf("> [!CAUTION]"), markdown.indexOf("\n\n| resource |"));
    expect(excerpt.split("\n")).toHaveLength(8);
    expect(readFileSync(path.join(__dirname, "..", "..", "docs", "svc-plan.md"), "utf8")).toContain(`\`\`\`markdown\n${excerpt}\n\`\`\``);
  });

  it("refuse a limit that is not a number in range, naming the flag and the accepted form", async () => {
    await expect(main(["--file", fixture("recordSets"), "--max-delete-percent", "thirty"])).rejects.toThrow(
      '--max-delete-percent: "thirty" is not a percentage; give a number from 0 to 100, e.g. 30',
    );
    await expect(main(["--file", fixture("recordSets"), "--max-update-percent", "130"])).rejects.toThrow(
      '--max-update-percent: "130" is not a percentage; give a number from 0 to 100, e.g. 30',
    );
    await expect(main(["--file", fixture("recordSets"), "--max-changes", "1.5"])).rejects.toThrow(
      '--max-changes: "1.5" is not a count; give a whole number of record-set changes, e.g. 50',
    );
    await expect(main(["--file", fixture("recordSets"), "--fail-on", "critcal"])).rejects.toThrow(
      '--fail-on: "critcal" is not an operation; give a comma-separated list of create, adopt, update, replace, delete, read, or critical',
    );
  });
});

it("runs `pulumi preview --json --show-sames` when a share limit needs the unchanged record sets", async () => {
  const argsFile = path.join(folder, "args");
  const pulumi = path.join(folder, "pulumi");
  writeFileSync(pulumi, `#!/bin/sh\necho "$@" >> ${JSON.stringify(argsFile)}\necho '{"steps":[],"changeSummary":{}}'\n`);
  chmodSync(pulumi, 0o755);
  await runPreview({ stack: "prod", pulumi, showSames: true });
  await runPreview({ stack: "prod", pulumi });
  expect(readFileSync(argsFile, "utf8").trim().split("\n")).toEqual([
    "preview --json --non-interactive --show-sames --stack prod",
    "preview --json --non-interactive --stack prod",
  ]);
});
