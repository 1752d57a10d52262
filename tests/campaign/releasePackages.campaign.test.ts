/**
 * The release's SDK packages as a user installs them (the campaign's part of the release test; the
 * smoke of the plugin's download is tests/e2e/release.e2e.test.ts in `npm test`). A release folder
 * with the Go module and the Python packages, its download URL a local server, then:
 * - a new Go project `go get`s the SDK from the release's module-proxy folder (no replace), builds
 *   and runs; a new virtual environment installs the wheel and runs a program: both pass the
 *   release's version and download URL with every registration; the Registry's Go examples build
 *   and its Python examples run on them (its YAML examples are read against the schema);
 * - a new TypeScript project installs the release's npm package, and its program through the
 *   plugin's typed SDK (`pulumi-svc/plugin`) goes up with an empty PULUMI_HOME: the engine downloads
 *   the plugin from the release's server, the URL that SDK names (release:verify checks it too).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildRelease, type Release } from "../../scripts/release/main";
import { examplesIn } from "../../scripts/generator/examples";
import { verifyRelease } from "../../scripts/release/verify";
import { run, serveFolder, type FolderServer } from "../support/release";
import { engineSuite } from "../support/suite";
import { REPO_ROOT } from "../support/toolchain";
import { lockedVersion, npm } from "../support/userProject";

const FIXTURES = path.join(REPO_ROOT, "tests", "fixtures", "release");
/** The committed schema, whose descriptions hold the Registry's examples. */
const SCHEMA = JSON.parse(readFileSync(path.join(REPO_ROOT, "plugin", "schema.json"), "utf8")) as {
  resources: Record<string, { description?: string }>;
  functions: Record<string, { description?: string }>;
};
const suite = engineSuite();
let root: string;
let server: FolderServer;
let release: Release;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "svc-release-e2e-"));
  const folder = path.join(root, "release");
  mkdirSync(folder);
  server = await serveFolder(folder);
  // The npm package packs the dist/ `npm run build` made: building it afresh (prepack) would pull it from under the campaign's other files.
  release = await buildRelease({ out: folder, downloadUrl: server.url, platforms: ["linux-amd64"], only: ["plugin", "go", "python", "npm"], packBuilt: true });
});

afterAll(async () => {
  await server?.close();
  if (root !== undefined) {
    // The module cache of the Go test is read-only unless made with -modcacherw; it was.
    rmSync(root, { recursive: true, force: true });
  }
});

const version = (): string => release.info.version;

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

it("names the release's download URL in every SDK, npm's plugin SDK included", async () => {
  const report = await verifyRelease(release.dir, { version: version(), platforms: ["linux-amd64"], downloadUrl: server.url, secrets: [suite.emulator.token] });
  expect(report.problems).toEqual([]);
  expect(report.sdks.map((sdk) => sdk.sdk)).toEqual(["npm package (pulumi-svc/plugin)", "Python wheel", "Python sdist", "Go module"]);
});

it("installs the npm package into a new TypeScript project, whose program through pulumi-svc/plugin downloads the plugin from the release's server", async () => {
  const project = path.join(root, "typescript");
  cpSync(path.join(FIXTURES, "typescript"), project, { recursive: true });
  const tarball = release.files.find((file) => file.file === `pulumi-svc-${version()}.tgz`);
  expect(tarball).toBeDefined();
  npm(project, ["install", path.join(release.dir, tarball!.file), `@pulumi/pulumi@${lockedVersion("@pulumi/pulumi")}`]);
  const home = path.join(root, "typescript-home");
  const state = path.join(root, "typescript-state");
  mkdirSync(home);
  mkdirSync(state);
  // The user's environment: their PATH (node and the engine), an empty PULUMI_HOME, plugin downloads on.
  const { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: _off, ...inherited } = process.env as Record<string, string>;
  const env = {
    ...inherited,
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${state}`,
    PULUMI_CONFIG_PASSPHRASE: "release-ts",
    SVC_EMULATOR_URL: suite.emulator.url,
    SVC_PROJECT: "e2e-project",
  };
  const pulumi = (...args: string[]): ReturnType<typeof run> => run("pulumi", [...args, "--non-interactive"], { cwd: project, env });
  await pulumi("stack", "init", "dev");
  await pulumi("config", "set", "--secret", "svc:dnsToken", suite.emulator.token);
  const up = await pulumi("up", "--yes", "--skip-preview", "--logtostderr", "-v=1");
  expect(up.stderr).toContain(`svc downloading from ${server.url}`);
  expect(server.requests).toContain(`/pulumi-resource-svc-v${version()}-linux-amd64.tar.gz`);
  expect(existsSync(path.join(home, "plugins", `resource-svc-v${version()}`, "svc-plugin.js"))).toBe(true);
  const objects = JSON.stringify(await suite.emulator.objects());
  expect(objects).toContain("release-ts-zone");
  expect(objects).toContain("www.release-ts.example.");
  await pulumi("preview", "--expect-no-changes");
  await pulumi("destroy", "--yes", "--skip-preview");
});
