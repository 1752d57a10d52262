/**
 * The release build: one folder holding everything a release publishes, from a clean clone, with
 * no network but the package registries (the Node.js runtimes and Python build tools are fetched
 * once into ~/.cache/pulumi-svc). One version everywhere: package.json's.
 *
 *   npm run release -- [--out DIR] [--version X] [--download-url URL] [--platforms p,...] [--only part,...]
 *
 * - `--out` (default build/release) is emptied first.
 * - `--version` only checks: the release is package.json's version (bump it with `npm version`),
 *   and CHANGELOG.md must have its section.
 * - `--download-url` is where the engine downloads the plugin archives from, written into the
 *   schema and so into every SDK (default: the GitHub release of the version, package.json's
 *   repository). It names the version itself (no `${VERSION}`: see packageInfo.ts).
 * - `--platforms` (default all five) and `--only` (default every part: plugin, yaml, go, python,
 *   dotnet, java, npm) build a part of it, as the smoke test does.
 *
 * Folder: pulumi-resource-svc-v<version>-<os>-<arch>.tar.gz per platform; svc-<version>.yaml (the
 * YAML package declaration); go/<module>/@v/... (a module-proxy folder); pulumi_svc-<version>.tar.gz
 * and pulumi_svc-<version>-py3-none-any.whl; pulumi-svc-dotnet-v<version>.tar.gz (the .NET project);
 * maven/ (when a Java SDK is generated); pulumi-svc-<version>.tgz (npm pack, its plugin SDK from the
 * release's schema: npmPackage.ts); and
 * pulumi-svc_<version>_checksums.txt. docs/release.md has the whole story.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { API_MANIFESTS } from "../../provider/apis";
import { declarations } from "../../provider/registry";
import { packageInfo, type PackageInfo } from "../generator/packageInfo";
import { renderSchema } from "../generator/schema";
import { bundlePlugin } from "../plugin/build";
import { writeChecksums } from "./checksums";
import { PREVIOUS_DIR, readPrevious, SCHEMA_FILE } from "./previous";
import { breakingChanges, namedBreaking, unnamedBreaking, type PackageSchema } from "./schemaChanges";
import { writeNpmPackage } from "./npmPackage";
import { PLATFORMS, type Platform } from "./nodeRuntimes";
import { sourceDateEpoch, writePluginArchive } from "./pluginArchives";
import {
  checkPluginManifests,
  generateSdks,
  ROOT,
  writeDotnetSources,
  writeGoModule,
  writeJavaArtifact,
  writePythonPackages,
  writeYamlDeclaration,
} from "./sdkPackages";

export const PARTS = ["plugin", "yaml", "go", "python", "dotnet", "java", "npm"] as const;
export type Part = (typeof PARTS)[number];

export interface ReleaseOptions {
  readonly out: string;
  readonly version?: string;
  readonly downloadUrl?: string;
  readonly platforms?: readonly Platform[];
  readonly only?: readonly Part[];
  /**
   * The npm package from the dist/ that `npm run build` made (`npm pack --ignore-scripts`), not built
   * afresh by prepack: for tests that run beside others using dist/.
   */
  readonly packBuilt?: boolean;
  readonly log?: (line: string) => void;
}

export interface Release {
  readonly dir: string;
  readonly info: PackageInfo;
  readonly downloadUrl: string;
  readonly files: ReadonlyArray<{ readonly file: string; readonly bytes: number }>;
}

