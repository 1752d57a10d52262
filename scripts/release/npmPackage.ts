/**
 * The release's npm package: `npm pack` of the repository (prepack builds dist/ afresh), with its
 * plugin SDK (`pulumi-svc/plugin`, dist/sdks/nodejs) compiled from the Node.js SDK generated from
 * the release's schema, as the Go, Python, .NET and Java SDKs are: so the package names the
 * release's version and download URL (the engine downloads the plugin from there when a program
 * registers one of its resources), not the committed SDK's default URL. With the default URL the
 * two are the same (main.ts requires the committed SDKs to be what the schema generates).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { ROOT } from "./sdkPackages";

/** Where the generated SDK is compiled: under the repository, so that its imports (`@pulumi/pulumi`) resolve from its node_modules. */
const COMPILE_ROOT = path.join(ROOT, "build");

/**
 * Packs the npm package into `out` with the plugin SDK of `nodejsSdk` (a generated sdks/nodejs);
 * returns the tarball's path. `packBuilt`: pack dist/ as `npm run build` left it, without prepack.
 */
export function writeNpmPackage(nodejsSdk: string, work: string, out: string, log: (line: string) => void, packBuilt = false): string {
  log(packBuilt ? "packing the npm package (npm pack of the built dist/)..." : "packing the npm package (npm pack: prepack builds dist/ afresh)...");
  const packed = path.join(work, "npm-packed");
  mkdirSync(packed, { recursive: true });
  execFileSync("npm", ["pack", ...(packBuilt ? ["--ignore-scripts"] : []), "--pack-destination", packed, "--loglevel=error"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [tarball] = readdirSync(packed).filter((file) => file.endsWith(".tgz"));
  if (tarball === undefined) throw new Error("npm pack wrote no tarball");
  const stage = path.join(work, "npm-stage");
  mkdirSync(stage, { recursive: true });
  execFileSync("tar", ["-xzf", path.join(packed, tarball), "-C", stage]);
  const pluginSdk = path.join(stage, "package", "dist", "sdks", "nodejs");
  rmSync(pluginSdk, { recursive: true, force: true });

  log("compiling the plugin SDK (pulumi-svc/plugin) generated from the release's schema...");
  mkdirSync(COMPILE_ROOT, { recursive: true });
  const compile = mkdtempSync(path.join(COMPILE_ROOT, "release-plugin-sdk-"));
  try {
    execFileSync("cp", ["-r", nodejsSdk, path.join(compile, "nodejs")]);
    // The package's own build of it (tsconfig.plugin-sdk.json), rooted at the generated copy.
    writeFileSync(
      path.join(compile, "tsconfig.json"),
      JSON.stringify({
        extends: path.join(ROOT, "tsconfig.plugin-sdk.json"),
        compilerOptions: { rootDir: "nodejs", outDir: pluginSdk },
        include: ["nodejs/**/*.ts"],
        exclude: [],
      }),
    );
    execFileSync(path.join(ROOT, "node_modules", ".bin", "tsc"), ["-p", compile], { cwd: compile, stdio: ["ignore", "inherit", "inherit"] });
    // The built code reads the plugin's version (and the engine the package's `pulumi` key) from it.
    copyFileSync(path.join(compile, "nodejs", "package.json"), path.join(pluginSdk, "package.json"));
  } finally {
    rmSync(compile, { recursive: true, force: true });
  }
  // The staged package is what was packed but for dist/sdks/nodejs: packed again as it is.
  execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", out, "--loglevel=error"], {
    cwd: path.join(stage, "package"),
    stdio: ["ignore", "ignore", "inherit"],
  });
  return path.join(out, tarball);
}
