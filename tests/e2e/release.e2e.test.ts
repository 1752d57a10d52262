/**
 * The release as a user meets it, the smoke of `npm run release` that `npm test` runs. The release
 * folder is built for linux-amd64 (the plugin and the YAML declaration), its download URL a local
 * HTTP server serving that folder, then:
 * - its checksums verify, the archive holds the pinned Node.js unmodified and the tools' launchers
 *   (each answering `--help` with no node on PATH), no file holds a credential;
 * - a new YAML project with an empty PULUMI_HOME, no `plugins:` section, no plugin install and no
 *   node on PATH goes up, previews empty and is destroyed: the engine downloads the plugin from the
 *   server by itself (its log says so) and runs it on the archive's own Node.js;
 * - with no node on PATH either, the tools of the plugin's folder the engine downloaded: a YAML
 *   program's `up` (checkpoints written) killed, the archive's `svc-recover`, and one `up`
 *   converges with nothing made twice; `svc-plan` reports a change of the stack, `svc-import --help`
 *   runs, and so does `pulumi plugin run --kind resource svc -- import --help`;
 * - the release workflow passes actionlint.
 * The SDK packages (`go get` from the module-proxy folder, `pip install` of the wheel, the
 * Registry's examples on them) are tests/campaign/releasePackages.campaign.test.ts, and the five
 * platforms' build is `npm run release:campaign`: both in `npm run test:campaign`.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildRelease, type Release } from "../../scripts/release/main";
import { verifyRelease } from "../../scripts/release/verify";
import { engineSuite } from "../support/suite";
import { creations } from "../support/interruptedStack";
import { runAndKillCommand } from "../support/interruptions";
import { pathWithoutNode, run, serveFolder, type FolderServer } from "../support/release";
import { isWrite } from "../support/requests";
import { requireLanguageHost, REPO_ROOT } from "../support/toolchain";

const suite = engineSuite();
const ACTIONLINT = "v1.7.12";
const FIXTURES = path.join(REPO_ROOT, "tests", "fixtures", "release");
/** Where the tools test kills its `up`: the zone, the response policy and the ACL rule are made, the record sets' changes under way. */
const KILL_AFTER_WRITES = 4;
let root: string;
let server: FolderServer;
let release: Release;
/** The users' PULUMI_HOME, empty at first: the engine downloads the plugin into it. */
let home: string;

beforeAll(async () => {
  requireLanguageHost("yaml");
  root = mkdtempSync(path.join(os.tmpdir(), "svc-release-e2e-"));
  const folder = path.join(root, "release");
  mkdirSync(folder);
  server = await serveFolder(folder);
  release = await buildRelease({ out: folder, downloadUrl: server.url, platforms: ["linux-amd64"], only: ["plugin", "yaml"] });
  home = path.join(root, "pulumi-home");
  mkdirSync(home);
});

/**
 * A user's environment with nothing inherited: a PATH of the engine's `pulumi`, its language hosts
 * and `sh` only (no node anywhere), no PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION, a backend of its own.
 */
