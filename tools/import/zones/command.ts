/**
 * `svc-import --from-zone-file FILE --zone NAME` and `svc-import --from-octodns FILE --zone NAME`:
 * a zone moved in from a zone file or octoDNS. Reads the file (each problem named by its line,
 * before any request), lists the live zone once (its DNS name, what the file is compared with),
 * and writes the program in the stack's language and the import file for `pulumi import --file`,
 * saying what it left out and how the file differs from the live zone. A file with nothing to
 * import, or a problem, writes nothing.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { zoneName } from "../../../provider/apis/dns/names";
import { defaultProject, MissingSettingError, settingNames } from "../../../provider/config";
import { ApiError } from "../../../provider/http/answer";
import { ProviderRuntime } from "../../../provider/runtime";
import { LANGUAGES, PROGRAM_FILES, programIn, sdkName, type Language } from "../languages";
import { importFile } from "../program";
import { joinStep, stackLanguage } from "../terraform/command";
import { fromFile, GATHERS, type FromFile } from "./fromFile";
import { listZone } from "./live";
import { readOctodns } from "./octodns";
import { SourceError, type SourceFile } from "./source";
import { readZoneFile } from "./zoneFile";

export const ZONE_FILE_USAGE = [
  "Usage: svc-import --from-zone-file FILE --zone NAME [--project ID] [--language LANGUAGE] [--out-dir DIR] [--record-sets] [--json]",
  "       svc-import --from-octodns FILE --zone NAME [the same flags]",
  "",
  "Reads a zone's record sets from FILE: an RFC 1035 master file ($ORIGIN, $TTL as RFC 2308 says, @, relative and absolute",
  "names, parentheses over lines, quoted strings with escapes, comments; $INCLUDE is refused), or an octoDNS zone file (the",
  "YamlProvider's <zone>.yaml: '' the apex, value or values, a record without ttl has octoDNS's 3600). Lists the managed zone",
  "NAME once (one request per 1,000 record sets: its DNS name, and what the file is compared with), then writes into DIR",
  "import.json for `pulumi import --file` and the program: the file's record sets as one svc.dns.ZoneRecords (names relative",
  "to the zone, each set's TTL). The zone's own apex SOA and NS, and other tools' sets and ownership markers, are left out,",
  "saying why. Lists each record set in the file but not live, live but not in the file, and in both but different: what",
  "the first preview after the import shows. A problem in the file fails naming its line, and nothing is written.",
  "",
  "  --zone NAME          the managed zone's name (as `svc.dns.ManagedZone` names it, not its DNS name)",
  "  --project ID         the zone's project (default: SVC_PROJECT)",
  "  --language LANGUAGE  typescript (pulumi-svc/plugin), python, yaml, or typescript-dynamic (the dynamic SDK, with { import }:",
  "                       `pulumi up` adopts). Default: the runtime of ./Pulumi.yaml.",
  "  --out-dir DIR        where import.json and the program go (default: the current folder)",
  `  --${GATHERS.apartFlag}        a svc.dns.RecordSet per record set instead (one the live zone lacks is made by the next \`up\`);`,
  `                       --${GATHERS.flag}, the default, writes the one ZoneRecords`,
  "  --json               print what was written, left out and compared as JSON instead of the summary",
  "  --emulator-url URL   every API at one emulator (sets SVC_EMULATOR_URL)",
  "  --base-url URL       the DNS API's base URL (sets SVC_DNS_BASE_URL)",
].join("\n");

type Format = "zone-file" | "octodns";
const READERS: Readonly<Record<Format, (text: string) => SourceFile>> = { "zone-file": readZoneFile, octodns: readOctodns };

/** What the differences come to on the way this language adopts, in each form. */
function consequences(language: Language, apart: boolean): { fileOnly: string; liveOnly: string; different: string } {
  if (language === "typescript-dynamic")
    return {
      fileOnly: "the adopting `up` makes them",
      liveOnly: `left alone (${apart ? "no resource names them" : "the ZoneRecords is not exclusive"})`,
      different: "the adopting `up` changes them to the file's",
    };
  return apart
    ? {
        fileOnly: "not in import.json: the next `up` makes them",
        liveOnly: "left alone (no resource names them)",
        different: "the import takes the live ones; the first preview changes them to the file's",
      }
    : {
        fileOnly: "the first preview after the import adds them",
        liveOnly: "the import takes them into the ZoneRecords' state: the first preview deletes them unless the program names them",
        different: "the import takes the live ones; the first preview changes them to the file's",
      };
}

