/**
 * The report as Markdown for a pull-request comment: a summary, the warnings, a table of the
 * changes, then each resource's properties and requests, collapsed when long. The order is
 * the report's (stable); no ANSI escapes, no HTML but <details>.
 */
import { queryString } from "../../provider/http/query";
import { criticalWords, givenWords, MINIMUM_MANAGED } from "./limits";
import type { LimitsReport, PlannedRequest, PlanReport, ResourceChange } from "./schema";

/** A resource's details take more lines than this: they are collapsed. */
export const COLLAPSE_LINES = 10;
/** A value longer than this is cut in tables (the JSON output has it whole). */
const VALUE_LIMIT = 160;

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

const WORDS: Record<ResourceChange["operation"], string> = {
  create: "create",
  adopt: "adopt by import",
  update: "update in place",
  replace: "replace",
  delete: "delete",
  read: "read",
};

/** Inline code that survives any content: a fence longer than any run of backticks inside, table pipes escaped. */
function code(text: string): string {
  const clean = text.replace(ANSI, "").replace(/\r?\n/g, " ");
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  const padded = clean.startsWith("`") || clean.endsWith("`") ? ` ${clean} ` : clean;
  return `${fence}${padded}${fence}`.replace(/\|/g, "\\|");
}

function value(shown: unknown, present: boolean): string {
  if (!present) return "_(not set)_";
  const text = JSON.stringify(shown) ?? "undefined";
  return code(text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT - 1)}…` : text);
}

function plain(text: string): string {
  return text.replace(ANSI, "").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

export function requestLine(request: PlannedRequest): string {
  const query = request.query === undefined ? "" : `?${queryString(request.query)}`;
  const headers = Object.entries(request.headers ?? {})
    .map(([name, header]) => ` ${code(`${name}: ${header}`)}`)
    .join("");
  const body = request.body === undefined ? "" : ` body ${code(JSON.stringify(request.body))}`;
  const note = request.note === undefined ? "" : ` — ${plain(request.note)}`;
  const onlyIf = request.onlyIf === undefined ? "" : ` (only if ${plain(request.onlyIf)})`;
  return `${code(`${request.method} ${request.path}${query}`)}${headers}${body}${note}${onlyIf}`;
}

function details(change: ResourceChange): string[] {
  const lines: string[] = [];
  const creating = change.operation === "create" || change.operation === "adopt";
  if (creating && change.properties.length > 0) {
    lines.push("| property | value |", "|---|---|");
    for (const property of change.properties) lines.push(`| ${code(property.property)} | ${value(property.new, "new" in property)} |`);
    lines.push("");
  } else if (change.properties.length > 0) {
    lines.push("| property | old | new |", "|---|---|---|");
    for (const property of change.properties) {
      const forced = property.forcesReplacement ? " (forces replacement)" : "";
      lines.push(`| ${code(property.property)}${forced} | ${value(property.old, "old" in property)} | ${value(property.new, "new" in property)} |`);
    }
    lines.push("");
  }
  if (change.requests.length > 0) {
    lines.push("Requests `up` sends:", "");
    change.requests.forEach((request, index) => lines.push(`${index + 1}. ${requestLine(request)}`));
  } else {
    lines.push("No API request.");
  }
  return lines;
}

function section(change: ResourceChange): string[] {
  const title = `${code(change.type)} **${plain(change.name)}**: ${plain(change.words)}`;
  const body = details(change);
  if (body.length <= COLLAPSE_LINES) return [`#### ${title}`, "", ...body, ""];
  return [`<details><summary>${title}</summary>`, "", ...body, "", "</details>", ""];
}

function counts(report: PlanReport): string {
  const parts = Object.entries(report.summary.operations)
    .filter(([, count]) => count > 0)
    .map(([operation, count]) => `${count} ${WORDS[operation as ResourceChange["operation"]]}`);
  return parts.length === 0 ? "no changes" : parts.join(", ");
}

function requestCount({ requests, requestsAtMost, statusChecks }: PlanReport["summary"]): string {
  const checks =
    statusChecks === 0
      ? ""
      : `, ${statusChecks} of them ${statusChecks === 1 ? "a status check" : "status checks"} of work the service finishes after answering (one per wait; more are sent while it is pending)`;
  if (requestsAtMost === requests) return `${requests} API request${requests === 1 ? "" : "s"} expected${checks}`;
  return `${requests} to ${requestsAtMost} API requests expected (the fewer when \`up\` runs a zone's record-set writes together)${checks}`;
}

/** The limits passed (or that none is), each zone's shares, and the critical record sets no flag stops. */
function limitLines(limits: LimitsReport): string[] {
  const lines =
    limits.exceeded.length > 0
      ? ["> [!CAUTION]", "> **Past the limits** (svc-plan exits 2):", ...limits.exceeded.map((limit) => `> - ${plain(limit.words)}`), ""]
      : [`Within the limits: ${plain(givenWords(limits.given))}.`, ""];
  if (limits.zones.length > 0) {
    lines.push("| zone | managed record sets | deleted | updated | added |", "|---|---|---|---|---|");
    for (const zone of limits.zones) {
      const where = `${code(zone.zone)} (${zone.dnsName === undefined ? "" : `${plain(zone.dnsName)}, `}project ${code(zone.project)})`;
      const managed = `${zone.managed}${zone.sharesApply ? "" : ` (fewer than ${MINIMUM_MANAGED}: no share limit)`}`;
      lines.push(`| ${where} | ${managed} | ${zone.deletions} (${zone.deletePercent}%) | ${zone.updates} (${zone.updatePercent}%) | ${zone.additions} |`);
    }
    lines.push("");
  }
  if (!limits.given.critical && limits.critical.length > 0) {
    lines.push("Critical record sets the run changes or deletes (`--fail-on critical` stops them):", "");
    lines.push(...limits.critical.map((set) => `- ${plain(criticalWords(set, false))}`), "");
  }
  return lines;
}

export function renderMarkdown(report: PlanReport): string {
  const { summary } = report;
  const lines = [`### svc-plan${report.stack === undefined ? "" : `: stack ${code(report.stack)}`}`, ""];
  lines.push(
    `**${counts(report)}**; ${summary.unchanged} unchanged; ${requestCount(summary)}` +
      (summary.otherChanges > 0 ? `; ${summary.otherChanges} other change${summary.otherChanges === 1 ? "" : "s"} not described here` : "") +
      ".",
    "",
  );
  for (const zone of summary.zoneChanges) lines.push(`- ${plain(zone.words)}`);
  if (summary.zoneChanges.length > 0) lines.push("");
  if (report.limits !== undefined) lines.push(...limitLines(report.limits));
  if (report.warnings.length > 0) {
    lines.push("> [!WARNING]", ...report.warnings.map((warning) => `> - ${plain(warning.message)}`), "");
  }
  if (report.resources.length === 0) return `${lines.join("\n").trimEnd()}\n`;
  lines.push("| resource | operation | changed properties |", "|---|---|---|");
  for (const change of report.resources) {
    const names = change.properties.map((property) => code(property.property) + (property.forcesReplacement ? " (replaces)" : "")).join(", ");
    lines.push(
      `| ${code(change.type)} ${plain(change.name)} | ${WORDS[change.operation]}${change.deleteFirst ? " (delete first)" : ""} | ${change.operation === "update" || change.operation === "replace" ? names : ""} |`,
    );
  }
  lines.push("");
  for (const change of report.resources) lines.push(...section(change));
  return `${lines.join("\n").trimEnd()}\n`;
}
