/**
 * The release as a user meets it (the smoke of `npm run release`; the five platforms' build is
 * `npm run release` itself with `npm run release:verify`, in the campaign). The release folder is
 * built for linux-amd64 with the plugin, the YAML declaration, the Go module and the Python
 * packages, its download URL a local HTTP server serving that folder, then:
 * - its checksums verify, the archive holds the pinned Node.js unmodified, no file holds a credential;
 * - a new YAML project with an empty PULUMI_HOME, no `plugins:` section, no plugin install and no
 *   node on PATH goes up, previews empty and is destroyed: the engine downloads the plugin from the
 *   server by itself (its log says so) and runs it on the archive's own Node.js;
 * - a new Go project `go get`s the SDK from the release's module-proxy folder (no replace), builds
 *   and runs; a new virtual environment installs the wheel and runs a program: both pass the
 *   release's version and download URL with every registration; the Registry's Go examples build
 *   and its Python examples run on them (its YAML examples are read against the schema);
 * - the release workflow passes actionlint.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildRelease, type Release } from "../../scripts/release/main";
import { verifyRelease } from "../../scripts/release/verify";
import { examplesIn } from "../../scripts/generator/examples";
import { engineSuite } from "../support/suite";
import { engineDir, run, serveFolder, type FolderServer } from "../support/release";
import { requireLanguageHost, REPO_ROOT } from "../support/toolchain";

const suite = engineSuite();
const ACTIONLINT = "v1.7.12";
const FIXTURES = path.join(REPO_ROOT, "tests", "fixtures", "release");
/** The committed schema, whose descriptions hold the Registry's examples. */
const SCHEMA = JSON.parse(readFileSync(path.join(REPO_ROOT, "plugin", "schema.json"), "utf8")) as {
  resources: Record<string, { description?: string }>;
  functions: Record<string, { description?: string }>;
};
let root: string;
let server: FolderServer;
let release: Release;

beforeAll(async () => {
  requireLanguageHost("yaml");
  root = mkdtempSync(path.join(os.tmpdir(), "svc-release-e2e-"));
  const folder = path.join(root, "release");
  mkdirSync(folder);
  server = await serveFolder(folder);
  release = await buildRelease({ out: folder, downloadUrl: server.url, platforms: ["linux-amd64"], only: ["plugin", "yaml", "go", "python"] });
});

afterAll(async () => {
  await server?.close();
  if (root !== undefined) {
    // The module cache of the Go test is read-only unless made with -modcacherw; it was.
    rmSync(root, { recursive: true, force: true });
  }
});

const version = (): string => release.info.version;

it("writes a release whose checksums verify, with the pinned Node.js unmodified and no credential in any file", async () => {
  const report = await verifyRelease(release.dir, {
    version: version(),
    platforms: ["linux-amd64"],
    downloadUrl: server.url,
    secrets: [suite.emulator.token],
  });
  expect(report.problems).toEqual([]);
  expect(report.archives.map((archive) => archive.file)).toEqual([`pulumi-resource-svc-v${version()}-linux-amd64.tar.gz`]);
  expect(report.archives[0]?.binaryFormat).toMatch(/ELF 64-bit LSB (pie )?executable, x86-64/);
  // The archive, the YAML declaration, the wheel, the sdist and the module's four proxy files.
  expect(report.checksums).toBeGreaterThanOrEqual(8);
  expect(spawnSync("sha256sum", ["--check", "--quiet", `pulumi-svc_${version()}_checksums.txt`], { cwd: release.dir }).status).toBe(0);
});

