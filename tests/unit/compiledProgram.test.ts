/** The tests' compiled copies of the TypeScript examples (tests/support/compiledProgram.ts). */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { compiledProgram } from "../support/compiledProgram";

it("copies an example with its program compiled, run as JavaScript, and compiles it once", () => {
  const folder = compiledProgram("bench-floor");
  expect(compiledProgram("bench-floor")).toBe(folder);
  expect(path.basename(folder)).toMatch(/^bench-floor-[0-9a-f]{12}$/);
  expect(readFileSync(path.join(folder, "Pulumi.yaml"), "utf8")).toMatch(/^runtime:\n {2}name: nodejs\n {2}options:\n {4}typescript: false\n/m);
  expect(JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8"))).toEqual(expect.objectContaining({ main: "index.js" }));
  expect(existsSync(path.join(folder, "index.ts"))).toBe(false);
  const program = readFileSync(path.join(folder, "index.js"), "utf8");
  expect(program).toContain('require("@pulumi/pulumi")');
  expect(program).not.toMatch(/: string\b|\binterface\b/);
  // The example's JavaScript files come along unchanged (its providers, loaded by path).
  expect(readFileSync(path.join(folder, "floorProvider.js"), "utf8")).toBe(
    readFileSync(path.join(folder, "..", "..", "..", "examples", "bench-floor", "floorProvider.js"), "utf8"),
  );
});

it("refuses an example that is no TypeScript program", () => {
  expect(() => compiledProgram("plugin-yaml")).toThrow("examples/plugin-yaml/Pulumi.yaml declares no TypeScript program");
});
