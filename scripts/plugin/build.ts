/**
 * Builds the provider plugin: `build/plugin/` holds `pulumi-resource-svc` (a launcher that runs
 * the bundle with the `node` on PATH), `svc-plugin.js` (plugin/main.ts and everything it loads,
 * bundled by esbuild into one file) and `schema.json`; `build/pulumi-resource-svc-v<version>-<os>-<arch>.tar.gz`
 * holds the same three files, for `pulumi plugin install resource svc <version> --file <tarball>`.
 * The folder is what a program's `plugins:` section points at during development.
 *
 *   npm run build:plugin                     (prints the folder and the tarball)
 */
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { buildSync } from "esbuild";

const ROOT = path.resolve(__dirname, "..", "..");
export const PLUGIN_DIR = path.join(ROOT, "build", "plugin");

/** The launcher the engine runs; a shell script, so the bundle needs no executable bit or shebang. */
const LAUNCHER =
  '#!/bin/sh\n# The pulumi-svc provider plugin: its bundle, run by the node on PATH (Node.js >= 22).\nexec node "$(dirname "$0")/svc-plugin.js" "$@"\n';

export function pluginTarball(version: string, folder = path.join(ROOT, "build")): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return path.join(folder, `pulumi-resource-svc-v${version}-${process.platform}-${arch}.tar.gz`);
}

/** plugin/main.ts and everything it loads, bundled by esbuild into one file (the release's archives ship the same bundle). */
export function bundlePlugin(outfile: string): void {
  buildSync({
    entryPoints: [path.join(ROOT, "plugin", "main.ts")],
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    minify: true,
    // Names stay: error messages and the engine's logs name classes (ApiError) and functions.
    keepNames: true,
    legalComments: "none",
    outfile,
    logLevel: "warning",
  });
}

/** Builds into `dir` (default build/plugin) and the tarball beside it (default build/); tests build their own copy. */
export function buildPlugin(dir = PLUGIN_DIR, tarballDir = path.dirname(dir)): { dir: string; tarball: string; bytes: number; version: string } {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const bundle = path.join(dir, "svc-plugin.js");
  bundlePlugin(bundle);
  copyFileSync(path.join(ROOT, "plugin", "schema.json"), path.join(dir, "schema.json"));
  const launcher = path.join(dir, "pulumi-resource-svc");
  writeFileSync(launcher, LAUNCHER);
  chmodSync(launcher, 0o755);
  const tarball = pluginTarball(version, tarballDir);
  execFileSync("tar", ["-czf", tarball, "-C", dir, "pulumi-resource-svc", "svc-plugin.js", "schema.json"]);
  return { dir, tarball, bytes: statSync(bundle).size, version };
}

if (require.main === module) {
  const { dir, tarball, bytes } = buildPlugin();
  console.log(`plugin folder: ${dir} (bundle ${(bytes / 1024 / 1024).toFixed(1)} MB)\nplugin tarball: ${tarball}`);
}
