/**
 * The SDK packages of a release, made from the release's schema (its version and download URL):
 * the SDKs generated again into the work folder by scripts/gen-sdks.sh, then
 * - Go: the module in a module-proxy folder (`go/<module>/@v/...`, scripts/release/gomodproxy);
 * - Python: the sdist and the wheel (`python -m build`, in a cached virtual environment with the
 *   pinned build tools of python-build.txt);
 * - .NET: the project's sources, as a tarball (`dotnet pack` needs a .NET SDK, which the release
 *   workflow has and these machines do not);
 * - Java: a Maven repository folder (`maven/`), when the generators write a Java SDK with a pom.xml;
 * - YAML: the package declaration `svc-<version>.yaml` that `pulumi package add svc` writes into a
 *   YAML project (pulumi-yaml reads it from the program's folder: the version and where the engine
 *   downloads the plugin).
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { reproducibleTarball } from "./pluginArchives";

export const ROOT = path.resolve(__dirname, "..", "..");

const run = (command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): void => {
  execFileSync(command, args, { stdio: ["ignore", "inherit", "inherit"], ...options });
};

/** Generates the SDKs of `schema` into `out` (sdks/ layout) with the project's generators (on PATH through scripts/setup.sh). */
export function generateSdks(schema: string, out: string): void {
  run("bash", [path.join(ROOT, "scripts", "gen-sdks.sh"), out], { cwd: ROOT, env: { ...process.env, SVC_SDK_SCHEMA: schema } });
}

/**
 * Every plugin manifest the generated SDKs hold: each `pulumi-plugin.json`, and the Node.js SDK's
 * package.json (its `pulumi` key, which the engine reads from a program's packages): each must name
 * the release's version and download URL.
 */
export function checkPluginManifests(sdks: string, version: string, server: string): string[] {
  const found: string[] = [];
  const check = (file: string, manifest: { version?: string; server?: string } | undefined): void => {
    if (manifest?.version !== version || manifest.server !== server) {
      throw new Error(`${file} names version ${manifest?.version} and server ${manifest?.server}; the release is ${version} from ${server}`);
    }
    found.push(path.relative(sdks, file));
  };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name === "pulumi-plugin.json") check(file, JSON.parse(readFileSync(file, "utf8")) as { version?: string; server?: string });
    }
  };
  walk(sdks);
  const nodejs = path.join(sdks, "nodejs", "package.json");
  if (existsSync(nodejs)) check(nodejs, (JSON.parse(readFileSync(nodejs, "utf8")) as { pulumi?: { version?: string; server?: string } }).pulumi);
  return found;
}

/** The Go SDK as a module-proxy folder under `out/go`. */
export function writeGoModule(sdkDir: string, module: string, version: string, epoch: number, out: string): string {
  const proxy = path.join(out, "go");
  run("go", ["run", ".", "-dir", sdkDir, "-module", module, "-version", `v${version}`, "-time", String(epoch), "-out", proxy], {
    cwd: path.join(__dirname, "gomodproxy"),
  });
  return proxy;
}

const PYTHON_REQUIREMENTS = path.join(__dirname, "python-build.txt");

/** A virtual environment with the pinned build tools, made once per set of pins in the tools cache. */
function pythonBuilder(log: (line: string) => void): string {
  const pins = readFileSync(PYTHON_REQUIREMENTS);
  const hash = createHash("sha256").update(pins).digest("hex").slice(0, 12);
  const venv = path.join(process.env["SVC_TOOLS_DIR"] ?? path.join(os.homedir(), ".cache", "pulumi-svc"), `python-build-${hash}`);
  const python = path.join(venv, "bin", "python");
  if (!existsSync(path.join(venv, ".ready"))) {
    log(`making the Python build environment ${venv} (first release on this machine)...`);
    try {
      run("python3", ["-m", "venv", "--clear", venv]);
    } catch (error) {
      throw new Error("python3 with the venv module is needed to build the Python SDK's wheel (Debian: apt-get install python3-venv)", { cause: error });
    }
    run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--require-hashes", "-r", PYTHON_REQUIREMENTS]);
    writeFileSync(path.join(venv, ".ready"), "");
  }
  return python;
}

/** The Python SDK's sdist and wheel into `out`; returns their paths. */
export function writePythonPackages(sdkDir: string, out: string, epoch: number, log: (line: string) => void): string[] {
  const python = pythonBuilder(log);
  const before = new Set(readdirSync(out));
  // Its file-by-file listing goes nowhere; its warnings and errors are shown.
  execFileSync(python, ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", out, sdkDir], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, SOURCE_DATE_EPOCH: String(epoch) },
  });
  const made = readdirSync(out).filter((file) => !before.has(file));
  if (!made.some((file) => file.endsWith(".whl")) || !made.some((file) => file.endsWith(".tar.gz"))) {
    throw new Error(`python -m build wrote ${made.join(", ") || "nothing"}, not a wheel and an sdist`);
  }
  return made.map((file) => path.join(out, file));
}

/** The .NET SDK's project sources (Pulumi.Svc.csproj and its code) as `pulumi-svc-dotnet-v<version>.tar.gz`. */
export function writeDotnetSources(sdkDir: string, version: string, out: string, epoch: number): string {
  const tarball = path.join(out, `pulumi-svc-dotnet-v${version}.tar.gz`);
  reproducibleTarball(sdkDir, readdirSync(sdkDir), tarball, epoch);
  return tarball;
}

/** The Java SDK as a Maven repository folder (`out/maven`), when the generated SDK is a Maven project. */
export function writeJavaArtifact(sdkDir: string, out: string): string {
  if (!existsSync(path.join(sdkDir, "pom.xml"))) {
    throw new Error(
      `${sdkDir} has no pom.xml: the release builds the Java SDK with Maven (mvn), the one Java build tool these machines have; ` +
        "generate the Java SDK with a Maven build (pulumi-java's buildFiles) or teach scripts/release/sdkPackages.ts its build",
    );
  }
  const repository = path.join(out, "maven");
  mkdirSync(repository, { recursive: true });
  run("mvn", ["-B", "-q", "-DskipTests", `-DaltDeploymentRepository=release::default::file://${repository}`, "deploy"], { cwd: sdkDir });
  return repository;
}

/** The YAML package declaration, as `pulumi package add` writes it into a YAML project. */
export function writeYamlDeclaration(version: string, downloadUrl: string, out: string): string {
  const file = path.join(out, `svc-${version}.yaml`);
  writeFileSync(file, `packageDeclarationVersion: 1\nname: svc\nversion: ${version}\ndownloadUrl: ${JSON.stringify(downloadUrl)}\n`);
  return file;
}
