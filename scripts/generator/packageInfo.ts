/**
 * What the package schema, the SDKs and the release take from package.json, the one place each
 * is written: the version (of the plugin, the schema, every SDK and the npm package), the
 * repository, and from it where the engine downloads the plugin (a GitHub release of the
 * version) and the Go SDK's module path (its folder in the repository, as `go get` finds it).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { z } from "zod";

const manifestSchema = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, { error: "a semantic version, e.g. 0.1.0" }),
  repository: z.object({
    type: z.literal("git"),
    url: z.string().regex(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/, { error: "git+https://github.com/<owner>/<repo>.git" }),
  }),
});

export interface PackageInfo {
  readonly version: string;
  /** `https://github.com/<owner>/<repo>` */
  readonly repository: string;
  /** Where the engine downloads `pulumi-resource-svc-v<version>-<os>-<arch>.tar.gz` from, by default: the version's GitHub release. */
  readonly pluginDownloadURL: string;
  /** The Go SDK's module path: its folder (sdks/go/svc) in the repository. */
  readonly goModule: string;
}

/** The folder of the Go SDK's module in the repository. */
export const GO_SDK_DIR = "sdks/go/svc";

export function packageInfo(root = path.resolve(__dirname, "..", "..")): PackageInfo {
  const file = path.join(root, "package.json");
  const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  const repository = parsed.data.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
  return {
    version: parsed.data.version,
    repository,
    // The version written out, not the engine's `${VERSION}` placeholder: `pulumi import` writes the URL
    // into a PCL string, where `${VERSION}` is an interpolation the engine's binder refuses ("invalid
    // download URL"), so every import of an svc object would fail. The schema is written per version anyway.
    pluginDownloadURL: `${repository}/releases/download/v${parsed.data.version}`,
    goModule: `${repository.replace(/^https:\/\//, "")}/${GO_SDK_DIR}`,
  };
}
