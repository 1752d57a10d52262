/**
 * The SDK's read functions (`sdk/<api>/functions.ts`) and the README's lists of them, from the
 * declared functions of `provider/apis/<api>/functions.ts` (provider/engine/functions/readFunction.ts) and the
 * manifest's `sdkExtras`. The types a program sees are the modules' exported types, found by
 * parsing their source, so a new result or argument type needs no list kept by hand.
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import type { ApiManifest } from "../../provider/apiManifest";
import { declaredFunctions, type ReadFunctionInfo } from "../../provider/engine/functions/readFunction";
import { cell, header, tsdoc } from "./text";
import { pascal, unwrap, type Schema } from "./types";

const ROOT = path.resolve(__dirname, "../..");

interface SourceExports {
  /** Exported type aliases and interfaces, sorted. */
  readonly types: string[];
  /** The TSDoc text of exported functions and constants, by name. */
  readonly docs: Map<string, string>;
}

function sourceExports(file: string): SourceExports {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  const types: string[] = [];
  const docs = new Map<string, string>();
  for (const statement of source.statements) {
    // `export type { X } from "..."` and `export { type X }`: re-exported types are the module's too.
    if (ts.isExportDeclaration(statement) && statement.exportClause !== undefined && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) if (statement.isTypeOnly || element.isTypeOnly) types.push(element.name.text);
    }
    if (!exported(statement)) continue;
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) types.push(statement.name.text);
    const comment = ts.getJSDocCommentsAndTags(statement).find(ts.isJSDoc);
    const text = comment === undefined ? undefined : ts.getTextOfJSDocComment(comment.comment);
    if (ts.isFunctionDeclaration(statement) && statement.name !== undefined && text !== undefined) docs.set(statement.name.text, text);
  }
  return { types: types.sort(), docs };
}

/** The API's declared read functions, in the order its functions.ts declares them; none when it has no such file. */
export function readFunctionsOf(api: string): Array<ReadFunctionInfo & { readonly exportName: string }> {
  const file = `provider/apis/${api}/functions.ts`;
  if (!existsSync(path.join(ROOT, file))) return [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generator reads the declarations it renders
  return declaredFunctions(require(path.join(ROOT, file)) as Record<string, unknown>);
}

const quoted = (lines: readonly string[]) => `@example\n\`\`\`ts\nimport * as svc from "pulumi-svc";\n${lines.join("\n")}\n\`\`\``;

function functionDoc(fn: ReadFunctionInfo): string {
  return tsdoc(
    [
      fn.doc,
      `Request: \`${fn.request}\`. Arguments are checked before any request; an error names the function and the argument.`,
      ...(fn.example ? [quoted(fn.example)] : []),
    ],
    "",
  );
}

/** `sdk/<api>/functions.ts`: each function's promise and Output forms, loading the provider's code on the first call. */
export function renderFunctions(manifest: ApiManifest): string | undefined {
  const functions = readFunctionsOf(manifest.name);
  const extras = manifest.sdkExtras ?? [];
  if (functions.length === 0 && extras.length === 0) return undefined;
  const module = (name: string) => `../../provider/apis/${manifest.name}/${name}`;
  const noArgs = functions.filter((fn) => fn.args === undefined);
  const lines: string[] = [header(`provider/apis/${manifest.name}/functions.ts`).trimEnd(), ""];
  if (functions.length > 0) {
    lines.push(`import type * as Queries from "${module("functions")}";`);
    const helpers = [
      "lazily",
      ...(noArgs.length > 0 ? ["noArgsOutputFunction"] : []),
      ...(noArgs.length < functions.length ? ["outputFunction"] : []),
      "promiseFunction",
    ];
    lines.push(`import { ${helpers.join(", ")} } from "../internal/functions";`);
  }
  const alias = (extra: { module: string }) => pascal(extra.module);
  extras.forEach((extra, index) => {
    if ((extra.functions ?? []).length > 0) lines.push(`import type * as ${alias(extra)} from "${module(extra.module)}";`);
    if (functions.length === 0 && index === 0) lines.push(`import { lazily } from "../internal/functions";`);
  });
  lines.push("");
  if (functions.length > 0) {
    const types = sourceExports(`provider/apis/${manifest.name}/functions.ts`).types;
    if (types.length > 0) lines.push(`export type { ${types.join(", ")} } from "${module("functions")}";`);
  }
  extras.forEach((extra) => {
    const types = sourceExports(`provider/apis/${manifest.name}/${extra.module}.ts`).types;
    if (types.length > 0) lines.push(`export type { ${types.join(", ")} } from "${module(extra.module)}";`);
    if ((extra.constants ?? []).length > 0) lines.push(`export { ${(extra.constants ?? []).join(", ")} } from "${module(extra.module)}";`);
  });
  const lazyLoad = (name: string, type: string, from: string) =>
    [
      "",
      "// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)",
      `const ${name} = lazily(() => require("${from}") as typeof ${type});`,
    ].join("\n");
  if (functions.length > 0) lines.push(lazyLoad("queries", "Queries", module("functions")));
  extras.forEach((extra) => {
    if ((extra.functions ?? []).length === 0) return;
    const type = alias(extra);
    lines.push(lazyLoad(`load${type}`, type, module(extra.module)));
    const docs = sourceExports(`provider/apis/${manifest.name}/${extra.module}.ts`).docs;
    for (const name of extra.functions ?? []) {
      const doc = docs.get(name);
      if (doc === undefined) throw new Error(`provider/apis/${manifest.name}/${extra.module}.ts: ${name} needs a TSDoc comment (it is the SDK's doc)`);
      lines.push("", `${tsdoc([doc.replace(/\n/g, " ")], "").trimEnd()}`);
      lines.push(`export const ${name} = (...args: Parameters<typeof ${type}.${name}>): ReturnType<typeof ${type}.${name}> => load${type}().${name}(...args);`);
    }
  });
  for (const fn of functions) {
    lines.push("", functionDoc(fn).trimEnd(), `export const ${fn.exportName} = promiseFunction(queries, "${fn.exportName}");`);
    lines.push(`/** {@link ${fn.exportName}} as an Output, for Pulumi programs: its arguments may be Outputs. */`);
    const form = fn.args === undefined ? "noArgsOutputFunction" : "outputFunction";
    lines.push(`export const ${fn.exportName}Output = ${form}(queries, "${fn.exportName}");`);
  }
  return `${lines.join("\n")}\n`;
}

/** The README's list of an API's read functions: arguments (with their docs), the request, what it returns. */
export function readmeFunctionsTable(manifest: ApiManifest): string | undefined {
  const functions = readFunctionsOf(manifest.name);
  if (functions.length === 0) return undefined;
  const rows = functions.map((fn) => {
    const shape = (fn.args?.shape ?? {}) as Record<string, Schema>;
    const args = Object.entries(shape).map(([name, schema]) => {
      const { optional, hasDefault, description } = unwrap(schema);
      return `\`${name}${optional || hasDefault ? "?" : ""}\`${description === undefined ? "" : ` (${description})`}`;
    });
    return `| \`svc.${manifest.name}.${fn.exportName}\` | ${cell(args.join(", ") || "none")} | \`${cell(fn.request)}\` | ${cell(fn.doc)} |`;
  });
  return ["| function (and its `...Output` form) | arguments | request | |", "|---|---|---|---|", ...rows].join("\n");
}
