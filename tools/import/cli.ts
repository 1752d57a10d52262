/**
 * `svc-import <api> [flags]`: lists the objects an account already has and writes the
 * Pulumi program that adopts them. The subcommands and their flags come from the
 * declarations' `adoption` data, so a resource added later is importable by saying how
 * it is listed.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { apiNames, MissingSettingError, settingNames, type ApiName } from "../../provider/config";
import { ProviderRuntime } from "../../provider/runtime";
import { isAdoptable, type Adoption } from "../../provider/engine/declaration/adoption";
import { typeKey } from "../../provider/engine/declaration/declaration";
import { ApiError } from "../../provider/http/answer";
import { declarations } from "../../provider/registry";
import { adoptableOf, discover } from "./discover";
import { importFile, listingJson, nameAll, programText } from "./program";
import { terraformMain } from "./terraform/command";
import { zoneFileMain } from "./zones/command";

interface ApiFlags {
  readonly scope: ReadonlyMap<string, { pattern: string; example: string }>;
  readonly select: ReadonlyMap<string, string>;
  readonly optIn: ReadonlyMap<string, string>;
  /** A gathering's flag (`zone-records`) to its opposite (`record-sets`) and what they choose. */
  readonly gather: ReadonlyMap<string, { apartFlag: string; description: string }>;
}

function apisWithAdoption(): ApiName[] {
  return apiNames().filter((api) => adoptableOf(api).length > 0);
}

function flagsOf(api: ApiName): ApiFlags {
  const scope = new Map<string, { pattern: string; example: string }>();
  const select = new Map<string, string>();
  const optIn = new Map<string, string>();
  const gather = new Map<string, { apartFlag: string; description: string }>();
  for (const declaration of adoptableOf(api)) {
    const adoption = declaration.adoption as Adoption;
    if (adoption.scope !== undefined && !scope.has(adoption.scope.flag)) scope.set(adoption.scope.flag, adoption.scope);
    if (adoption.select !== undefined) select.set(adoption.select.flag, adoption.select.description);
    if (adoption.optIn !== undefined) optIn.set(adoption.optIn.flag, adoption.optIn.description);
    if (adoption.gathers !== undefined) gather.set(adoption.gathers.flag, adoption.gathers);
  }
  return { scope, select, optIn, gather };
}

function usage(): string {
  const lines = [
    "Usage: svc-import <api> [flags]",
    "",
    "Lists the objects an account already has and writes a TypeScript module that declares each",
    "as its pulumi-svc resource with `{ import }`, so the next `pulumi up` adopts them with no write.",
    "Settings are the provider's environment variables (SVC_EMULATOR_URL, SVC_<API>_BASE_URL,",
    "SVC_<API>_TOKEN, Google credentials as in the package's docs/credentials.md) or the flags below.",
    "",
    "APIs:",
  ];
  for (const api of apisWithAdoption()) {
    const { scope, select, optIn, gather } = flagsOf(api);
    const types = adoptableOf(api)
      .map((declaration) => declaration.name)
      .join(", ");
    const flags = [
      ...[...scope].map(([flag, { example }]) => `--${flag} ${example}`),
      ...[...select.keys()].map((flag) => `[--${flag} ...]`),
      ...[...optIn.keys()].map((flag) => `[--${flag}]`),
      ...[...gather].map(([flag, { apartFlag }]) => `[--${flag} | --${apartFlag}]`),
    ];
    lines.push(`  ${api} ${flags.join(" ")}`.trimEnd(), `      ${types}`);
    for (const [flag, description] of [...select, ...optIn]) lines.push(`      --${flag}: ${description}`);
    for (const [flag, { apartFlag, description }] of gather) lines.push(`      --${flag} | --${apartFlag}: ${description}`);
  }
  lines.push(
    "",
    "Flags:",
    "  --out FILE          write the module to FILE (default: stdout)",
    "  --format FORMAT     ts (default): the TypeScript module; json: type, name and id of each object",
    "                      (and what was left out); import-file: a Pulumi import file for `pulumi import --file`,",
    "                      which adopts the objects into a program of any language through the provider plugin",
    "  --json              the same as --format json",
    "  --emulator-url URL  every API at one emulator (sets SVC_EMULATOR_URL)",
    "  --base-url URL      this API's base URL (sets SVC_<API>_BASE_URL)",
    "  --help",
    "",
    "From a Terraform state instead (no request is sent; `svc-import --from-terraform --help` for its flags):",
    "  svc-import --from-terraform terraform.tfstate [--language typescript|python|yaml|typescript-dynamic] [--out-dir DIR]",
    "",
    "From a zone file or an octoDNS zone file, into a managed zone that exists (`svc-import --from-zone-file --help` for its flags):",
    "  svc-import --from-zone-file example.com.zone --zone example-zone [--project ID] [--language ...] [--out-dir DIR] [--record-sets]",
    "  svc-import --from-octodns example.com.yaml --zone example-zone [the same flags]",
    "",
    "Examples:",
    "  svc-import dns --project my-project --zone example-zone --out adopted.ts",
    "  svc-import ci --project gh/my-org/my-repo",
    "  svc-import calendar --calendar team@group.calendar.google.com",
    "  svc-import quotas --parent projects/my-project/locations/global --json",
  );
  return lines.join("\n");
}

/** What an API's refusal to list means for the user: the setting to change. */
function explain(error: unknown, api: ApiName): string {
  if (error instanceof MissingSettingError) return error.message;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    const [configKey, envVar] = settingNames(api).token;
    return (
      `the ${api} API refused to list (${error.message}). The credential in use cannot read these objects: ` +
      `set ${envVar} (or ${configKey}) to a token that can, or Google credentials with read access (see the package's docs/credentials.md).`
    );
  }
  return error instanceof Error ? error.message : String(error);
}

