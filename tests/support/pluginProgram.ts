/**
 * A program of another language that uses the provider plugin, ready for the engine: the plugin
 * built (esbuild, scripts/plugin/build.ts) into a folder of the test's own, and the example copied
 * beside it with its `plugins:` path pointing there, so that test files running at once never
 * share a build; with what the program's language finds its packages by pointing at this
 * repository's (a Go module's replace, a Python program's `venv`, a Node.js program's
 * `node_modules`). Removed by `dispose`, also after a failure.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildPlugin } from "../../scripts/plugin/build";
import { REPO_ROOT, requirePythonEnvironment } from "./toolchain";

export interface PluginProgram {
  /** The program's folder (a copy of the example). */
  readonly dir: string;
  /** The built plugin: its folder (launcher, bundle, schema) and its tarball. */
  readonly plugin: { readonly dir: string; readonly tarball: string; readonly version: string };
  dispose(): void;
}

/** `example` is a folder under examples/ whose Pulumi.yaml names the plugin's folder as `path: ../../build/plugin`. */
export function pluginProgram(example: string): PluginProgram {
  const root = mkdtempSync(path.join(os.tmpdir(), "svc-plugin-"));
  const plugin = buildPlugin(path.join(root, "plugin"), root);
  const dir = path.join(root, "program");
  // Not a stack's settings, nor what a developer's own run left in the example (its environment, packages, build).
  const leftOut = (source: string): boolean => /Pulumi\.[^/]+\.yaml$/.test(source) || /\/(venv|node_modules|target)$/.test(source);
  cpSync(path.join(REPO_ROOT, "examples", example), dir, { recursive: true, filter: (source) => !leftOut(source) });
  const project = path.join(dir, "Pulumi.yaml");
  const text = readFileSync(project, "utf8");
  if (!text.includes("path: ../../build/plugin"))
    throw new Error(`examples/${example}/Pulumi.yaml does not name the plugin's folder as path: ../../build/plugin`);
  writeFileSync(project, text.replace("path: ../../build/plugin", `path: ${plugin.dir}`));
  // A Go program names the generated SDK of the repository by a relative replace.
  const goMod = path.join(dir, "go.mod");
  if (existsSync(goMod)) writeFileSync(goMod, readFileSync(goMod, "utf8").replace("=> ../../sdks/", `=> ${path.join(REPO_ROOT, "sdks")}/`));
  // A Python program's `virtualenv: venv` is the environment scripts/setup.sh makes, which holds what requirements.txt lists.
  if (existsSync(path.join(dir, "requirements.txt"))) symlinkSync(requirePythonEnvironment(), path.join(dir, "venv"));
  // A Node.js program loads @pulumi/pulumi and pulumi-svc (linked by npm run build) from the repository's node_modules.
  if (existsSync(path.join(dir, "package.json"))) symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"));
  return { dir, plugin, dispose: () => rmSync(root, { recursive: true, force: true }) };
}
