/**
 * svc-plan: a pull-request report of a Pulumi preview of pulumi-svc resources.
 *
 *   svc-plan [--stack S] [--cwd DIR]     runs `pulumi preview --json` for the stack
 *   svc-plan --file preview.json | -     reads that JSON from a file or stdin
 *   --json            the report as JSON (its schema: dist/tools/plan/report.schema.json)
 *   --out FILE        write the report to FILE instead of stdout
 *   --fail-on ops     exit 2 when the plan has any of these operations (create,adopt,update,replace,delete), or critical
 *   --max-delete-percent P, --max-update-percent P, --max-changes N   exit 2 past these blast-radius limits
 *
 * No API request is sent: like `preview`, it works from the state and the program.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { anyLimit, type Limits } from "./limits";
import { renderMarkdown } from "./markdown";
import { readPreviewFile, runPreview } from "./preview";
import { buildReport } from "./report";
import { OPERATIONS, type Operation, type PlanReport } from "./schema";

export const USAGE =
  "usage: svc-plan [--stack <stack>] [--cwd <dir>] [--file <preview.json>|-] [--json] [--out <file>] [--fail-on replace,delete,critical] " +
  "[--max-delete-percent <P>] [--max-update-percent <P>] [--max-changes <N>]";

const HELP = `${USAGE}

Explains a pulumi preview of pulumi-svc resources for a pull-request review: each resource's
changed properties (old and new values, secrets hidden), whether it is updated in place or
replaced and why, and the API requests up will send. No API request is made.

  --stack, -s <stack>   run \`pulumi preview --json\` on this stack (default: the current one)
  --cwd, -C <dir>       the Pulumi project's folder (default: this one)
  --file, -f <file>|-   read a saved \`pulumi preview --json\` output instead of running one
  --json                the report as JSON (schema: pulumi-svc/dist/tools/plan/report.schema.json)
  --out, -o <file>      write the report there instead of standard output
  --fail-on <ops>       exit 2 when the plan has any of these operations (e.g. replace,delete), or with
                        critical, when it changes or deletes an apex NS or SOA, a delegation's NS, a DS, MX or CAA set

Blast-radius limits (exit 2 past one; the report names the zone, the share and the limit):
  --max-delete-percent <P>   a zone's record sets the run deletes, in percent of those the stack manages there
  --max-update-percent <P>   the same for record sets changed in place (both only in zones of 10 or more)
  --max-changes <N>          record sets the run adds, changes or deletes, in all zones
A share needs the record sets the run leaves alone: svc-plan runs the preview with --show-sames; a --file
must be the output of \`pulumi preview --json --show-sames\`.

Examples:
  svc-plan --stack dev > plan.md
  pulumi preview --json --stack prod | svc-plan --file - --fail-on replace,delete
  svc-plan --stack prod --max-delete-percent 30 --max-update-percent 30 --fail-on critical`;

/** A word of --fail-on: an operation, or `critical` (a critical record set changed or deleted). */
export type FailOn = Operation | "critical";

/** The words of --fail-on, refused when one is neither an operation nor `critical`. */
export function failOnOperations(text: string | undefined): FailOn[] {
  if (text === undefined || text.trim() === "") return [];
  return text.split(",").map((word) => {
    const operation = word.trim();
    if (operation !== "critical" && !(OPERATIONS as readonly string[]).includes(operation)) {
      throw new Error(`--fail-on: ${JSON.stringify(operation)} is not an operation; give a comma-separated list of ${OPERATIONS.join(", ")}, or critical`);
    }
    return operation as FailOn;
  });
}

/** The words of --fail-on the report hits: its operations, and `critical` when a critical record set changes. */
export function failing(report: PlanReport, words: readonly FailOn[]): FailOn[] {
  return words.filter((word) => (word === "critical" ? (report.limits?.critical.length ?? 0) > 0 : report.summary.operations[word] > 0));
}

/** A flag's number, refused unless it is one in range (a percentage, or a whole count). */
function limitValue(flag: string, text: string | undefined, kind: "percent" | "count"): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (kind === "percent" && (text.trim() === "" || !Number.isFinite(value) || value < 0 || value > 100)) {
    throw new Error(`${flag}: ${JSON.stringify(text)} is not a percentage; give a number from 0 to 100, e.g. 30`);
  }
  if (kind === "count" && (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value))) {
    throw new Error(`${flag}: ${JSON.stringify(text)} is not a count; give a whole number of record-set changes, e.g. 50`);
  }
  return value;
}

export async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      stack: { type: "string", short: "s" },
      cwd: { type: "string", short: "C" },
      file: { type: "string", short: "f" },
      json: { type: "boolean", default: false },
      out: { type: "string", short: "o" },
      "fail-on": { type: "string" },
      "max-delete-percent": { type: "string" },
      "max-update-percent": { type: "string" },
      "max-changes": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const failOn = failOnOperations(values["fail-on"]);
  const limits: Limits = {
    maxDeletePercent: limitValue("--max-delete-percent", values["max-delete-percent"], "percent"),
    maxUpdatePercent: limitValue("--max-update-percent", values["max-update-percent"], "percent"),
    maxChanges: limitValue("--max-changes", values["max-changes"], "count"),
    critical: failOn.includes("critical"),
  };
  const showSames = limits.maxDeletePercent !== undefined || limits.maxUpdatePercent !== undefined;
  const preview = values.file === undefined ? await runPreview({ stack: values.stack, cwd: values.cwd, showSames }) : readPreviewFile(values.file);
  const report = buildReport(preview, values.stack, limits);
  const text = values.json ? `${JSON.stringify(report, null, 2)}\n` : renderMarkdown(report);
  if (values.out === undefined) process.stdout.write(text);
  else writeFileSync(values.out, text);
  const hits = failing(
    report,
    failOn.filter((word) => word !== "critical"),
  );
  if (hits.length > 0) {
    process.stderr.write(`svc-plan: the plan has ${hits.join(", ")} (--fail-on ${failOn.join(",")})\n`);
  }
  const exceeded = anyLimit(limits) ? (report.limits?.exceeded ?? []) : [];
  if (exceeded.length > 0) {
    process.stderr.write(`svc-plan: past the limits:\n${exceeded.map((limit) => `  - ${limit.words}\n`).join("")}`);
  }
  return hits.length > 0 || exceeded.length > 0 ? 2 : 0;
}
