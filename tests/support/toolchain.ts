/**
 * The real Pulumi engine is a precondition of the end-to-end suite: when it is
 * missing or of the wrong version the suite fails with the reason and the fix,
 * it never skips.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";

export const REPO_ROOT = path.resolve(__dirname, "..", "..");

export function lockedPulumiVersion(): string {
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages["node_modules/@pulumi/pulumi"]?.version;
  if (version === undefined) throw new Error("package-lock.json does not lock @pulumi/pulumi");
  return version;
}

/** Throws unless `pulumi` on PATH is the locked version and the Node.js language host is beside it. */
export function requireEngine(): void {
  const want = lockedPulumiVersion();
  let have: string;
  try {
    have = execFileSync("pulumi", ["version"], { encoding: "utf8" }).trim();
  } catch (error) {
    throw new Error(
      `The Pulumi engine is not available (${(error as Error).message}). ` +
        `Run the tests with \`npm test\`, which builds it with scripts/setup.sh, or put pulumi v${want} on PATH.`,
    );
  }
  if (have !== `v${want}`) {
    throw new Error(`pulumi on PATH is ${have}, the project locks @pulumi/pulumi ${want}: run scripts/setup.sh (npm test does).`);
  }
  try {
    execFileSync("sh", ["-c", "command -v pulumi-language-nodejs && command -v pulumi-resource-pulumi-nodejs"], { encoding: "utf8" });
  } catch {
    throw new Error("pulumi-language-nodejs or pulumi-resource-pulumi-nodejs is not on PATH: run scripts/setup.sh (npm test does).");
  }
}

/** Throws unless the language host of `runtime` (yaml, go, python, java, nodejs) is on PATH, saying how to get it. */
export function requireLanguageHost(runtime: string): void {
  try {
    execFileSync("sh", ["-c", `command -v pulumi-language-${runtime}`], { encoding: "utf8" });
  } catch {
    throw new Error(`pulumi-language-${runtime} is not on PATH: run scripts/setup.sh (npm test does), which builds it beside the engine.`);
  }
}

/**
 * The Python virtual environment of the plugin's Python programs (Pulumi's Python SDK and
 * sdks/python), which scripts/setup.sh makes and names in SVC_PYTHON_VENV; throws, saying how to
 * get it, when there is none.
 */
export function requirePythonEnvironment(): string {
  const venv = process.env["SVC_PYTHON_VENV"];
  if (venv === undefined || venv === "" || !existsSync(path.join(venv, "bin", "python")))
    throw new Error(
      `SVC_PYTHON_VENV (${venv ?? "unset"}) names no Python environment: run the tests with npm test, or after \`source scripts/setup.sh\`, which makes it.`,
    );
  return venv;
}
