/**
 * `svc-emulator --data-dir` as users run it (dist/emulator/cli.js, a child process): after a
 * `pulumi up` of two examples and objects of every other API, a SIGKILL and a start on the same
 * folder (and port), every object is back (the full listing of every API compares equal) and a
 * `pulumi preview` of each stack is empty.
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { fullListing, populate, settled } from "../support/fullListing";
import { openStack, type TestStack } from "../support/stacks";
import { REPO_ROOT, requireEngine } from "../support/toolchain";

const CLI = path.join(REPO_ROOT, "dist", "emulator", "cli.js");
const TOKEN = "persist-e2e-token-5b2d";
const folder = mkdtempSync(path.join(os.tmpdir(), "svc-persist-e2e-"));
const dataDir = path.join(folder, "data");
const children: ChildProcessWithoutNullStreams[] = [];
const stacks: TestStack[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const stack of stacks) await stack.dispose();
  rmSync(folder, { recursive: true, force: true });
});

async function startCli(port: number): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(process.execPath, [CLI, "--port", String(port), "--tokens", TOKEN, "--data-dir", dataDir], { cwd: folder });
  children.push(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, "exit").then(() => {
    throw new Error(`svc-emulator exited before serving: ${stderr}`);
  });
  const [url] = (await Promise.race([once(lines, "line"), exited])) as [string];
  lines.close();
  return { child, url };
}

it("keeps every object across a SIGKILL: the same listing, and empty previews", async () => {
  requireEngine();
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (npm test does)`);
  const first = await startCli(0);
  const port = Number(new URL(first.url).port);
  const emulator = { url: first.url, token: TOKEN };

  const zone = stacks[stacks.push(await openStack("dns-zone", emulator, { zoneName: { value: "kept-site" }, domain: { value: "kept-site.example." } })) - 1]!;
  const calendar = stacks[stacks.push(await openStack("calendar-acl", emulator, { "svc:calendarToken": { value: TOKEN, secret: true } })) - 1]!;
  expect((await zone.stack.up()).summary.resourceChanges).toEqual({ create: 6 });
  expect((await calendar.stack.up()).summary.resourceChanges).toEqual({ create: 6 });
  await populate(first.url, TOKEN);
  await settled(first.url, TOKEN);
  const before = await fullListing(first.url, TOKEN);

  first.child.kill("SIGKILL");
  await once(first.child, "exit");
  const second = await startCli(port);
  expect(second.url).toBe(first.url);
  expect(await fullListing(second.url, TOKEN)).toEqual(before);

  expect((await zone.stack.preview()).changeSummary).toEqual({ same: 6 });
  expect((await calendar.stack.preview()).changeSummary).toEqual({ same: 6 });
  second.child.kill("SIGTERM");
  expect((await once(second.child, "exit"))[0]).toBe(0);
});
