/**
 * One download URL across a release: every package of the release folder that tells the engine
 * where to download the plugin from must name the same URL (the one given, else the plugin
 * archives' schema's), and none may still name another (the default GitHub release's, when the
 * release was built for another server: a TypeScript SDK pointing outside a mirrored network).
 * Each package is read as a user gets it: the member the engine or the SDK reads, inside the
 * tarball, wheel, module zip or jar.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";

/** Where a package of the release names the download URL: a member holding a manifest (read exactly) or code (which must hold the URL). */
interface Place {
  readonly member: string;
  /** `manifest`: the URL is this function of the member's text; `code`: the member's text must hold the URL. */
  readonly manifest?: (text: string) => string | undefined;
}

interface Package {
  /** What a reader calls it in a problem. */
  readonly sdk: string;
  /** The file in the release folder. */
  readonly file: string;
  readonly format: "tar" | "zip" | "plain";
  readonly places: readonly Place[];
}

const server = (text: string): string | undefined => (JSON.parse(text) as { server?: string }).server;

/** Every package a release folder may hold, for a version and the Go module path. */
export function releasePackages(version: string, goModule: string): Package[] {
  const python = (prefix: string): Place[] => [
    { member: `${prefix}pulumi_svc/pulumi-plugin.json`, manifest: server },
    { member: `${prefix}pulumi_svc/_utilities.py` },
  ];
  const go = `${goModule}@v${version}`;
  return [
    {
      sdk: "npm package (pulumi-svc/plugin)",
      file: `pulumi-svc-${version}.tgz`,
      format: "tar",
      places: [
        { member: "package/dist/sdks/nodejs/package.json", manifest: (text) => (JSON.parse(text) as { pulumi?: { server?: string } }).pulumi?.server },
        { member: "package/dist/sdks/nodejs/utilities.js" },
      ],
    },
    { sdk: "Python wheel", file: `pulumi_svc-${version}-py3-none-any.whl`, format: "zip", places: python("") },
    { sdk: "Python sdist", file: `pulumi_svc-${version}.tar.gz`, format: "tar", places: python(`pulumi_svc-${version}/`) },
    {
      sdk: "Go module",
      file: path.join("go", goModule, "@v", `v${version}.zip`),
      format: "zip",
      places: [{ member: `${go}/pulumi-plugin.json`, manifest: server }, { member: `${go}/internal/pulumiUtilities.go` }],
    },
    {
      sdk: ".NET sources",
      file: `pulumi-svc-dotnet-v${version}.tar.gz`,
      format: "tar",
      places: [{ member: "pulumi-plugin.json", manifest: server }, { member: "Utilities.cs" }],
    },
    {
      sdk: "Java (Maven)",
      file: path.join("maven", "com", "pulumi", "svc", version, `svc-${version}.jar`),
      format: "zip",
      // The constant pool holds the URL as plain bytes.
      places: [{ member: "com/pulumi/svc/Provider.class" }],
    },
    {
      sdk: "YAML package declaration",
      file: `svc-${version}.yaml`,
      format: "plain",
      places: [{ member: "", manifest: (text) => /^downloadUrl: "?([^"\n]+)"?$/m.exec(text)?.[1] }],
    },
  ];
}

function readMember(file: string, format: Package["format"], member: string): string {
  if (format === "plain") return readFileSync(file, "latin1");
  const args = format === "tar" ? ["-xzOf", file, member] : ["-p", file, member];
  return execFileSync(format === "tar" ? "tar" : "unzip", args, { encoding: "latin1", maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
}

export interface UrlReport {
  /** Each package checked, with the URL it names. */
  readonly checked: ReadonlyArray<{ readonly sdk: string; readonly file: string }>;
  readonly problems: string[];
}

/**
 * Checks every package the release folder holds: each names `url`; none names `otherUrl` (the
 * default one, when `url` is not it).
 */
export function checkDownloadUrls(dir: string, packages: readonly Package[], url: string, otherUrl: string | undefined): UrlReport {
  const checked: Array<{ sdk: string; file: string }> = [];
  const problems: string[] = [];
  for (const pkg of packages) {
    const file = path.join(dir, pkg.file);
    if (!existsSync(file)) continue;
    for (const place of pkg.places) {
      const where = `${pkg.file}${place.member === "" ? "" : ` (${place.member})`}`;
      let text: string;
      try {
        text = readMember(file, pkg.format, place.member);
      } catch {
        problems.push(`${where}: the ${pkg.sdk} has no such member`);
        continue;
      }
      if (place.manifest !== undefined) {
        const named = place.manifest(text);
        if (named !== url) problems.push(`${where}: the ${pkg.sdk} names the download URL ${named ?? "(none)"}, not the release's ${url}`);
      } else if (!text.includes(url)) problems.push(`${where}: the ${pkg.sdk} does not name the release's download URL ${url}`);
      if (otherUrl !== undefined && otherUrl !== url && text.includes(otherUrl)) problems.push(`${where}: the ${pkg.sdk} still names ${otherUrl}`);
    }
    checked.push({ sdk: pkg.sdk, file: pkg.file });
  }
  return { checked, problems };
}
