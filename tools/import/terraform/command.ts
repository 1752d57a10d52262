/**
 * `svc-import --from-terraform PATH`: the objects a Terraform state manages, adopted by Pulumi
 * without a write. Reads the state (or `terraform show -json`), writes the import file for
 * `pulumi import --file` and the program in the stack's language, and says what it left out
 * and why, and what to run next. It sends no request at all: the state holds the ids and the
 * values. A state with nothing to adopt is refused, and nothing is written.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { parse } from "yaml";
import { importFile } from "../program";
import { LANGUAGES, PROGRAM_FILES, programIn, sdkName, type Language, type ProgramObject } from "../languages";
import { fromState, indexedNote, type FromState } from "./fromState";
import { readTerraformState } from "./state";

export const TERRAFORM_USAGE = [
  "Usage: svc-import --from-terraform PATH [--language LANGUAGE] [--out-dir DIR] [--json]",
  "",
  "Reads a Terraform state (terraform.tfstate, format 4, or the output of `terraform show -json`) and writes, into",
  "DIR (default: the current folder), import.json for `pulumi import --file` and the program that declares the same",
  "objects in the stack's language, each named after its Terraform address. Sends no request: the state holds the ids.",
  "",
  "  --language LANGUAGE  typescript (pulumi-svc/plugin), python, yaml, or typescript-dynamic (the dynamic SDK, each",
  "                       object with { import }: `pulumi up` adopts them). Default: the runtime of ./Pulumi.yaml.",
  "  --out-dir DIR        where import.json and the program go",
  "  --json               print what was mapped and left out as JSON instead of the summary",
].join("\n");

/** The stack's language, from the Pulumi.yaml of the current folder. */
export function stackLanguage(dir = "."): Language | undefined {
  const file = path.join(dir, "Pulumi.yaml");
  if (!existsSync(file)) return undefined;
  // `runtime: nodejs`, or `runtime: { name: nodejs, options: ... }`.
  const runtime: unknown = (parse(readFileSync(file, "utf8")) as { runtime?: unknown } | null)?.runtime;
  const name = typeof runtime === "string" ? runtime : (runtime as { name?: unknown } | undefined)?.name;
  return name === "yaml" ? "yaml" : name === "python" ? "python" : name === "nodejs" ? "typescript" : undefined;
}

const quoted = (address: string): string => `'${address.replace(/'/g, "'\\''")}'`;

/** The words above each object: its Terraform address, and what to set after the import. */
function objectsOf(result: FromState): ProgramObject[] {
  return result.adopted.map((adopted) => ({
    found: adopted.found,
    variable: adopted.variable,
    comments: [
      `Terraform: ${adopted.address}`,
      ...adopted.afterImport.map((note) => `After the import, set ${note}.`),
      ...(adopted.dropped.length > 0 ? [`Not carried (pulumi-svc has no input for it): ${adopted.dropped.join(", ")}.`] : []),
    ],
  }));
}

function header(source: string, language: Language, result: FromState): string[] {
  const lines = [`Written by svc-import (pulumi-svc) from the Terraform state ${source}: ${result.adopted.length} objects.`];
  if (language === "typescript-dynamic") lines.push("Each object is adopted by its `import` option on the next `pulumi up`, which sends no write.");
  else
    lines.push(
      "Adopt them with `pulumi import --file import.json --generate-code=false` (it reads each object and writes nothing); then `pulumi preview` shows no change.",
    );
  for (const left of result.notAdopted) lines.push(`Left out: ${left.address}: ${left.reason}.`);
  return lines;
}

/** The step that puts the written program into the stack's. */
export function joinStep(language: Language, program: string): string {
  const join: Record<Language, string> = {
    typescript: `import "./${path.basename(program, ".ts")}"; in index.ts (the program needs pulumi-svc installed, for pulumi-svc/plugin)`,
    "typescript-dynamic": `import "./${path.basename(program, ".ts")}"; in index.ts`,
    python: `import ${path.basename(program, ".py")} in __main__.py (with pulumi_svc installed)`,
    yaml: `its resources into Main.yaml (or Pulumi.yaml), with the svc plugin installed`,
  };
  return `Put ${program} into the program: ${join[language]}.`;
}

/** What to run next, in order, for this language. */
function nextSteps(language: Language, outDir: string, result: FromState): string[] {
  const deposed = result.notAdopted.filter((left) => left.deposed !== undefined);
  const program = path.join(outDir, PROGRAM_FILES[language]);
  const addresses = result.adopted.map(({ address }) => quoted(address)).join(" ");
  const steps: string[] = [];
  // `terraform state rm` of an address forgets its deposed objects too: then nothing would ever delete them.
  if (deposed.length > 0)
    steps.push(
      `terraform apply            # first: Terraform deletes the deposed object(s) of ${[...new Set(deposed.map(({ address }) => quoted(address)))].join(" ")} ` +
        "(the state rm below would forget them undeleted)",
    );
  steps.push(joinStep(language, program));
  if (language === "typescript-dynamic") steps.push("pulumi up                  # adopts every object by its import option: no write");
  else
    steps.push(
      `pulumi import --file ${path.join(outDir, "import.json")} --generate-code=false   # reads each object, writes nothing (--protect=false: not protected)`,
    );
  steps.push("pulumi preview             # no change");
  steps.push(`terraform state rm ${addresses}   # Terraform stops managing them; nothing is deleted`);
  return steps.map((step, index) => `${index + 1}. ${step}`);
}

