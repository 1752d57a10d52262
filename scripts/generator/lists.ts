/**
 * The lists that make an API known, written from its folders so that adding an API edits no
 * shared file: `provider/apis.ts` (every `provider/apis/<api>/api.ts` manifest), `provider/declarations.ts`
 * (every resource declared with `declare(...)` in an API's folder) and `emulator/apis/index.ts`
 * (every `emulator/apis/<api>/plugin.ts`, then the token endpoints); and the engine's registry of
 * plan entry kinds, `provider/engine/kinds/index.ts` (every `entryKind(...)` of a file of kinds/),
 * so that adding a kind is one file. Found by parsing the source: an exported constant whose value
 * is a call of `defineApi`, `declare` or `entryKind`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { header } from "./text";

const ROOT = path.resolve(__dirname, "../..");

/** The exported constants of a file whose value is a call of `callee` (`export const x = callee<...>({...})`), in source order. */
function exportedCalls(file: string, callee: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    if (!ts.isVariableStatement(statement) || !(ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return [];
    return statement.declarationList.declarations.flatMap((declaration) => {
      const value = declaration.initializer;
      const called = value !== undefined && ts.isCallExpression(value) && ts.isIdentifier(value.expression) && value.expression.text === callee;
      return called && ts.isIdentifier(declaration.name) ? [declaration.name.text] : [];
    });
  });
}

const folders = (parent: string): string[] =>
  readdirSync(path.join(ROOT, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The API folders of `provider/apis/`: those with a manifest. */
export function apiFolders(): string[] {
  return folders("provider/apis").filter((folder) => existsSync(path.join(ROOT, "provider", "apis", folder, "api.ts")));
}

function importLine(names: readonly string[], from: string): string {
  return `import { ${[...names].sort().join(", ")} } from "${from}";`;
}

function renderApis(): string {
  const manifests = apiFolders().map((folder) => ({ folder, names: exportedCalls(`provider/apis/${folder}/api.ts`, "defineApi") }));
  for (const { folder, names } of manifests) {
    if (names.length !== 1)
      throw new Error(`provider/apis/${folder}/api.ts must export one manifest (export const <name> = defineApi({...})); found ${names.length}`);
  }
  return [
    header("provider/apis/*/api.ts"),
    "/** Every API: the manifest of each API folder (`provider/apis/<api>/api.ts`), by name. */",
    ...manifests.map(({ folder, names }) => importLine(names, `./apis/${folder}/api`)),
    "",
    `export const API_MANIFESTS = [${manifests.flatMap(({ names }) => names).join(", ")}] as const;`,
    "",
  ].join("\n");
}

function renderDeclarations(): string {
  const files = apiFolders().flatMap((folder) =>
    readdirSync(path.join(ROOT, "provider", "apis", folder))
      .filter((file) => file.endsWith(".ts"))
      .sort()
      .map((file) => ({ module: `./apis/${folder}/${file.slice(0, -3)}`, names: exportedCalls(`provider/apis/${folder}/${file}`, "declare") }))
      .filter(({ names }) => names.length > 0),
  );
  return [
    header("provider/apis/<api>/*.ts"),
    "/** Every declared resource: the `declare(...)` exports of each API folder, by API and file. */",
    'import type { ResourceDeclaration } from "./engine/declaration/declaration";',
    ...files.map(({ module, names }) => importLine(names, module)),
    "",
    "export const declarations: readonly ResourceDeclaration[] = [",
    ...files.flatMap(({ names }) => names.map((name) => `  ${name},`)),
    "];",
    "",
  ].join("\n");
}

function renderPlugins(): string {
  const plugins = folders("emulator/apis")
    .filter((folder) => existsSync(path.join(ROOT, "emulator/apis", folder, "plugin.ts")))
    .map((folder) => ({ folder, names: exportedCalls(`emulator/apis/${folder}/plugin.ts`, "definePlugin") }));
  const tokens = exportedCalls("emulator/google/tokens/plugins.ts", "definePlugin");
  return [
    header("emulator/apis/*/plugin.ts"),
    "/** Every API the emulator serves (each folder's plug-in, by name), then the token endpoints; `--help` lists them in this order. */",
    importLine(tokens, "../google/tokens/plugins"),
    ...plugins.map(({ folder, names }) => importLine(names, `./${folder}/plugin`)),
    "",
    `export const apis = [${[...plugins.flatMap(({ names }) => names), ...tokens].join(", ")}];`,
    "",
  ].join("\n");
}

const KINDS = "provider/engine/kinds";

/** The registry of plan entry kinds: each file of kinds/ re-exported, and its descriptor by the kind's name. */
function renderEntryKinds(): string {
  const files = readdirSync(path.join(ROOT, KINDS))
    .filter((file) => file.endsWith(".ts") && file !== "index.ts")
    .sort()
    .map((file) => ({ module: `./${file.slice(0, -3)}`, kinds: exportedCalls(`${KINDS}/${file}`, "entryKind") }));
  const kinds = files.flatMap(({ kinds: names }) => names).sort();
  return [
    header(`${KINDS}/*.ts`),
    "/**",
    " * The kinds of plan entry: every file of kinds/ (a kind's entry type and its descriptor, and what",
    " * they share), and the registry every dispatcher goes through. The compiler checks it complete:",
    " * one descriptor for each kind an entry can be (`EntryKinds`, which each kind's file adds to).",
    " */",
    'import type { EntryKind, EntryKinds } from "./kind";',
    ...files.filter(({ kinds: names }) => names.length > 0).map(({ module, kinds: names }) => importLine(names, module)),
    "",
    ...files.map(({ module }) => `export * from "${module}";`),
    "",
    "/** Each kind's descriptor, by the kind's name. */",
    `export const ENTRY_KINDS = { ${kinds.join(", ")} } as const satisfies { readonly [K in keyof EntryKinds]: EntryKind<EntryKinds[K]> };`,
    "",
  ].join("\n");
}

/** The generated lists, by path relative to the repository. */
export function renderLists(): Map<string, string> {
  return new Map([
    ["provider/apis.ts", renderApis()],
    ["provider/declarations.ts", renderDeclarations()],
    ["emulator/apis/index.ts", renderPlugins()],
    [`${KINDS}/index.ts`, renderEntryKinds()],
  ]);
}
