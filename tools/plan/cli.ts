/**
 * svc-plan: a pull-request report of a Pulumi preview of pulumi-svc resources.
 *
 *   svc-plan [--stack S] [--cwd DIR]     runs `pulumi preview --json` for the stack
 *   svc-plan --file preview.json | -     reads that JSON from a file or stdin
 *   --json            the report as JSON (its schema: dist/tools/plan/report.schema.json)
 *   --out FILE        write the report to FILE instead of stdout
 *   --fail-on ops     exit 2 when the plan has any of these operations (create,adopt,update,replace,delete)
 *
 * No API request is sent: like `preview`, it works from the state and the program.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { renderMarkdown } from "./markdown";
import { readPreviewFile, runPreview } from "./preview";
import { buildReport } from "./report";
import { OPERATIONS, type Operation, type PlanReport } from "./schema";

export const USAGE = "usage: svc-plan [--stack <stack>] [--cwd <dir>] [--file <preview.json>|-] [--json] [--out <file>] [--fail-on replace,delete]";

const HELP = `${USAGE}

Explains a pulumi preview of pulumi-svc resources for a pull-request review: each resource's
changed properties (old and new values, secrets hidden), whether it is updated in place or
replaced and why, and the API requests up will send. No API request is made.

  --stack, -s <stack>   run \`pulumi preview --json\` on this stack (default: the current one)
  --cwd, -C <dir>       the Pulumi project's folder (default: this one)
  --file, -f <file>|-   read a saved \`pulumi preview --json\` output instead of running one
  --json                the report as JSON (schema: pulumi-svc/dist/tools/plan/report.schema.json)
  --out, -o <file>      write the report there instead of standard output
  --fail-on <ops>       exit 2 when the plan has any of these operations (e.g. replace,delete)

Examples:
  svc-plan --stack dev > plan.md
  pulumi preview --json --stack prod | svc-plan --file - --fail-on replace,delete`;

/** The operations named by --fail-on, refused when one is not an operation. */
export function failOnOperations(text: string | undefined): Operation[] {
  if (text === undefined || text.trim() === "") return [];
  return text.split(",").map((word) => {
    const operation = word.trim();
    if (!(OPERATIONS as readonly string[]).includes(operation)) {
      throw new Error(`--fail-on: ${JSON.stringify(operation)} is not an operation; give a comma-separated list of ${OPERATIONS.join(", ")}`);
    }
    return operation as Operation;
  });
}

/** The operations of the report that --fail-on names. */
export function failing(report: PlanReport, operations: readonly Operation[]): Operation[] {
  return operations.filter((operation) => report.summary.operations[operation] > 0);
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
  const preview = values.file === undefined ? await runPreview({ stack: values.stack, cwd: values.cwd }) : readPreviewFile(values.file);
  const report = buildReport(preview, values.stack);
  const text = values.json ? `${JSON.stringify(report, null, 2)}\n` : renderMarkdown(report);
  if (values.out === undefined) process.stdout.write(text);
  else writeFileSync(values.out, text);
  const hits = failing(report, failOn);
  if (hits.length > 0) {
    process.stderr.write(`svc-plan: the plan has ${hits.join(", ")} (--fail-on ${failOn.join(",")})\n`);
    return 2;
  }
  return 0;
}