/**
 * A state with no object to adopt: said, with why each instance was left out, and nothing written
 * (an empty program and import file would read as a move that succeeded). Fails, for scripts.
 */
function nothingToImport(source: string, result: FromState, json: boolean): number {
  const lines = [
    `svc-import --from-terraform: nothing to import: ${source} holds ${result.notAdopted.length === 0 ? "no resource" : "no object svc-import can adopt"}; wrote no file.`,
  ];
  if (result.notAdopted.length > 0)
    lines.push(`Left out (${result.notAdopted.length}):`, ...result.notAdopted.map((left) => `  ${left.address}: ${left.reason}`));
  process.stderr.write(`${lines.join("\n")}\n`);
  if (json) process.stdout.write(`${JSON.stringify({ resources: [], leftOut: result.notAdopted, files: [] }, null, 2)}\n`);
  return 1;
}

export async function terraformMain(argv: readonly string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${TERRAFORM_USAGE}\n`);
    return 0;
  }
  let values: { "from-terraform"?: string; language?: string; "out-dir"?: string; json?: boolean; help?: boolean };
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        "from-terraform": { type: "string" },
        language: { type: "string" },
        "out-dir": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean" },
      },
      allowPositionals: false,
    }).values;
  } catch (error) {
    process.stderr.write(`svc-import --from-terraform: ${(error as Error).message}\n\n${TERRAFORM_USAGE}\n`);
    return 2;
  }
  const source = values["from-terraform"];
  if (source === undefined || source === "") {
    process.stderr.write(`svc-import: --from-terraform needs the path of a Terraform state\n\n${TERRAFORM_USAGE}\n`);
    return 2;
  }
  const language = (values.language ?? stackLanguage()) as Language | undefined;
  if (language === undefined || !LANGUAGES.includes(language)) {
    process.stderr.write(
      `svc-import --from-terraform: --language is one of ${LANGUAGES.join(", ")}` +
        `${values.language === undefined ? " (there is no Pulumi.yaml here to take the stack's language from)" : `; got ${JSON.stringify(values.language)}`}\n`,
    );
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(source, "utf8");
  } catch (error) {
    process.stderr.write(`svc-import --from-terraform: cannot read ${source}: ${(error as Error).message}\n`);
    return 1;
  }
  const result = fromState(readTerraformState(text, source));
  const outDir = values["out-dir"] ?? ".";
  if (result.adopted.length === 0) return nothingToImport(source, result, values.json === true);
  mkdirSync(outDir, { recursive: true });
  const objects = objectsOf(result);
  const files = [PROGRAM_FILES[language]];
  writeFileSync(path.join(outDir, PROGRAM_FILES[language]), programIn(language, objects, header(source, language, result)));
  if (language !== "typescript-dynamic") {
    writeFileSync(path.join(outDir, "import.json"), `${JSON.stringify(importFile(objects), null, 2)}\n`);
    files.unshift("import.json");
  }
  if (values.json === true) {
    const report = {
      resources: result.adopted.map(({ address, variable, found, afterImport, dropped }) => ({
        address,
        type: sdkName(found.declaration),
        name: variable,
        id: found.id,
        ...(afterImport.length > 0 && { afterImport }),
        ...(dropped.length > 0 && { notCarried: dropped }),
      })),
      leftOut: result.notAdopted,
      files: files.map((file) => path.join(outDir, file)),
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const lines = [`svc-import: ${result.adopted.length} objects of ${source} mapped; wrote ${files.map((file) => path.join(outDir, file)).join(" and ")}.`];
  const indexed = indexedNote(result.adopted);
  if (indexed !== undefined) lines.push(`svc-import: ${indexed}.`);
  for (const adopted of result.adopted) for (const note of adopted.afterImport) lines.push(`svc-import: ${adopted.address}: after the import, set ${note}.`);
  for (const adopted of result.adopted)
    if (adopted.dropped.length > 0)
      lines.push(`svc-import: ${adopted.address}: not carried (no input of ${sdkName(adopted.found.declaration)} for it): ${adopted.dropped.join(", ")}.`);
  if (result.notAdopted.length > 0) {
    lines.push(`svc-import: left out (${result.notAdopted.length}):`);
    for (const left of result.notAdopted) lines.push(`  ${left.address}: ${left.reason}`);
  }
  lines.push("Next:", ...nextSteps(language, outDir, result).map((step) => `  ${step}`));
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
