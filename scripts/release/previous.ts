/**
 * The last release, as the upgrade tests need it: its npm package, its provider plugin and its
 * schema, built from the release's commit and committed under tests/fixtures/release/previous/
 * (manifest.json names the version, the tag and the commit, and each file's sha256). Committed,
 * so that `npm test` needs neither the tag nor the history (CI clones one branch, maybe shallow)
 * nor a build of an old tree; this script makes them again from the history, the same bytes.
 *
 *   npm run release:previous                    the fixtures again, from manifest.json's commit
 *   npm run release:previous -- --tag v0.2.0    after cutting v0.2.0: the new last release's fixtures
 *   npm run release:previous -- --out DIR       into DIR instead (the campaign compares DIR with the committed files)
 *
 * The tree of the commit (`git archive`, no worktree left behind) in a temporary folder: `npm ci`
 * from its own lockfile, `npm pack` (its prepack builds dist/), its own plugin bundle
 * (scripts/plugin/build.ts of that tree: the launcher that runs the bundle with the node on PATH,
 * svc-plugin.js and schema.json), packed reproducibly (sorted, owned by root, dated by the commit)
 * as `pulumi-resource-svc-v<version>.tar.gz`, which `pulumi plugin install resource svc <version>
 * --file` installs; and the commit's plugin/schema.json, which the schema comparison reads.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { reproducibleTarball } from "./pluginArchives";

const ROOT = path.resolve(__dirname, "..", "..");
export const PREVIOUS_DIR = path.join(ROOT, "tests", "fixtures", "release", "previous");
export const MANIFEST = path.join(PREVIOUS_DIR, "manifest.json");

/** What manifest.json says of the last release and of each file made from it. */
export interface PreviousRelease {
  readonly version: string;
  readonly tag: string;
  readonly commit: string;
  /** Seconds since the epoch: the commit's time, which dates the plugin tarball's entries. */
  readonly committed: number;
  readonly files: Readonly<Record<string, { readonly sha256: string; readonly bytes: number }>>;
}

export const npmPackage = (version: string): string => `pulumi-svc-${version}.tgz`;
export const pluginPackage = (version: string): string => `pulumi-resource-svc-v${version}.tar.gz`;
export const SCHEMA_FILE = "schema.json";

export function readPrevious(dir = PREVIOUS_DIR): PreviousRelease {
  return JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as PreviousRelease;
}

export function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

const git = (args: readonly string[]): string => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();

/** The commit a tag or commit names, with a message that says how to get it when the clone lacks it. */
function resolveCommit(ref: string): string {
  try {
    return git(["rev-parse", "--verify", `${ref}^{commit}`]);
  } catch (error) {
    throw new Error(
      `${ref} is not in this clone's history: fetch it first (git fetch --tags, or git fetch --unshallow in a shallow clone); ` +
        "npm test does not need it, only this script does",
      { cause: error },
    );
  }
}

/** Runs a command in the old tree, its output to stderr (the script's own output is the file list). */
function run(command: string, args: readonly string[], cwd: string): void {
  execFileSync(command, args, { cwd, stdio: ["ignore", process.stderr, process.stderr], env: { ...process.env, npm_config_loglevel: "error" } });
}

/** Builds the release at `commit` into `out`: the npm package, the plugin tarball, the schema and manifest.json. */
export function buildPrevious(commit: string, tag: string, out: string, log: (line: string) => void): PreviousRelease {
  const tree = mkdtempSync(path.join(os.tmpdir(), "svc-previous-"));
  try {
    log(`the tree of ${tag} (${commit.slice(0, 12)}) into ${tree}`);
    execFileSync("bash", ["-c", 'set -o pipefail; git -C "$1" archive "$2" | tar -x -C "$3"', "bash", ROOT, commit, tree]);
    const { version } = JSON.parse(readFileSync(path.join(tree, "package.json"), "utf8")) as { version: string };
    if (`v${version}` !== tag) throw new Error(`${tag} names ${commit.slice(0, 12)}, whose package.json says ${version}: a release's tag is v<its version>`);
    const committed = Number(git(["log", "-1", "--format=%ct", commit]));
    log("npm ci (its own lockfile)");
    run("npm", ["ci", "--no-audit", "--no-fund"], tree);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    log("npm pack (its prepack builds dist/)");
    run("npm", ["pack", "--pack-destination", out], tree);
    log("its plugin bundle (scripts/plugin/build.ts of that tree)");
    run("npx", ["ts-node", "--transpile-only", "scripts/plugin/build.ts"], tree);
    const plugin = path.join(tree, "build", "plugin");
    // Modes as a release's, whatever the umask of the machine that builds them.
    chmodSync(path.join(plugin, "pulumi-resource-svc"), 0o755);
    for (const file of ["schema.json", "svc-plugin.js"]) chmodSync(path.join(plugin, file), 0o644);
    reproducibleTarball(plugin, ["pulumi-resource-svc", "schema.json", "svc-plugin.js"], path.join(out, pluginPackage(version)), committed);
    copyFileSync(path.join(tree, "plugin", "schema.json"), path.join(out, SCHEMA_FILE));
    const files = Object.fromEntries(
      [npmPackage(version), pluginPackage(version), SCHEMA_FILE].map((file) => {
        const full = path.join(out, file);
        if (!existsSync(full)) throw new Error(`the build of ${tag} wrote no ${file}`);
        return [file, { sha256: sha256(full), bytes: statSync(full).size }];
      }),
    );
    const manifest: PreviousRelease = { version, tag, commit, committed, files };
    writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const stray = readdirSync(out).filter((file) => file !== "manifest.json" && !(file in files));
    if (stray.length > 0) throw new Error(`the build of ${tag} left files nobody asked for: ${stray.join(", ")}`);
    return manifest;
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

function parseArgs(argv: readonly string[]): { tag?: string; out: string } {
  const options: { tag?: string; out: string } = { out: PREVIOUS_DIR };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value`);
    if (flag === "--tag") options.tag = value;
    else if (flag === "--out") options.out = path.resolve(value);
    else throw new Error(`unknown flag ${flag}: --tag, --out`);
  }
  return options;
}

if (require.main === module) {
  try {
    const { tag: given, out } = parseArgs(process.argv.slice(2));
    const tag = given ?? readPrevious().tag;
    // Without --tag, the manifest's commit: the fixtures again, whether or not the clone has the tag.
    const commit = given === undefined ? resolveCommit(readPrevious().commit) : resolveCommit(given);
    const started = Date.now();
    const manifest = buildPrevious(commit, tag, out, (line) => process.stderr.write(`release:previous: ${line}\n`));
    for (const [file, { bytes, sha256: hash }] of Object.entries(manifest.files)) console.log(`${file}\t${(bytes / 1024).toFixed(1)} KB\t${hash}`);
    console.log(`${manifest.tag} (${manifest.commit.slice(0, 12)}) in ${out}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    console.error(`release:previous: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
