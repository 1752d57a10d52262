/**
 * The last release's fixtures (tests/fixtures/release/previous/, made by `npm run release:previous`
 * from the release's commit): each file is the one manifest.json names (sha256 and size), the npm
 * package and the plugin are of the release's version, the plugin carries the committed schema,
 * and the release is older than package.json's version and dated in CHANGELOG.md. That the
 * files are what the script makes from the commit is the campaign's check
 * (tests/campaign/previousRelease.campaign.test.ts): it builds an old tree, and needs the history.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { npmPackage, pluginPackage, PREVIOUS_DIR, readPrevious, SCHEMA_FILE, sha256 } from "../../scripts/release/previous";
import { REPO_ROOT } from "../support/toolchain";

const previous = readPrevious();
const versionParts = (version: string): number[] => version.split(/[.-]/).slice(0, 3).map(Number);
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "svc-previous-test-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The entries of a gzipped tarball, unpacked into a folder of its own. */
function unpack(file: string): { dir: string; entries: string[] } {
  const dir = mkdtempSync(path.join(scratch, "unpacked-"));
  execFileSync("tar", ["-xzf", file, "-C", dir]);
  const entries = execFileSync("tar", ["-tzf", file], { encoding: "utf8" }).trim().split("\n").sort();
  return { dir, entries };
}

it("holds exactly the files manifest.json names, each with its sha256 and size", () => {
  expect(readdirSync(PREVIOUS_DIR).sort()).toEqual(["manifest.json", ...Object.keys(previous.files)].sort());
  expect(Object.keys(previous.files).sort()).toEqual([npmPackage(previous.version), pluginPackage(previous.version), SCHEMA_FILE].sort());
  for (const [file, { sha256: hash, bytes }] of Object.entries(previous.files)) {
    const full = path.join(PREVIOUS_DIR, file);
    expect({ file, hash: sha256(full), bytes: statSync(full).size }).toEqual({ file, hash, bytes });
  }
  expect(previous.tag).toBe(`v${previous.version}`);
  expect(previous.commit).toMatch(/^[0-9a-f]{40}$/);
});

it("the npm package is pulumi-svc of the release's version, with its built SDK, provider and bins", () => {
  const { dir, entries } = unpack(path.join(PREVIOUS_DIR, npmPackage(previous.version)));
  const manifest = JSON.parse(readFileSync(path.join(dir, "package", "package.json"), "utf8")) as {
    name: string;
    version: string;
    bin: Record<string, string>;
  };
  expect({ name: manifest.name, version: manifest.version }).toEqual({ name: "pulumi-svc", version: previous.version });
  for (const entry of ["package/dist/sdk/index.js", "package/dist/provider/index.js", ...Object.values(manifest.bin).map((bin) => `package/${bin}`)])
    expect(entries).toContain(entry);
});

it("the plugin is the launcher, the bundle and the release's schema, which is the committed schema.json", () => {
  const { dir, entries } = unpack(path.join(PREVIOUS_DIR, pluginPackage(previous.version)));
  expect(entries).toEqual(["pulumi-resource-svc", "schema.json", "svc-plugin.js"]);
  expect(statSync(path.join(dir, "pulumi-resource-svc")).mode & 0o111).toBe(0o111);
  expect(readFileSync(path.join(dir, "schema.json"), "utf8")).toBe(readFileSync(path.join(PREVIOUS_DIR, SCHEMA_FILE), "utf8"));
  expect((JSON.parse(readFileSync(path.join(PREVIOUS_DIR, SCHEMA_FILE), "utf8")) as { version: string }).version).toBe(previous.version);
});

it("is an earlier version than package.json's, released in CHANGELOG.md", () => {
  const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
  const [current, last] = [versionParts(version), versionParts(previous.version)];
  const order = current.map((part, index) => part - (last[index] ?? 0)).find((difference) => difference !== 0) ?? 0;
  expect({ current: version, last: previous.version, newer: order > 0 }).toEqual({ current: version, last: previous.version, newer: true });
  const changelog = readFileSync(path.join(REPO_ROOT, "CHANGELOG.md"), "utf8");
  expect(changelog).toMatch(new RegExp(`^## ${previous.version.replace(/\./g, "\\.")} \\(\\d{4}-\\d{2}-\\d{2}\\)$`, "m"));
});
