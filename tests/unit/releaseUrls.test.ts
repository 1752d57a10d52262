/**
 * One download URL across a release (scripts/release/sdkUrls.ts): each SDK package is read where
 * the engine or the SDK reads the URL, inside its tarball or zip; a package still naming the
 * default URL (an npm package packed from the committed SDK) is a problem, named.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { checkDownloadUrls, releasePackages } from "../../scripts/release/sdkUrls";

const DEFAULT = "https://github.com/pulumi-svc/pulumi-svc/releases/download/v0.1.0";
const MIRROR = "http://127.0.0.1:8080/svc";
const MODULE = "github.com/pulumi-svc/pulumi-svc/sdks/go/svc";
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "svc-release-urls-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A file tree under `stage` packed as the release's `file` (a gzipped tarball or a zip). */
function pack(file: string, format: "tar" | "zip", members: Record<string, string>): void {
  const stage = mkdtempSync(path.join(os.tmpdir(), "svc-release-urls-stage-"));
  for (const [member, text] of Object.entries(members)) {
    mkdirSync(path.dirname(path.join(stage, member)), { recursive: true });
    writeFileSync(path.join(stage, member), text);
  }
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  if (format === "tar") execFileSync("tar", ["-czf", path.join(dir, file), "-C", stage, ...Object.keys(members)]);
  else execFileSync("zip", ["-q", path.join(dir, file), ...Object.keys(members)], { cwd: stage });
  rmSync(stage, { recursive: true, force: true });
}

function npmPackage(url: string): void {
  pack("pulumi-svc-0.1.0.tgz", "tar", {
    "package/dist/sdks/nodejs/package.json": JSON.stringify({ pulumi: { resource: true, name: "svc", version: "0.1.0", server: url } }),
    "package/dist/sdks/nodejs/utilities.js": `return { version: getVersion(), pluginDownloadURL: "${url}" };`,
  });
}

function goModule(url: string): void {
  pack(`go/${MODULE}/@v/v0.1.0.zip`, "zip", {
    [`${MODULE}@v0.1.0/pulumi-plugin.json`]: JSON.stringify({ resource: true, name: "svc", version: "0.1.0", server: url }),
    [`${MODULE}@v0.1.0/internal/pulumiUtilities.go`]: `defaults = append(defaults, pulumi.PluginDownloadURL("${url}"))`,
  });
}

it("passes a release whose packages all name its URL", () => {
  npmPackage(MIRROR);
  goModule(MIRROR);
  writeFileSync(path.join(dir, "svc-0.1.0.yaml"), `packageDeclarationVersion: 1\nname: svc\nversion: 0.1.0\ndownloadUrl: "${MIRROR}"\n`);
  const report = checkDownloadUrls(dir, releasePackages("0.1.0", MODULE), MIRROR, DEFAULT);
  expect(report.problems).toEqual([]);
  expect(report.checked.map((checked) => checked.sdk)).toEqual(["npm package (pulumi-svc/plugin)", "Go module", "YAML package declaration"]);
});

it("names the npm package that still points at the default URL while the Go module names the mirror", () => {
  npmPackage(DEFAULT);
  goModule(MIRROR);
  const report = checkDownloadUrls(dir, releasePackages("0.1.0", MODULE), MIRROR, DEFAULT);
  expect(report.problems).toEqual([
    `pulumi-svc-0.1.0.tgz (package/dist/sdks/nodejs/package.json): the npm package (pulumi-svc/plugin) names the download URL ${DEFAULT}, not the release's ${MIRROR}`,
    `pulumi-svc-0.1.0.tgz (package/dist/sdks/nodejs/package.json): the npm package (pulumi-svc/plugin) still names ${DEFAULT}`,
    `pulumi-svc-0.1.0.tgz (package/dist/sdks/nodejs/utilities.js): the npm package (pulumi-svc/plugin) does not name the release's download URL ${MIRROR}`,
    `pulumi-svc-0.1.0.tgz (package/dist/sdks/nodejs/utilities.js): the npm package (pulumi-svc/plugin) still names ${DEFAULT}`,
  ]);
});

it("says so when a package lacks the member that names the URL", () => {
  pack("pulumi-svc-0.1.0.tgz", "tar", { "package/package.json": "{}" });
  expect(checkDownloadUrls(dir, releasePackages("0.1.0", MODULE), MIRROR, DEFAULT).problems).toEqual([
    "pulumi-svc-0.1.0.tgz (package/dist/sdks/nodejs/package.json): the npm package (pulumi-svc/plugin) has no such member",
    "pulumi-svc-0.1.0.tgz (package/dist/sdks/nodejs/utilities.js): the npm package (pulumi-svc/plugin) has no such member",
  ]);
});