/** The release's CHANGELOG.md section must exist: a release says what it brings. */
export function changelogSection(version: string, root = ROOT): string {
  const text = readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
  const match = new RegExp(`^## ${version.replace(/\./g, "\\.")}(?: |$)[^\\n]*\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, "m").exec(text);
  if (match === null || match[1]!.trim() === "") throw new Error(`CHANGELOG.md has no section "## ${version}" saying what the release brings`);
  return match[1]!.trim();
}

export async function buildRelease(options: ReleaseOptions): Promise<Release> {
  const log = options.log ?? ((line: string) => process.stderr.write(`release: ${line}\n`));
  const info = packageInfo(ROOT);
  if (options.version !== undefined && options.version !== info.version) {
    throw new Error(
      `--version ${options.version} is not package.json's ${info.version}: one version everywhere, so bump it first (npm version ${options.version} --no-git-tag-version)`,
    );
  }
  changelogSection(info.version);
  const version = info.version;
  const downloadUrl = options.downloadUrl ?? info.pluginDownloadURL;
  if (!/^https?:\/\/[^\s]+$/.test(downloadUrl)) throw new Error(`--download-url ${downloadUrl} is not an http(s) URL, the form the engine downloads from`);
  const only = new Set<Part>(options.only ?? PARTS);
  const platforms = options.platforms ?? PLATFORMS;
  const out = path.resolve(options.out);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const epoch = sourceDateEpoch(ROOT);
  const work = mkdtempSync(path.join(os.tmpdir(), "svc-release-"));
  try {
    const schema = path.join(work, "schema.json");
    writeFileSync(schema, renderSchema({ manifests: API_MANIFESTS, declarations, info: { ...info, pluginDownloadURL: downloadUrl } }));
    requireNamedBreaking(schema, version);

    if (only.has("plugin")) {
      const bundle = path.join(work, "svc-plugin.js");
      bundlePlugin(bundle);
      for (const platform of platforms) log(`wrote ${path.basename(writePluginArchive(platform, { bundle, schema, version, out, epoch, log }))}`);
    }
    if (only.has("yaml")) log(`wrote ${path.basename(writeYamlDeclaration(version, downloadUrl, out))}`);

    // Every SDK from the release's schema, npm's plugin SDK (`pulumi-svc/plugin`) included: one download URL everywhere.
    const sdkParts = (["go", "python", "dotnet", "java", "npm"] as const).filter((part) => only.has(part));
    if (sdkParts.length > 0) {
      const sdks = path.join(work, "sdks");
      log("generating the SDKs from the release's schema (scripts/gen-sdks.sh)...");
      generateSdks(schema, sdks);
      log(`every SDK names ${version} and ${downloadUrl}: ${checkPluginManifests(sdks, version, downloadUrl).join(", ")}`);
      if (downloadUrl === info.pluginDownloadURL) requireCommittedSdks(sdks);
      if (only.has("go"))
        log(
          `wrote the Go module ${info.goModule} v${version} into ${path.relative(out, writeGoModule(path.join(sdks, "go", "svc"), info.goModule, version, epoch, out))}/`,
        );
      if (only.has("python"))
        log(
          `wrote ${writePythonPackages(path.join(sdks, "python"), out, epoch, log)
            .map((file) => path.basename(file))
            .join(", ")}`,
        );
      if (only.has("dotnet")) log(`wrote ${path.basename(writeDotnetSources(path.join(sdks, "dotnet"), version, out, epoch))}`);
      if (only.has("java") && existsSync(path.join(sdks, "java")))
        log(`wrote the Java SDK's Maven artifacts into ${path.relative(out, writeJavaArtifact(path.join(sdks, "java"), out))}/`);
      if (only.has("npm")) log(`wrote ${path.basename(writeNpmPackage(path.join(sdks, "nodejs"), work, out, log, options.packBuilt ?? false))}`);
    }
    log(`wrote ${path.basename(await writeChecksums(out, version))}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const files = readdirSync(out, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ file: entry.name, bytes: statSync(path.join(out, entry.name)).size }));
  return { dir: out, info, downloadUrl, files };
}

/** A change that breaks what the last release made is released only when the version's CHANGELOG.md section names it under Breaking. */
function requireNamedBreaking(schema: string, version: string): void {
  const previous = JSON.parse(readFileSync(path.join(PREVIOUS_DIR, SCHEMA_FILE), "utf8")) as PackageSchema;
  const current = JSON.parse(readFileSync(schema, "utf8")) as PackageSchema;
  const unnamed = unnamedBreaking(breakingChanges(previous, current), namedBreaking(readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8"), version).subjects);
  if (unnamed.length > 0)
    throw new Error(
      `the schema breaks what ${readPrevious().version} made, and CHANGELOG.md's ## ${version} section does not say so under "### Breaking": ` +
        unnamed.map(({ subject, what }) => `${subject} (${what})`).join(", "),
    );
}

/**
 * With the default download URL the release's SDKs must be the committed ones: the Go module's
 * tag in the repository is what `go get` finds without the proxy folder.
 */
function requireCommittedSdks(generated: string): void {
  for (const sdk of ["go", "python", "dotnet", "nodejs"]) {
    try {
      execFileSync("diff", ["-r", "-q", path.join(ROOT, "sdks", sdk), path.join(generated, sdk)], { stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      const said = (error as { stdout?: Buffer }).stdout?.toString().trim() ?? "";
      throw new Error(`sdks/${sdk} is not what the release's schema generates: run npm run generate && npm run gen-sdks and commit\n${said}`, { cause: error });
    }
  }
}

function parseArgs(argv: readonly string[]): ReleaseOptions {
  const options: { -readonly [K in keyof ReleaseOptions]: ReleaseOptions[K] } = { out: path.join(ROOT, "build", "release") };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value`);
    if (flag === "--out") options.out = value;
    else if (flag === "--version") options.version = value;
    else if (flag === "--download-url") options.downloadUrl = value;
    else if (flag === "--platforms") options.platforms = listOf(value, PLATFORMS, flag);
    else if (flag === "--only") options.only = listOf(value, PARTS, flag);
    else throw new Error(`unknown flag ${flag}: --out, --version, --download-url, --platforms, --only`);
  }
  return options;
}

function listOf<T extends string>(value: string, allowed: readonly T[], flag: string): T[] {
  const items = value.split(",").filter(Boolean);
  const unknown = items.filter((item) => !(allowed as readonly string[]).includes(item));
  if (unknown.length > 0 || items.length === 0) throw new Error(`${flag} takes a comma-separated list of ${allowed.join(", ")}; got ${value}`);
  return items as T[];
}

if (require.main === module) {
  const started = Date.now();
  Promise.resolve()
    .then(() => buildRelease(parseArgs(process.argv.slice(2))))
    .then((release) => {
      for (const { file, bytes } of release.files)
        console.log(`${file}\t${bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`}`);
      console.log(`release ${release.info.version} in ${release.dir} (plugin from ${release.downloadUrl}), ${((Date.now() - started) / 1000).toFixed(0)} s`);
    })
    .catch((error: unknown) => {
      console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