function userEnv(name: string): Record<string, string> {
  const state = path.join(root, `state-${name}`);
  mkdirSync(state);
  const env: Record<string, string> = {
    PATH: pathWithoutNode(path.join(root, name)),
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
  return env;
}

/** A YAML project as a user of the release has it: the example without its development `plugins:` section, with the release's package declaration. */
function yamlProject(name: string, from: string): string {
  const project = path.join(root, name);
  cpSync(from, project, { recursive: true });
  const manifest = path.join(project, "Pulumi.yaml");
  writeFileSync(manifest, readFileSync(manifest, "utf8").replace(/^plugins:\n(?:[ #].*\n)+/m, ""));
  // What `pulumi package add svc` leaves in a YAML project: the package's version and download URL.
  copyFileSync(path.join(release.dir, `svc-${version()}.yaml`), path.join(project, `svc-${version()}.yaml`));
  return project;
}

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
  expect(report.archives[0]?.toolsRun).toEqual(["svc-recover", "svc-plan", "svc-import"]);
  expect(report.downloadUrl).toBe(server.url);
  // The archive and the YAML declaration.
  expect(report.checksums).toBeGreaterThanOrEqual(2);
  expect(spawnSync("sha256sum", ["--check", "--quiet", `pulumi-svc_${version()}_checksums.txt`], { cwd: release.dir }).status).toBe(0);
});

it("lets the engine download the plugin by itself and run a YAML program with no node on PATH: up, an empty preview, destroy", async () => {
  const project = yamlProject("yaml", path.join(FIXTURES, "yaml"));
  const env = userEnv("yaml");
  const pulumi = (...args: string[]): ReturnType<typeof run> => run("pulumi", [...args, "--non-interactive"], { cwd: project, env });

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

it("runs the tools of the downloaded plugin with no node on PATH: svc-recover after a killed up, then one up converges; svc-plan; svc-import", async () => {
  const project = yamlProject("tools", path.join(REPO_ROOT, "examples", "plugin-interrupted"));
  const env = { ...userEnv("tools"), PULUMI_SKIP_CHECKPOINTS: "false" };
  const pulumi = (...args: string[]): ReturnType<typeof run> => run("pulumi", [...args, "--non-interactive"], { cwd: project, env });
  // Where the engine unpacks the plugin, and with it the tools (docs/tools.md).
  const tools = path.join(home, "plugins", `resource-svc-v${version()}`);
  const tool = (name: string, ...args: string[]): ReturnType<typeof run> => run(path.join(tools, name), args, { cwd: project, env });
  const { emulator } = suite;
  await pulumi("stack", "init", "kills");
  await pulumi("config", "set", "--secret", "svc:dnsToken", emulator.token);
  await pulumi("config", "set", "--secret", "svc:calendarToken", emulator.token);

  // As slow as a real service, so that the kill lands while creates are under way: 10 ms a request, a DNS change pending 200 ms.
  await emulator.api("POST", "/_emulator/speed", { latencyMs: 10, changePropagationMs: 200 });
  const since = (await emulator.requests()).length;
  const killed = await runAndKillCommand(
    { command: "pulumi", args: ["up", "--yes", "--skip-preview", "--non-interactive"], cwd: project, env },
    async () => (await emulator.requests()).slice(since).filter(isWrite).length >= KILL_AFTER_WRITES,
  );
  expect(killed.killed).toBe(true);
  const recovered = await tool("svc-recover", "--stack", "kills");
  expect(recovered.stderr).toContain("the stack is ready: run `pulumi up`");
  process.stdout.write(`release tools: up killed after ${KILL_AFTER_WRITES} writes; svc-recover said:\n${recovered.stderr}\n`);
  await pulumi("up", "--yes", "--skip-preview");
  await emulator.api("DELETE", "/_emulator/speed");

  // Converged: each object of the program once at the service, none made twice, the state whole with no pending operation, an empty preview.
  const objects = (await emulator.objects()) as unknown as {
    dns: { resourceRecordSets: Array<{ name: string }>; managedZones: Array<{ name: string }>; responsePolicyRules: unknown[] };
    calendar: { aclRules: unknown[] };
  };
  expect(objects.dns.managedZones.filter((zone) => zone.name === "plugin-interrupted")).toHaveLength(1);
  const hosts = objects.dns.resourceRecordSets.filter((set) => /^host-\d+\.plugin-interrupted\.example\.$/.test(set.name));
  expect(new Set(hosts.map((set) => set.name)).size).toBe(24);
  expect(hosts).toHaveLength(24);
  expect([...creations((await emulator.requests()).slice(since))].filter(([, times]) => times > 1)).toEqual([]);
  const deployment = (
    JSON.parse((await pulumi("stack", "export")).stdout) as { deployment: { resources?: Array<{ type: string }>; pending_operations?: unknown[] } }
  ).deployment;
  expect({
    resources: (deployment.resources ?? []).filter((resource) => resource.type.startsWith("svc:")).length,
    pending: deployment.pending_operations ?? [],
  }).toEqual({
    resources: 29,
    pending: [],
  });
  await pulumi("preview", "--expect-no-changes");

  // svc-plan reports a change of every record set's TTL, from the stack's own preview.
  await pulumi("config", "set", "ttl", "600");
  const plan = JSON.parse((await tool("svc-plan", "--stack", "kills", "--json")).stdout) as { summary: { operations: Record<string, number> } };
  expect(plan.summary.operations).toMatchObject({ update: 24, create: 0, replace: 0, delete: 0 });
  expect((await tool("svc-import", "--help")).stdout).toContain("Usage: svc-import <api>");
  // The same tool, found by the engine: the plugin runs the tool its first word names.
  expect((await pulumi("plugin", "run", "--kind", "resource", "svc", "--", "import", "--help")).stdout).toContain("Usage: svc-import <api>");
  await pulumi("destroy", "--yes", "--skip-preview");
});

it("writes a release workflow that actionlint passes", async () => {
  // Built from the Go module proxy (cached after the first run); shellcheck, when installed, checks the run steps too.
  const linted = await run("go", ["run", `github.com/rhysd/actionlint/cmd/actionlint@${ACTIONLINT}`, "-no-color", ".github/workflows/release.yml"], {
    cwd: REPO_ROOT,
    env: process.env as Record<string, string>,
  });
  expect(linted.stdout).toBe("");
});
