/**
 * The package's entry points, as a program loads them through package.json's `exports`: the main
 * SDK (`pulumi-svc`, the dynamic one), the plugin's typed SDK (`pulumi-svc/plugin`), and the deep
 * paths that programs, documentation and existing stacks' state use (every dynamic resource's
 * serialized provider requires `pulumi-svc/dist/provider`), which `exports` would otherwise close;
 * and TypeScript finds each one's types under every module resolution a program may use.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const REPO_ROOT = path.resolve(__dirname, "..", "..");
// A program of this repository: node_modules/pulumi-svc (linked by `npm run build`) is found from it as from a user's project.
const PROGRAM = path.join(REPO_ROOT, "examples", "dns-zone");

const ENTRIES: Readonly<Record<string, string>> = {
  "pulumi-svc": "dist/sdk/index.js",
  "pulumi-svc/plugin": "dist/sdks/nodejs/index.js",
  "pulumi-svc/package.json": "package.json",
  "pulumi-svc/dist/provider": "dist/provider/index.js",
  "pulumi-svc/dist/sdk": "dist/sdk/index.js",
  "pulumi-svc/dist/emulator/server": "dist/emulator/server.js",
  "pulumi-svc/dist/emulator/cli.js": "dist/emulator/cli.js",
  "pulumi-svc/dist/tools/plan/report.schema.json": "dist/tools/plan/report.schema.json",
  "pulumi-svc/dist/sdk/internal/resource": "dist/sdk/internal/resource.js",
};

beforeAll(() => {
  if (!existsSync(path.join(REPO_ROOT, "node_modules", "pulumi-svc", "dist", "sdks", "nodejs", "index.js")))
    throw new Error("dist/ is not built or node_modules/pulumi-svc is not linked: run `npm run build` (npm test does) first");
});

it("resolves the main SDK, the plugin's SDK and the deep paths in use, from a program's folder", () => {
  const script = `console.log(JSON.stringify(${JSON.stringify(Object.keys(ENTRIES))}.map((id) => require("node:fs").realpathSync(require.resolve(id)))))`;
  const resolved = JSON.parse(execFileSync("node", ["-e", script], { cwd: PROGRAM, encoding: "utf8" })) as string[];
  expect(resolved.map((file) => path.relative(REPO_ROOT, file))).toEqual(Object.values(ENTRIES));
});

it("loads the plugin's SDK from an ES module too", () => {
  const script = 'import * as svc from "pulumi-svc/plugin"; console.log(typeof svc.dns.RecordSet, typeof svc.dns.getManagedZoneOutput);';
  expect(execFileSync("node", ["--input-type=module", "-e", script], { cwd: PROGRAM, encoding: "utf8" }).trim()).toBe("function function");
});

it.each([
  ["node10", ts.ModuleResolutionKind.Node10],
  ["node16", ts.ModuleResolutionKind.Node16],
  ["bundler", ts.ModuleResolutionKind.Bundler],
])("gives TypeScript the declarations of both SDKs under moduleResolution %s", (_name, moduleResolution) => {
  const module = moduleResolution === ts.ModuleResolutionKind.Node16 ? ts.ModuleKind.Node16 : ts.ModuleKind.ESNext;
  const declarations = (name: string): string | undefined =>
    ts.resolveModuleName(name, path.join(PROGRAM, "index.ts"), { moduleResolution, module }, ts.sys).resolvedModule?.resolvedFileName;
  expect(path.relative(REPO_ROOT, fsRealpath(declarations("pulumi-svc")))).toBe("dist/sdk/index.d.ts");
  expect(path.relative(REPO_ROOT, fsRealpath(declarations("pulumi-svc/plugin")))).toBe("dist/sdks/nodejs/index.d.ts");
});

function fsRealpath(file: string | undefined): string {
  if (file === undefined) throw new Error("TypeScript found no declarations");
  return ts.sys.realpath?.(file) ?? file;
}
