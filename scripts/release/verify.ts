/**
 * Checks a release folder (scripts/release/main.ts writes it) as a user's download would be:
 * every file's sha256 against the checksums file, and no file left out of it; each plugin archive
 * holds the launcher the engine runs on its platform, the bundle, the release's schema and a Node.js
 * binary byte for byte the pinned one of the npm registry (so its signature is intact), whose
 * format (`file`) is the platform's, and the launchers of the tools (`svc-recover`, `svc-plan`,
 * `svc-import`), each of which, in the archive of the platform the check runs on, answers `--help`
 * on the archive's runtime with no Node.js on PATH; one download URL across the release: the archives' schemas and
 * every SDK package (npm's plugin SDK, the wheel and sdist, the Go module, the .NET sources, the
 * Java jar, the YAML declaration) name the same one, and none the default one instead
 * (sdkUrls.ts); no token, key or credential in any file or archive member.
 *
 *   npm run release:verify -- DIR [--platforms linux-amd64,...] [--download-url URL]
 *                                              (exit 1 and the problems when one fails)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { verifyChecksums } from "./checksums";
import { scanForCredentials, secretsOfEnvironment } from "./credentialScan";
import { nodeRuntime, PLATFORMS, type Platform } from "./nodeRuntimes";
import { archiveName, PLUGIN_NAME, toolLaunchers, UNIX_LAUNCHER, WINDOWS_LAUNCHER } from "./pluginArchives";
import { packageInfo } from "../generator/packageInfo";
import { checkDownloadUrls, releasePackages } from "./sdkUrls";

/** What `file` says of each platform's Node.js binary. */
export const BINARY_FORMAT: Readonly<Record<Platform, RegExp>> = {
  "linux-amd64": /ELF 64-bit LSB (pie )?executable, x86-64/,
  "linux-arm64": /ELF 64-bit LSB (pie )?executable, ARM aarch64/,
  "darwin-amd64": /Mach-O 64-bit x86_64 executable/,
  "darwin-arm64": /Mach-O 64-bit arm64 executable/,
  "windows-amd64": /PE32\+ executable \(console\) x86-64/,
};

export interface ArchiveReport {
  readonly platform: Platform;
  readonly file: string;
  readonly bytes: number;
  /** What `file` says of its Node.js binary. */
  readonly binaryFormat: string;
  /** The tools' launchers that were run (`--help`): those of the platform the check runs on. */
  readonly toolsRun: string[];
  /** Where its schema says the engine downloads the plugin from. */
  readonly downloadUrl: string | undefined;
}

export interface VerifyReport {
  readonly checksums: number;
  readonly archives: ArchiveReport[];
  /** The release's one download URL, and the SDK packages that name it. */
  readonly downloadUrl: string | undefined;
  readonly sdks: ReadonlyArray<{ readonly sdk: string; readonly file: string }>;
  readonly scanned: number;
  readonly problems: string[];
}

const describe = (file: string): string => execFileSync("file", ["-b", file], { encoding: "utf8" }).trim();

/** The release platform of the machine the check runs on, e.g. linux-amd64. */
const hostPlatform = (): string => `${process.platform === "win32" ? "windows" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;

/**
 * The tools' launchers of an unpacked archive: each there, executable, the release's text, and, on
 * the platform the check runs on, each answering `--help` with its usage, run with a PATH that holds
 * nothing (so no Node.js but the archive's). Returns the launchers run.
 */
function checkTools(name: string, unpacked: string, platform: Platform, listing: string, problems: string[]): string[] {
  const windows = platform.startsWith("windows-");
  const run: string[] = [];
  for (const { file, text } of toolLaunchers(windows)) {
    if (!new RegExp(` ${file.replace(/\./g, "\\.")}$`, "m").test(listing)) {
      problems.push(`${name} has no ${file}`);
      continue;
    }
    if (!windows && !new RegExp(`^-rwxr-xr-x .* ${file}$`, "m").test(listing)) problems.push(`${name}: ${file} is not executable`);
    if (readFileSync(path.join(unpacked, file), "utf8") !== text) problems.push(`${name}: ${file} is not the release's launcher`);
    if (platform !== hostPlatform() || windows) continue;
    const empty = mkdtempSync(path.join(os.tmpdir(), "svc-verify-path-"));
    try {
      const ran = spawnSync(path.join(unpacked, file), ["--help"], { env: { PATH: empty, HOME: empty }, encoding: "utf8", timeout: 60_000 });
      const said = `${ran.stdout}${ran.stderr}`;
      if (ran.status !== 0 || !said.toLowerCase().includes(`usage: ${file}`))
        problems.push(`${name}: ${file} --help exited ${ran.status ?? ran.signal} with no usage: ${said.slice(0, 300)}`);
      else run.push(file);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }
  return run;
}

