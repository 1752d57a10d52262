/**
 * The release as a user meets it, the smoke of `npm run release` that `npm test` runs. The release
 * folder is built for linux-amd64 (the plugin and the YAML declaration), its download URL a local
 * HTTP server serving that folder, then:
 * - its checksums verify, the archive holds the pinned Node.js unmodified, no file holds a credential;
 * - a new YAML project with an empty PULUMI_HOME, no `plugins:` section, no plugin install and no
 *   node on PATH goes up, previews empty and is destroyed: the engine downloads the plugin from the
 *   server by itself (its log says so) and runs it on the archive's own Node.js;
 * - the release workflow passes actionlint.
 * The SDK packages (`go get` from the module-proxy folder, `pip install` of the wheel, the
 * Registry's examples on them) are tests/campaign/releasePackages.campaign.test.ts, and the five
 * platforms' build is `npm run release:campaign`: both in `npm run test:campaign`.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildRelease, type Release } from "../../scripts/release/main";
import { verifyRelease } from "../../scripts/release/verify";
import { engineSuite } from "../support/suite";
import { engineDir, run, serveFolder, type FolderServer } from "../support/release";
import { requireLanguageHost, REPO_ROOT } from "../support/toolchain";

const suite = engineSuite();
const ACTIONLINT = "v1.7.12";
const FIXTURES = path.join(REPO_ROOT, "tests", "fixtures", "release");
let root: string;
let server: FolderServer;
let release: Release;

beforeAll(async () => {
  requireLanguageHost("yaml");
  root = mkdtempSync(path.join(os.tmpdir(), "svc-release-e2e-"));
  const folder = path.join(root, "release");
  mkdirSync(folder);
  server = await serveFolder(folder);
  release = await buildRelease({ out: folder, downloadUrl: server.url, platforms: ["linux-amd64"], only: ["plugin", "yaml"] });
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
  // The archive and the YAML declaration.
  expect(report.checksums).toBeGreaterThanOrEqual(2);
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

it("writes a release workflow that actionlint passes", async () => {
  // Built from the Go module proxy (cached after the first run); shellcheck, when installed, checks the run steps too.
  const linted = await run("go", ["run", `github.com/rhysd/actionlint/cmd/actionlint@${ACTIONLINT}`, "-no-color", ".github/workflows/release.yml"], {
    cwd: REPO_ROOT,
    env: process.env as Record<string, string>,
  });
  expect(linted.stdout).toBe("");
});
