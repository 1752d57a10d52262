/**
 * Stopping an emulator started in the background through npx, the way the
 * README shows (`npx svc-emulator --port 8085 --tokens dev-token &`): `kill`
 * of the process the shell started (npm) must stop the emulator, although
 * npm does not pass the signal on to it.
 *
 * npx must find the bin as it would in a user's project: a temporary
 * project whose node_modules holds the package (a link to this repository,
 * as `npm run build` links it) and its bin in node_modules/.bin, made
 * executable, as npm links bins. npm runs offline: nothing is fetched.
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { builtEmulatorCli } from "./helpers";

const REPO_ROOT = path.resolve(__dirname, "../..");
let project: string;
/** Processes under the npx process, for cleanup if the emulator outlives the test. */
const started = new Set<number>();

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "svc-emulator-npx-"));
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "npx-user", private: true }));
  mkdirSync(path.join(project, "node_modules/.bin"), { recursive: true });
  symlinkSync(REPO_ROOT, path.join(project, "node_modules/pulumi-svc"), "dir");
  const cli = builtEmulatorCli();
  chmodSync(cli, 0o755);
  symlinkSync("../pulumi-svc/dist/emulator/cli.js", path.join(project, "node_modules/.bin/svc-emulator"));
});

afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone, as it should be.
    }
  }
  rmSync(project, { recursive: true, force: true });
});

/** Child processes of `pid`, recursively (Linux `ps`). */
function descendantsOf(pid: number): number[] {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const visit = (parent: number): void => {
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

async function waitFor<Value>(what: string, timeoutMs: number, probe: () => Promise<Value | undefined>): Promise<Value> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function isServing(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/_emulator/stats`)).status === 200;
  } catch {
    return false;
  }
}

it("stops when the npx process of a backgrounded `npx svc-emulator ... &` is killed", async () => {
  const out = path.join(project, "emulator.out");
  // The README's line, in a shell; `$!` is the pid a user would kill.
  const shell = spawn("sh", ["-c", `npx svc-emulator --port 0 --tokens dev-token >"${out}" 2>&1 & echo $!`], {
    cwd: project,
    env: { ...process.env, npm_config_offline: "true", npm_config_update_notifier: "false", npm_config_fund: "false" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let printed = "";
  shell.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  await new Promise((resolve) => shell.on("exit", resolve));
  const npxPid = Number(printed.trim());
  expect(npxPid).toBeGreaterThan(1);
  started.add(npxPid);

  const baseUrl = await waitFor("the base URL", 60_000, async () => {
    const text = existsSync(out) ? readFileSync(out, "utf8") : "";
    return /^http:\/\/127\.0\.0\.1:\d+$/m.exec(text)?.[0];
  });
  for (const pid of descendantsOf(npxPid)) started.add(pid);
  expect(await isServing(baseUrl)).toBe(true);
  // The emulator is not the process `$!` names: npm is, with the emulator below it.
  expect(descendantsOf(npxPid).length).toBeGreaterThan(0);

  process.kill(npxPid, "SIGTERM");
  // "Within a few seconds": the emulator polls its parent every 250 ms, then closes.
  await waitFor("the port to close", 5_000, async () => ((await isServing(baseUrl)) ? undefined : true));
  expect(await isServing(baseUrl)).toBe(false);
  // Nothing of it is left running.
  await waitFor("the processes to exit", 5_000, async () =>
    [...started].every((pid) => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    })
      ? true
      : undefined,
  );
});