function checkArchive(dir: string, version: string, platform: Platform, downloadUrl: string | undefined, problems: string[]): ArchiveReport | undefined {
  const name = archiveName(version, platform);
  const file = path.join(dir, name);
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch {
    problems.push(`${name} is missing`);
    return undefined;
  }
  const unpacked = mkdtempSync(path.join(os.tmpdir(), "svc-verify-"));
  try {
    execFileSync("tar", ["-xzf", file, "-C", unpacked]);
    const windows = platform.startsWith("windows-");
    const launcher = windows ? `${PLUGIN_NAME}.cmd` : PLUGIN_NAME;
    const node = windows ? "runtime/node.exe" : "runtime/node";
    const listing = execFileSync("tar", ["-tzvf", file], { encoding: "utf8" });
    const expected = [launcher, "svc-plugin.js", "schema.json", node, "runtime/LICENSE"];
    for (const entry of expected) if (!new RegExp(` ${entry.replace(/\./g, "\\.")}$`, "m").test(listing)) problems.push(`${name} has no ${entry}`);
    if (!windows && !/^-rwxr-xr-x .* pulumi-resource-svc$/m.test(listing)) problems.push(`${name}: ${launcher} is not executable`);
    const text = (member: string): string => readFileSync(path.join(unpacked, member), "utf8");
    if (text(launcher) !== (windows ? WINDOWS_LAUNCHER : UNIX_LAUNCHER)) problems.push(`${name}: ${launcher} is not the release's launcher`);
    const toolsRun = checkTools(name, unpacked, platform, listing, problems);
    const schema = JSON.parse(text("schema.json")) as { version?: string; pluginDownloadURL?: string };
    if (schema.version !== version) problems.push(`${name}: its schema says version ${schema.version}, not ${version}`);
    if (downloadUrl !== undefined && schema.pluginDownloadURL !== downloadUrl)
      problems.push(`${name}: its schema's pluginDownloadURL is ${schema.pluginDownloadURL}, not ${downloadUrl}`);
    const binaryFormat = describe(path.join(unpacked, node));
    if (!BINARY_FORMAT[platform].test(binaryFormat)) problems.push(`${name}: ${node} is "${binaryFormat}", not a ${platform} executable`);
    // Byte for byte the pinned package's binary: unmodified, so a signed one (macOS, Windows) keeps its signature.
    const runtime = nodeRuntime(platform);
    const pinned = mkdtempSync(path.join(os.tmpdir(), "svc-verify-pin-"));
    try {
      execFileSync("tar", ["-xzf", runtime.tarball, "-C", pinned, runtime.entry]);
      if (spawnSync("cmp", ["-s", path.join(pinned, runtime.entry), path.join(unpacked, node)]).status !== 0)
        problems.push(`${name}: ${node} differs from the pinned Node.js ${runtime.version}`);
    } finally {
      rmSync(pinned, { recursive: true, force: true });
    }
    return { platform, file: name, bytes, binaryFormat, toolsRun, downloadUrl: schema.pluginDownloadURL };
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

export async function verifyRelease(
  dir: string,
  options: { version: string; platforms?: readonly Platform[]; downloadUrl?: string; secrets?: readonly string[] },
): Promise<VerifyReport> {
  const problems: string[] = [];
  const sums = await verifyChecksums(dir, options.version);
  problems.push(...sums.problems);
  // The URL given, else the first archive's: every archive and SDK must name it.
  const archives = (options.platforms ?? PLATFORMS).flatMap((platform) => checkArchive(dir, options.version, platform, options.downloadUrl, problems) ?? []);
  const downloadUrl = options.downloadUrl ?? archives[0]?.downloadUrl;
  for (const archive of archives)
    if (archive.downloadUrl !== downloadUrl) problems.push(`${archive.file}: its schema names the download URL ${archive.downloadUrl}, not ${downloadUrl}`);
  const info = packageInfo(path.resolve(__dirname, "..", ".."));
  const urls =
    downloadUrl === undefined
      ? { checked: [], problems: ["no download URL to check the SDKs against: give --download-url, or verify the plugin archives too"] }
      : checkDownloadUrls(dir, releasePackages(options.version, info.goModule), downloadUrl, info.pluginDownloadURL);
  problems.push(...urls.problems);
  const scan = scanForCredentials(dir, [...(options.secrets ?? []), ...secretsOfEnvironment()]);
  for (const finding of scan.findings) problems.push(`${finding.file}${finding.member === undefined ? "" : ` (${finding.member})`} holds ${finding.kind}`);
  return { checksums: sums.verified.length, archives, downloadUrl, sdks: urls.checked, scanned: scan.scanned, problems };
}

if (require.main === module) {
  const [dir, ...rest] = process.argv.slice(2);
  if (dir === undefined) {
    console.error("usage: npm run release:verify -- DIR [--platforms linux-amd64,...] [--download-url URL]");
    process.exit(2);
  }
  const flag = (name: string): string | undefined => (rest.includes(name) ? (rest[rest.indexOf(name) + 1] ?? "") : undefined);
  const platforms = flag("--platforms")?.split(",") as Platform[] | undefined;
  const downloadUrl = flag("--download-url");
  const { version } = JSON.parse(readFileSync(path.resolve(__dirname, "..", "..", "package.json"), "utf8")) as { version: string };
  verifyRelease(path.resolve(dir), { version, ...(platforms !== undefined && { platforms }), ...(downloadUrl !== undefined && { downloadUrl }) })
    .then((report) => {
      for (const archive of report.archives)
        console.log(
          `${archive.file}  ${(archive.bytes / 1024 / 1024).toFixed(1)} MB  runtime: ${archive.binaryFormat.split(",").slice(0, 2).join(",")}` +
            (archive.toolsRun.length > 0 ? `  ran with no node on PATH: ${archive.toolsRun.map((tool) => `${tool} --help`).join(", ")}` : ""),
        );
      console.log(
        `download URL ${report.downloadUrl ?? "(none)"}, named by the archives and ${report.sdks.map((sdk) => sdk.sdk).join(", ") || "no SDK package"}`,
      );
      console.log(`${report.checksums} files match their sha256; ${report.scanned} files and archive members scanned for credentials`);
      if (report.problems.length > 0) {
        console.error(`release:verify: ${report.problems.length} problem(s):\n  ${report.problems.join("\n  ")}`);
        process.exit(1);
      }
      console.log("release:verify: every check holds");
    })
    .catch((error: unknown) => {
      console.error(`release:verify: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
