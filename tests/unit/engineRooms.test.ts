/**
 * The engine's rooms point one way: a room imports only from rooms below it, type imports included
 * (a type import back up is still a room that must know one above it). Lowest first:
 *
 *   kinds < declaration < plan < batching < ownership < executor < lifecycle, functions < pulumi
 *
 * kinds/ (each entry kind: its type and its descriptor) imports nothing of the engine's other
 * rooms: what a kind needs to run is given to it (the executor's `Runner`). Read from the files'
 * imports, so a back edge fails here whoever adds it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { REPO_ROOT } from "../support/toolchain";

const ENGINE = "provider/engine";

/** Each room's floor: a room imports only from rooms of a lower one (rooms of one floor not from each other). */
const FLOORS: Readonly<Record<string, number>> = {
  kinds: 0,
  declaration: 1,
  plan: 2,
  batching: 3,
  ownership: 4,
  executor: 5,
  lifecycle: 6,
  functions: 6,
  pulumi: 7,
};

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder)).flatMap((entry) => {
    const relative = `${folder}/${entry}`;
    if (statSync(path.join(REPO_ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return relative.endsWith(".ts") && !relative.endsWith(".d.ts") ? [relative] : [];
  });
}

/** Every module `file` names: imports and re-exports (type-only ones included) and `import("...")` types. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(REPO_ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
}

/** The engine room a path is in (undefined: outside the engine's rooms). */
function roomOf(file: string): string | undefined {
  if (!file.startsWith(`${ENGINE}/`)) return undefined;
  return file.slice(ENGINE.length + 1).split("/")[0];
}

/** Each import that goes from a room to one not below it, as `from -> to`. */
export function backEdges(files: ReadonlyMap<string, readonly string[]>, floors: Readonly<Record<string, number>> = FLOORS): string[] {
  const edges: string[] = [];
  for (const [file, imported] of files) {
    const from = roomOf(file);
    if (from === undefined) continue;
    for (const target of imported) {
      const to = roomOf(target);
      if (to === undefined || to === from) continue;
      const below = floors[to] !== undefined && floors[from] !== undefined && floors[to] < floors[from];
      if (!below) edges.push(`${from} -> ${to} (${file} imports ${target})`);
    }
  }
  return edges.sort();
}

it("every room of the engine has its floor", () => {
  const rooms = readdirSync(path.join(REPO_ROOT, ENGINE)).filter((entry) => statSync(path.join(REPO_ROOT, ENGINE, entry)).isDirectory());
  expect(rooms.filter((room) => FLOORS[room] === undefined)).toEqual([]);
  expect(sourceFiles(ENGINE).filter((file) => file.split("/").length === 3)).toEqual([]);
});

it("no room of the engine imports from one above it or beside it, type imports included", () => {
  const files = sourceFiles(ENGINE);
  expect(files.length).toBeGreaterThan(30);
  expect(backEdges(new Map(files.map((file) => [file, importsOf(file)])))).toEqual([]);
});

it("finds a back edge, type-only or not, and lets an edge down pass", () => {
  const graph = new Map([
    [`${ENGINE}/plan/a.ts`, [`${ENGINE}/declaration/b`, `${ENGINE}/plan/c`, "provider/http/client"]],
    [`${ENGINE}/batching/d.ts`, [`${ENGINE}/executor/polls`]],
    [`${ENGINE}/lifecycle/e.ts`, [`${ENGINE}/functions/f`]],
  ]);
  expect(backEdges(graph)).toEqual([
    `batching -> executor (${ENGINE}/batching/d.ts imports ${ENGINE}/executor/polls)`,
    `lifecycle -> functions (${ENGINE}/lifecycle/e.ts imports ${ENGINE}/functions/f)`,
  ]);
});
