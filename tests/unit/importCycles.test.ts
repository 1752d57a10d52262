/**
 * No module of the package imports itself through others: a cycle makes what a module sees at load
 * time depend on which file was loaded first. Type-only imports are left out (they vanish at build).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { REPO_ROOT } from "../support/toolchain";

const ROOTS = ["provider", "sdk", "tools", "emulator"];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder)).flatMap((entry) => {
    const relative = `${folder}/${entry}`;
    if (statSync(path.join(REPO_ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return relative.endsWith(".ts") && !relative.endsWith(".d.ts") ? [relative] : [];
  });
}

/** The package files `file` imports at run time (`import type` and `export type` left out; `import { type x }` alone too). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(REPO_ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly === true) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => {
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      for (const candidate of [`${base}.ts`, `${base}/index.ts`]) {
        try {
          if (statSync(path.join(REPO_ROOT, candidate)).isFile()) return candidate;
        } catch {
          // not this one
        }
      }
      return base;
    });
}

/** Every cycle of an import graph (file -> files it imports), each starting from its first file in sorted order. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "open") {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0] ?? "");
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(rotated.join(" -> "), rotated);
      } else if (state.get(next) === undefined) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (state.get(file) === undefined) visit(file);
  return [...cycles.values()];
}

it("no module imports itself through others (type-only imports aside)", () => {
  const files = ROOTS.flatMap(sourceFiles);
  expect(files.length).toBeGreaterThan(100);
  const graph = new Map(files.map((file) => [file, runtimeImports(file)]));
  expect(cyclesOf(graph).map((cycle) => [...cycle, cycle[0]].join(" -> "))).toEqual([]);
});

it("finds every cycle of a graph, and none in a graph without one", () => {
  const graph = new Map([
    ["c.ts", ["a.ts"]],
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts", "d.ts"]],
    ["d.ts", []],
    ["e.ts", ["e.ts"]],
  ]);
  expect(cyclesOf(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
  expect(
    cyclesOf(
      new Map([
        ["a.ts", ["b.ts"]],
        ["b.ts", []],
      ]),
    ),
  ).toEqual([]);
});