export async function main(argv: readonly string[]): Promise<number> {
  // A Terraform state is a source of its own: no API to list, no request sent.
  if (argv.some((arg) => arg === "--from-terraform" || arg.startsWith("--from-terraform="))) return terraformMain(argv);
  // So are a zone file and an octoDNS YAML, read into a zone that exists (one listing of it).
  if (argv.some((arg) => /^--from-(zone-file|octodns)(=|$)/.test(arg))) return zoneFileMain(argv);
  const [api, ...rest] = argv;
  if (api === undefined || api === "--help" || api === "-h") {
    process.stdout.write(`${usage()}\n`);
    return api === undefined ? 2 : 0;
  }
  if (!apisWithAdoption().includes(api as ApiName)) {
    process.stderr.write(`svc-import: no API "${api}"; one of ${apisWithAdoption().join(", ")}.\n\n${usage()}\n`);
    return 2;
  }
  const name = api as ApiName;
  const flags = flagsOf(name);
  const options: Record<string, { type: "string" | "boolean"; multiple?: boolean }> = {
    out: { type: "string" },
    json: { type: "boolean" },
    format: { type: "string" },
    "emulator-url": { type: "string" },
    "base-url": { type: "string" },
    help: { type: "boolean" },
  };
  for (const flag of flags.scope.keys()) options[flag] = { type: "string" };
  for (const flag of flags.select.keys()) options[flag] = { type: "string", multiple: true };
  for (const flag of flags.optIn.keys()) options[flag] = { type: "boolean" };
  for (const [flag, { apartFlag }] of flags.gather) options[flag] = options[apartFlag] = { type: "boolean" };
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    values = parseArgs({ args: [...rest], options, allowPositionals: false }).values as typeof values;
  } catch (error) {
    process.stderr.write(`svc-import ${name}: ${(error as Error).message}\n\n${usage()}\n`);
    return 2;
  }
  if (values["help"] === true) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  const format = values["json"] === true ? "json" : (values["format"] ?? "ts");
  if (format !== "ts" && format !== "json" && format !== "import-file") {
    process.stderr.write(`svc-import ${name}: --format is ts, json or import-file; got ${JSON.stringify(format)}\n`);
    return 2;
  }
  const opposite = [...flags.gather].find(([flag, { apartFlag }]) => values[flag] === true && values[apartFlag] === true);
  if (opposite !== undefined) {
    process.stderr.write(`svc-import ${name}: --${opposite[0]} and --${opposite[1].apartFlag} choose opposite forms: give one of them, or neither\n`);
    return 2;
  }
  const missing = [...flags.scope.keys()].filter((flag) => typeof values[flag] !== "string");
  if (missing.length > 0) {
    const forms = missing.map((flag) => `--${flag} ${flags.scope.get(flag)?.example ?? ""}`).join(" ");
    process.stderr.write(`svc-import ${name}: give ${forms} (what to list).\n`);
    return 2;
  }
  if (typeof values["emulator-url"] === "string") process.env["SVC_EMULATOR_URL"] = values["emulator-url"];
  if (typeof values["base-url"] === "string") process.env[settingNames(name).baseUrl[1]] = values["base-url"];
  const scope = Object.fromEntries([...flags.scope.keys()].map((flag) => [flag, values[flag] as string]));
  const select = Object.fromEntries([...flags.select.keys()].map((flag) => [flag, (values[flag] as string[] | undefined) ?? []]));
  const optIn = new Set([...flags.optIn.keys()].filter((flag) => values[flag] === true));
  const gather: Record<string, boolean> = {};
  for (const [flag, { apartFlag }] of flags.gather) {
    if (values[flag] === true) gather[flag] = true;
    if (values[apartFlag] === true) gather[flag] = false;
  }
  try {
    const progress = (line: string): boolean => process.stderr.write(`svc-import: ${line}\n`);
    const discovery = await discover(name, { scope, select, optIn, gather, runtime: new ProviderRuntime(), progress });
    const named = nameAll(discovery, adoptableOf(name));
    const never = declarations.filter((declaration) => declaration.api === name && declaration.adoption !== undefined && !isAdoptable(declaration.adoption));
    const chosen = [
      ...Object.entries(scope).map(([flag, value]) => `--${flag} ${value}`),
      ...Object.entries(select).flatMap(([flag, list]) => list.map((value) => `--${flag} ${value}`)),
      ...[...optIn].map((flag) => `--${flag}`),
      ...[...flags.gather].flatMap(([flag, { apartFlag }]) => (gather[flag] === undefined ? [] : [`--${gather[flag] ? flag : apartFlag}`])),
    ];
    const command = ["svc-import", name, ...chosen].join(" ");
    const output =
      format === "json"
        ? `${JSON.stringify(listingJson(named, discovery), null, 2)}\n`
        : format === "import-file"
          ? `${JSON.stringify(importFile(named), null, 2)}\n`
          : programText(named, discovery, never, command);
    if (typeof values["out"] === "string") {
      writeFileSync(values["out"], output);
      process.stderr.write(`svc-import: wrote ${named.length} objects to ${values["out"]}\n`);
    } else {
      process.stdout.write(output);
    }
    const drifting = named.filter(({ found }) => found.drift.length > 0);
    for (const { found } of drifting)
      process.stderr.write(`svc-import: warning: ${typeKey(found.declaration)} ${found.id} would still change ${found.drift.join(", ")} after adoption\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`svc-import ${name}: ${explain(error, name)}\n`);
    return 1;
  }
}
