/**
 * A user's project as `npm install` makes it: the packed package (what `npm pack` of this
 * repository ships) beside the `@pulumi/pulumi` the user chose, in a temporary folder. What the
 * journey tests run, and what tells whether npm keeps one copy of the Pulumi SDK.
 */
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "./toolchain";

/** Runs npm offline-friendly and quietly; its output is returned (and thrown with on failure). */
export function npm(cwd: string, args: readonly string[]): string {
  try {
    return execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, npm_config_update_notifier: "false" },
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`npm ${args.join(" ")} failed in ${cwd}:\n${failed.stderr ?? ""}${failed.stdout ?? ""}${failed.message}`);
  }
}

/**
 * Packs the built package (dist/ must be built: `npm test` builds first) into a temporary
 * folder and returns the tarball's path. Scripts are skipped so that packing does not rebuild
 * dist/ under the tests that are using it.
 */
export function packPackage(): string {
  if (!existsSync(path.join(REPO_ROOT, "dist", "sdk", "index.js"))) {
    throw new Error("dist/ is not built: run `npm run build` (npm test does) before the journey tests");
  }
  const into = mkdtempSync(path.join(os.tmpdir(), "svc-pack-"));
  const packed = JSON.parse(npm(REPO_ROOT, ["pack", "--ignore-scripts", "--json", "--pack-destination", into])) as Array<{ filename: string }>;
  const file = packed[0]?.filename;
  if (file === undefined) throw new Error("npm pack wrote no tarball");
  return path.join(into, file);
}

/** The version the repository's lockfile holds of a package (the tools a user project gets). */
export function lockedVersion(name: string): string {
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (version === undefined) throw new Error(`package-lock.json does not lock ${name}`);
  return version;
}

export interface UserProject {
  readonly dir: string;
  /** Every installed copy of `@pulumi/pulumi`, as folders (npm ls --parseable). */
  sdkCopies(): string[];
  /** The version of the one `@pulumi/pulumi` the project resolves. */
  sdkVersion(): string;
}

/** `npm install` in the background (several may run at once, sharing npm's cache); rejects with npm's output. */
function npmInstall(cwd: string, packages: readonly string[]): Promise<void> {
  const args = ["install", ...packages, "--no-audit", "--no-fund", "--loglevel=error"];
  return new Promise((resolve, reject) =>
    execFile("npm", args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } }, (error, stdout, stderr) =>
      error === null ? resolve() : reject(new Error(`npm ${args.join(" ")} failed in ${cwd}:\n${stderr}${stdout}${error.message}`)),
    ),
  );
}

/**
 * Makes a project in a new folder from `files` (package.json, Pulumi.yaml, the program) and
 * installs the tarball, `@pulumi/pulumi@sdk` and `extra` packages into it, as a user would.
 */
export async function installUserProject(tarball: string, sdk: string, files: Record<string, string>, extra: readonly string[]): Promise<UserProject> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-user-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  await npmInstall(dir, [tarball, `@pulumi/pulumi@${sdk}`, ...extra]);
  return userProject(dir);
}

/**
 * A second project with what `installed` installed, without installing it again: a new folder
 * with `files`, the installed project's dependencies and lockfile, and its node_modules as hard
 * links (the same tree npm would write from that lockfile; `npm ls` agrees). For tests that need
 * the same packages under another program (a CommonJS and an ES module program of one SDK).
 */
export function projectLike(installed: UserProject, files: Record<string, string>): UserProject {
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-user-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const read = (folder: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ ...read(dir), dependencies: read(installed.dir)["dependencies"] }, null, 2));
  copyFileSync(path.join(installed.dir, "package-lock.json"), path.join(dir, "package-lock.json"));
  execFileSync("cp", ["-al", path.join(installed.dir, "node_modules"), path.join(dir, "node_modules")]);
  return userProject(dir);
}

function userProject(dir: string): UserProject {
  return {
    dir,
    sdkCopies() {
      return npm(dir, ["ls", "@pulumi/pulumi", "--all", "--parseable"])
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.endsWith(path.join("node_modules", "@pulumi", "pulumi")));
    },
    sdkVersion() {
      const manifest = path.join(dir, "node_modules", "@pulumi", "pulumi", "package.json");
      return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
    },
  };
}
