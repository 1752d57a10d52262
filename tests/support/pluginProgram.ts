/**
 * A program of another language that uses the provider plugin, ready for the engine: the plugin
 * built (esbuild, scripts/plugin/build.ts) into a folder of the test's own, and the example copied
 * beside it with its `plugins:` path pointing there, so that test files running at once never
 * share a build. Removed by `dispose`, also after a failure.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildPlugin } from "../../scripts/plugin/build";
import { REPO_ROOT } from "./toolchain";

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
  cpSync(path.join(REPO_ROOT, "examples", example), dir, { recursive: true, filter: (source) => !/Pulumi\.[^/]+\.yaml$/.test(source) });
  const project = path.join(dir, "Pulumi.yaml");
  const text = readFileSync(project, "utf8");
  if (!text.includes("path: ../../build/plugin"))
    throw new Error(`examples/${example}/Pulumi.yaml does not name the plugin's folder as path: ../../build/plugin`);
  writeFileSync(project, text.replace("path: ../../build/plugin", `path: ${plugin.dir}`));
  // A Go program names the generated SDK of the repository by a relative replace.
  const goMod = path.join(dir, "go.mod");
  if (existsSync(goMod)) writeFileSync(goMod, readFileSync(goMod, "utf8").replace("=> ../../sdks/", `=> ${path.join(REPO_ROOT, "sdks")}/`));
  return { dir, plugin, dispose: () => rmSync(root, { recursive: true, force: true }) };
}