function summary(result: FromFile, facts: { source: string; zone: string; dnsName: string; language: Language; apart: boolean; files: string[] }): string[] {
  const { comparison } = result;
  const form = facts.apart ? `${result.objects.length} svc.dns.RecordSet` : "one svc.dns.ZoneRecords";
  const lines = [
    `svc-import: ${result.sets.length} record sets of ${facts.source} for the zone ${facts.zone} (${facts.dnsName}), as ${form}; wrote ${facts.files.join(" and ")}.`,
    `svc-import: compared with the live zone: ${comparison.same} the same, ${comparison.fileOnly.length} in the file only, ` +
      `${comparison.liveOnly.length} live only, ${comparison.different.length} different.`,
  ];
  const words = consequences(facts.language, facts.apart);
  const at = (line: number | undefined): string => (line === undefined ? "" : ` (line ${line})`);
  if (comparison.fileOnly.length > 0)
    lines.push(`  in the file, not live (${words.fileOnly}):`, ...comparison.fileOnly.map((set) => `    ${set.set}${at(set.line)}: ${set.file ?? ""}`));
  if (comparison.liveOnly.length > 0)
    lines.push(`  live, not in the file (${words.liveOnly}):`, ...comparison.liveOnly.map((set) => `    ${set.set}: ${set.live ?? ""}`));
  if (comparison.different.length > 0)
    lines.push(
      `  different (${words.different}):`,
      ...comparison.different.map((set) => `    ${set.set}${at(set.line)}: file ${set.file ?? ""}; live ${set.live ?? ""}`),
    );
  if (result.leftOut.length > 0)
    lines.push(`svc-import: left out (${result.leftOut.length}):`, ...result.leftOut.map((left) => `  ${left.set}${at(left.line)}: ${left.reason}`));
  return lines;
}

function nextSteps(language: Language, outDir: string, result: FromFile): string[] {
  const { comparison } = result;
  const differs = comparison.fileOnly.length + comparison.liveOnly.length + comparison.different.length > 0;
  const steps = [joinStep(language, path.join(outDir, PROGRAM_FILES[language]))];
  if (language === "typescript-dynamic")
    steps.push("pulumi up                  # adopts by the import option" + (differs ? "; writes what differs, as listed" : ": no write"));
  else steps.push(`pulumi import --file ${path.join(outDir, "import.json")} --generate-code=false   # reads, writes nothing`);
  steps.push(`pulumi preview             # ${differs ? "the differences listed above" : "no change"}`);
  return steps.map((step, index) => `${index + 1}. ${step}`);
}

type Values = Record<string, string | boolean | undefined>;

function flagsOf(argv: readonly string[]): Values {
  const options: Record<string, { type: "string" | "boolean" }> = {};
  for (const flag of ["from-zone-file", "from-octodns", "zone", "project", "language", "out-dir", "emulator-url", "base-url"])
    options[flag] = { type: "string" };
  for (const flag of ["json", "help", GATHERS.flag, GATHERS.apartFlag]) options[flag] = { type: "boolean" };
  return parseArgs({ args: [...argv], options, allowPositionals: false }).values;
}

/** Why the live zone could not be read, with the setting to change. */
function explain(error: unknown): string {
  if (error instanceof MissingSettingError) return error.message;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    const [configKey, envVar] = settingNames("dns").token;
    return `the DNS API refused to list the zone (${error.message}): set ${envVar} (or ${configKey}) to a token that can read it, or Google credentials with read access (see the package's docs/credentials.md)`;
  }
  return error instanceof Error ? error.message : String(error);
}