it("lets the engine download the plugin by itself and run a YAML program with no node on PATH: up, an empty preview, destroy", async () => {
  const project = path.join(root, "yaml");
  cpSync(path.join(FIXTURES, "yaml"), project, { recursive: true });
  // What `pulumi package add svc` leaves in a YAML project: the package's version and download URL.
  copyFileSync(path.join(release.dir, `svc-${version()}.yaml`), path.join(project, `svc-${version()}.yaml`));
  const home = path.join(root, "pulumi-home");
  const state = path.join(root, "state");
  mkdirSync(home);
  mkdirSync(state);
  const engine = engineDir();
  const noNode = path.join(root, "empty-bin");
  mkdirSync(noNode);
  // Nothing inherited: no PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION, no node anywhere on PATH.
  const env: Record<string, string> = {
    PATH: `${engine}:${noNode}`,
    HOME: root,
    TMPDIR: os.tmpdir(),
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${state}`,
    PULUMI_CONFIG_PASSPHRASE: "release-e2e",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    SVC_EMULATOR_URL: suite.emulator.url,
    SVC_PROJECT: "e2e-project",
  };
  expect(spawnSync("/bin/sh", ["-c", "command -v node"], { env }).status).not.toBe(0);
  const pulumi = (...args: string[]): ReturnType<typeof run> => run(path.join(engine, "pulumi"), [...args, "--non-interactive"], { cwd: project, env });

  await pulumi("stack", "init", "dev");
  await pulumi("config", "set", "--secret", "svc:dnsToken", suite.emulator.token);
  const up = await pulumi("up", "--yes", "--skip-preview", "--logtostderr", "-v=1");
  expect(up.stderr).toContain(`svc downloading from ${server.url}`);
  expect(server.requests).toContain(`/pulumi-resource-svc-v${version()}-linux-amd64.tar.gz`);
  const installed = path.join(home, "plugins", `resource-svc-v${version()}`);
  expect(existsSync(path.join(installed, "runtime", "node"))).toBe(true);
  const zones = JSON.stringify(await suite.emulator.objects());
  expect(zones).toContain("release-zone");
  expect(zones).toContain("www.release.example.");

  await pulumi("preview", "--expect-no-changes");
  await pulumi("destroy", "--yes", "--skip-preview");
  expect(JSON.stringify(await suite.emulator.objects())).not.toContain("release-zone");
  // Fetched once: later runs use the installed plugin.
  expect(server.requests.filter((request) => request.endsWith(".tar.gz"))).toHaveLength(1);
});

interface Registration {
  readonly type: string;
  readonly version: string;
  readonly pluginDownloadURL: string;
}

const expectRegistrations = (printed: string): void => {
  // The program's own stack registers too (Python's mocks see it): the package's resources are what is asked about.
  const seen = (JSON.parse(printed) as Registration[]).filter((registration) => registration.type.startsWith("svc:"));
  expect(seen.map((registration) => registration.type).sort()).toEqual(["svc:dns/managedZone:ManagedZone", "svc:dns/recordSet:RecordSet"]);
  for (const registration of seen) expect(registration).toMatchObject({ version: version(), pluginDownloadURL: server.url });
};

it("serves the Go SDK to go get from the release's module-proxy folder, no replace, and a program built on it runs", async () => {
  const project = path.join(root, "go");
  mkdirSync(project);
  const module = release.info.goModule;
  writeFileSync(path.join(project, "go.mod"), "module releasesmoke\n\ngo 1.25.0\n");
  writeFileSync(path.join(project, "main.go"), readFileSync(path.join(FIXTURES, "go", "main.go.txt"), "utf8").replace("{{module}}", module));
  const goenv = (name: string): string => execFileSync("go", ["env", name], { encoding: "utf8" }).trim();
  // A module cache of the test's own (the machine's may hold this version from another run, with
  // another download URL); the modules the SDK needs come from the machine's cache as a proxy.
  const env = {
    ...(process.env as Record<string, string>),
    GOPROXY: `file://${path.join(release.dir, "go")},file://${path.join(goenv("GOMODCACHE"), "cache", "download")},${goenv("GOPROXY")}`,
    GOMODCACHE: path.join(root, "gomodcache"),
    GOFLAGS: `${goenv("GOFLAGS")} -mod=mod -modcacherw -trimpath`,
    GONOSUMDB: module,
  };
  await run("go", ["get", `${module}@v${version()}`], { cwd: project, env });
  expect(readFileSync(path.join(project, "go.mod"), "utf8")).toContain(`${module} v${version()}`);
  expect(readFileSync(path.join(project, "go.mod"), "utf8")).not.toContain("replace");
  const ran = await run("go", ["run", "."], { cwd: project, env });
  expectRegistrations(ran.stdout);

  // The Registry's Go example of every resource and function compiles against the released module.
  const examples = examplesIn(SCHEMA, "go");
  expect(examples).toHaveLength(Object.keys(SCHEMA.resources).length + Object.keys(SCHEMA.functions).length);
  examples.forEach(({ code }, index) => {
    mkdirSync(path.join(project, "examples", String(index)), { recursive: true });
    writeFileSync(path.join(project, "examples", String(index), "main.go"), code);
  });
  // vet type-checks every package as the compiler does, without linking fifty programs.
  await run("go", ["vet", "./examples/..."], { cwd: project, env });
});

it("installs the Python wheel into a new virtual environment, and a program on it runs", async () => {
  const venv = path.join(root, "venv");
  execFileSync("python3", ["-m", "venv", venv]);
  const wheel = release.files.find((file) => file.file.endsWith(".whl"));
  expect(wheel?.file).toBe(`pulumi_svc-${version()}-py3-none-any.whl`);
  const env = { ...(process.env as Record<string, string>), PIP_DISABLE_PIP_VERSION_CHECK: "1" };
  await run(path.join(venv, "bin", "pip"), ["install", "--quiet", path.join(release.dir, wheel!.file)], { cwd: root, env });
  const ran = await run(path.join(venv, "bin", "python"), [path.join(FIXTURES, "python", "program.py")], { cwd: root, env });
  expectRegistrations(ran.stdout);

  // The Registry's Python example of every resource and function runs on the wheel; its YAML ones name what the schema has.
  const checked = await run(path.join(venv, "bin", "python"), [path.join(FIXTURES, "python", "examples.py"), path.join(REPO_ROOT, "plugin", "schema.json")], {
    cwd: root,
    env,
  });
  const count = Object.keys(SCHEMA.resources).length + Object.keys(SCHEMA.functions).length;
  expect(JSON.parse(checked.stdout.trim().split("\n").at(-1) ?? "{}")).toEqual({ python: count, yaml: count, failures: [] });
});

it("writes a release workflow that actionlint passes", async () => {
  // Built from the Go module proxy (cached after the first run); shellcheck, when installed, checks the run steps too.
  const linted = await run("go", ["run", `github.com/rhysd/actionlint/cmd/actionlint@${ACTIONLINT}`, "-no-color", ".github/workflows/release.yml"], {
    cwd: REPO_ROOT,
    env: process.env as Record<string, string>,
  });
  expect(linted.stdout).toBe("");
});
