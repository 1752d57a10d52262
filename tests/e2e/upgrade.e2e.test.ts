/**
 * Upgrade safety, as Pulumi's own providers test it (providertest's upgrade test): a stack made
 * with the last release, then previewed with this build, shows no change and no replacement (and,
 * through the plugin, the `up` after it sends no write). Both ways a user holds the package: the dynamic SDK (the last
 * release's npm package installed in a project, then this build's package installed over it) and
 * the provider plugin (the last release's plugin installed with `pulumi plugin install`, a YAML
 * program, then this build's plugin installed and the old one removed). The last
 * release is tests/fixtures/release/previous (npm run release:previous); the programs are
 * tests/fixtures/upgrade, written against its API.
 */
import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildPlugin } from "../../scripts/plugin/build";
import { npmPackage, pluginPackage, PREVIOUS_DIR, readPrevious } from "../../scripts/release/previous";
import { requestCount, writesSince } from "../support/pluginImports";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { REPO_ROOT, requireLanguageHost } from "../support/toolchain";
import { installUserProject, lockedVersion, packPackage } from "../support/userProject";

const suite = engineSuite();
const previous = readPrevious();
const current = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
const FIXTURES = path.join(REPO_ROOT, "tests", "fixtures", "upgrade");
const scratch = mkdtempSync(path.join(os.tmpdir(), "svc-upgrade-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const config = (): Record<string, { value: string; secret: boolean }> => ({ "svc:calendarToken": { value: suite.emulator.token, secret: true } });

/** What the preview would do: every step that is not `same`, and the engine's count of each operation. */
interface Outcome {
  readonly changes: string[];
  readonly summary: Record<string, number>;
}

/** The outcome in one line, as the test prints it. */
function said(way: string, outcome: Outcome): string {
  const count = (ops: readonly string[]): number => ops.reduce((sum, op) => sum + (outcome.summary[op] ?? 0), 0);
  return (
    `upgrade ${previous.version} -> ${current}, ${way}: ${outcome.summary["same"] ?? 0} resources the same, ` +
    `${count(["create", "update", "delete"])} changes, ${count(["replace", "create-replacement", "delete-replaced"])} replacements`
  );
}

/**
 * `npm install` of this build's tarball over the last release's, as a user upgrades: in the
 * background (the emulator answers from this process), from npm's cache where it can, and stopped
 * with a message if npm hangs (a registry that stops answering held one run for twenty minutes).
 */
function upgradePackage(dir: string, tarball: string): Promise<void> {
  const args = ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
  return new Promise((resolve, reject) =>
    execFile(
      "npm",
      args,
      { cwd: dir, encoding: "utf8", timeout: 5 * 60_000, env: { ...process.env, npm_config_update_notifier: "false" } },
      (error, stdout, stderr) =>
        error === null
          ? resolve()
          : reject(
              new Error(
                `npm ${args.join(" ")} failed${error.killed === true ? " (no end after 5 minutes: is the npm registry answering?)" : ""}:\n${stderr}${stdout}`,
              ),
            ),
    ),
  );
}

it("a stack made through the dynamic SDK of the last release previews with no change and no replacement with this build installed", async () => {
  const { emulator } = suite;
  const files = Object.fromEntries(["Pulumi.yaml", "index.ts"].map((file) => [file, readFileSync(path.join(FIXTURES, "dynamic", file), "utf8")]));
  files["package.json"] = JSON.stringify({ name: "upgrade-dynamic", private: true, main: "index.ts" });
  files["tsconfig.json"] = JSON.stringify({
    compilerOptions: { strict: true, target: "ES2022", module: "commonjs", moduleResolution: "node10" },
    files: ["index.ts"],
  });
  const project = await installUserProject(path.join(PREVIOUS_DIR, npmPackage(previous.version)), lockedVersion("@pulumi/pulumi"), files, [
    `typescript@${lockedVersion("typescript")}`,
    `ts-node@${lockedVersion("ts-node")}`,
  ]);
  const installed = (): string =>
    (JSON.parse(readFileSync(path.join(project.dir, "node_modules", "pulumi-svc", "package.json"), "utf8")) as { version: string }).version;
  try {
    expect(installed()).toBe(previous.version);
    const stack = suite.track(await openStack(project.dir, emulator, config()));
    const made = await stack.stack.up({ onOutput: (line) => stack.output.push(line) });
    expect(made.summary.resourceChanges?.["create"]).toBeGreaterThan(15);

    await upgradePackage(project.dir, packPackage());
    expect(installed()).toBe(current);
    const preview = await stack.stack.preview({ onOutput: (line) => stack.output.push(line) });
    const outcome: Outcome = { changes: Object.keys(preview.changeSummary).filter((op) => op !== "same"), summary: preview.changeSummary };
    console.log(said("dynamic SDK", outcome));
    // Every object and the stack itself.
    // Every step `same`: an `up` would call no create, update or delete (the plugin's test below runs it, and sees no write).
    expect(outcome).toEqual({ changes: [], summary: { same: made.summary.resourceChanges?.["create"] } });
  } finally {
    rmSync(project.dir, { recursive: true, force: true });
  }
});

/** `pulumi plugin install resource svc <version> --file <tarball>` into the stack's PULUMI_HOME. */
function installPlugin(stack: TestStack, version: string, tarball: string): void {
  execFileSync("pulumi", ["plugin", "install", "resource", "svc", version, "--file", tarball], { env: { ...process.env, ...stack.cli.env }, stdio: "pipe" });
}

/** The versions of the svc plugin installed in the stack's PULUMI_HOME. */
function plugins(stack: TestStack): string[] {
  const listed = JSON.parse(execFileSync("pulumi", ["plugin", "ls", "--json"], { env: { ...process.env, ...stack.cli.env }, encoding: "utf8" })) as Array<{
    name: string;
    kind: string;
    version: string;
  }>;
  return listed.filter((plugin) => plugin.name === "svc" && plugin.kind === "resource").map((plugin) => plugin.version);
}

/** The engine's own preview: each step that is not `same` with its operation, and its count of each operation. */
async function previewJson(stack: TestStack): Promise<Outcome> {
  const json = JSON.parse(await stack.pulumi(["preview", "--json"])) as { steps: Array<{ op: string; urn: string }>; changeSummary: Record<string, number> };
  return { changes: json.steps.filter((step) => step.op !== "same").map((step) => `${step.op} ${step.urn}`), summary: json.changeSummary };
}

it("a stack made through the last release's plugin (YAML) previews with no change and no replacement with this build's plugin installed", async () => {
  requireLanguageHost("yaml");
  const { emulator } = suite;
  const dir = path.join(scratch, "plugin");
  cpSync(path.join(FIXTURES, "plugin"), dir, { recursive: true });
  const stack = suite.track(await openStack(dir, emulator, config()));
  installPlugin(stack, previous.version, path.join(PREVIOUS_DIR, pluginPackage(previous.version)));
  await stack.pulumi(["up", "--yes", "--skip-preview"]);
  expect(plugins(stack)).toEqual([previous.version]);

  const built = buildPlugin(path.join(scratch, "current-plugin"), scratch);
  expect(built.version).toBe(current);
  installPlugin(stack, current, built.tarball);
  // Only the new one left, so that it is certainly what serves the preview (the engine would take the newest anyway).
  execFileSync("pulumi", ["plugin", "rm", "resource", "svc", previous.version, "--yes"], { env: { ...process.env, ...stack.cli.env }, stdio: "pipe" });
  expect(plugins(stack)).toEqual([current]);
  const outcome = await previewJson(stack);
  console.log(said("provider plugin (YAML)", outcome));
  // The default provider (no version pinned in the state: the engine's `default`) is served by the new plugin: every object and the stack the same.
  const kept = (await stack.stateResources()).filter((resource) => resource.type !== "pulumi:providers:svc").length;
  expect(outcome).toEqual({ changes: [], summary: { same: kept } });
  const since = await requestCount(emulator);
  await stack.pulumi(["up", "--yes", "--skip-preview"]);
  expect(await writesSince(emulator, since)).toEqual([]);
});