export async function zoneFileMain(argv: readonly string[]): Promise<number> {
  const fail = (words: string, status: number, usage = false): number => {
    process.stderr.write(`svc-import: ${words}\n${usage ? `\n${ZONE_FILE_USAGE}\n` : ""}`);
    return status;
  };
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${ZONE_FILE_USAGE}\n`);
    return 0;
  }
  let values: Values;
  try {
    values = flagsOf(argv);
  } catch (error) {
    return fail((error as Error).message, 2, true);
  }
  const given = (["zone-file", "octodns"] as const).filter((format) => typeof values[`from-${format}`] === "string");
  if (given.length !== 1) return fail("give one of --from-zone-file FILE and --from-octodns FILE", 2, true);
  const format = given[0] as Format;
  const source = values[`from-${format}`] as string;
  const zone = values["zone"];
  if (typeof zone !== "string") return fail(`--from-${format} needs --zone NAME, the managed zone's name`, 2, true);
  const checkedZone = zoneName.safeParse(zone);
  if (!checkedZone.success) return fail(`--zone ${checkedZone.error.issues[0]?.message ?? ""}`, 2);
  if (values[GATHERS.flag] === true && values[GATHERS.apartFlag] === true)
    return fail(`--${GATHERS.flag} and --${GATHERS.apartFlag} choose opposite forms: give one of them, or neither`, 2);
  const apart = values[GATHERS.apartFlag] === true;
  const language = (values["language"] ?? stackLanguage()) as Language | undefined;
  if (language === undefined || !LANGUAGES.includes(language))
    return fail(
      `--language is one of ${LANGUAGES.join(", ")}${values["language"] === undefined ? " (there is no Pulumi.yaml here to take the stack's language from)" : `; got ${JSON.stringify(values["language"])}`}`,
      2,
    );
  if (typeof values["emulator-url"] === "string") process.env["SVC_EMULATOR_URL"] = values["emulator-url"];
  if (typeof values["base-url"] === "string") process.env[settingNames("dns").baseUrl[1]] = values["base-url"];
  const runtime = new ProviderRuntime();
  const project = typeof values["project"] === "string" ? values["project"] : defaultProject(runtime.settings);
  if (project === undefined) return fail("give --project ID (or set SVC_PROJECT): the project of the zone", 2);
  let text: string;
  try {
    text = readFileSync(source, "utf8");
  } catch (error) {
    return fail(`cannot read ${source}: ${(error as Error).message}`, 1);
  }
  const at = (error: unknown): number => {
    if (error instanceof SourceError) return fail(`${source}:${error.line}: ${error.message}; wrote no file.`, 1);
    throw error;
  };
  let file: SourceFile;
  try {
    file = READERS[format](text);
  } catch (error) {
    return at(error);
  }
  let live: Awaited<ReturnType<typeof listZone>>;
  try {
    live = await listZone(runtime, project, zone);
  } catch (error) {
    return fail(explain(error), 1);
  }
  if (live === undefined) return fail(`the project ${project} has no managed zone ${zone}: svc-import moves a file's records into a zone that exists`, 1);
  let result: FromFile;
  try {
    result = fromFile(file, live, { project, zone, source: path.basename(source) }, apart);
  } catch (error) {
    return at(error);
  }
  if (result.objects.length === 0) {
    const left = result.leftOut.map((entry) => `\n  ${entry.set} (line ${entry.line}): ${entry.reason}`).join("");
    return fail(`nothing to import: ${source} holds no record set svc-import can adopt; wrote no file.${left}`, 1);
  }
  const outDir = typeof values["out-dir"] === "string" ? values["out-dir"] : ".";
  mkdirSync(outDir, { recursive: true });
  const comparison = result.comparison;
  const header = [
    `Written by svc-import (pulumi-svc) from ${path.basename(source)}: ${result.sets.length} record sets of the zone ${zone} (${live.dnsName}).`,
    language === "typescript-dynamic"
      ? "Each object is adopted by its `import` option on the next `pulumi up`."
      : "Adopt them with `pulumi import --file import.json --generate-code=false` (it reads, and writes nothing); then `pulumi preview`.",
    `Compared with the live zone when written: ${comparison.same} the same, ${comparison.fileOnly.length} in the file only, ` +
      `${comparison.liveOnly.length} live only, ${comparison.different.length} different (svc-import's output lists them).`,
    ...result.leftOut.map((left) => `Left out: ${left.set} (line ${left.line}): ${left.reason}.`),
  ];
  const files = [PROGRAM_FILES[language]];
  writeFileSync(path.join(outDir, PROGRAM_FILES[language]), programIn(language, result.objects, header));
  if (language !== "typescript-dynamic") {
    writeFileSync(path.join(outDir, "import.json"), `${JSON.stringify(importFile(result.objects.filter((object) => object.create !== true)), null, 2)}\n`);
    files.unshift("import.json");
  }
  const written = files.map((name) => path.join(outDir, name));
  // The sets were checked as `check` checks them; what a read of them would still change is said, as `svc-import dns` says it.
  for (const { found } of result.objects)
    if (found.drift.length > 0)
      process.stderr.write(`svc-import: warning: ${sdkName(found.declaration)} ${found.id} would still change ${found.drift.join(", ")} after adoption\n`);
  if (values["json"] === true) {
    const report = {
      source: { file: source, format },
      zone: { project, name: zone, dnsName: live.dnsName },
      resources: result.objects.map(({ found, variable, create }) => ({
        type: sdkName(found.declaration),
        name: variable,
        id: found.id,
        imported: create !== true,
      })),
      recordSets: result.sets.length,
      leftOut: result.leftOut,
      comparison,
      files: written,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const lines = summary(result, { source, zone, dnsName: live.dnsName, language, apart, files: written });
  lines.push("Next:", ...nextSteps(language, outDir, result).map((step) => `  ${step}`));
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
