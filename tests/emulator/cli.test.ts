/**
 * The `svc-emulator` bin as users run it: the built dist/emulator/cli.js, started as a
 * child process.
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import * as os from "node:os";
import { createInterface } from "node:readline";
import { settingsOf } from "../../provider/config";
import { credentialPlan } from "../../provider/google/credentials/settings";
import { createTokenSource } from "../../provider/google/credentials/tokenSource";
import { builtEmulatorCli, httpRequest, ZONES } from "./helpers";

jest.setTimeout(120_000);

const REPO_ROOT = path.resolve(__dirname, "../..");
const CLI = builtEmulatorCli();

function startCli(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT });
}

async function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, "line")) as [string];
  lines.close();
  return line;
}

async function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, "exit")) as [number | null];
  return code;
}

describe("svc-emulator", () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  afterEach(() => {
    if (child !== undefined && child.exitCode === null) child.kill("SIGKILL");
    child = undefined;
  });

  it("prints its base URL as the first line, serves, and exits 0 on SIGTERM", async () => {
    child = startCli(["--port", "0", "--tokens", "cli-token-a,cli-token-b"]);
    const baseUrl = await firstLine(child);
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    expect((await fetch(`${baseUrl}/_emulator/stats`)).status).toBe(200);
    expect((await httpRequest(baseUrl, "GET", ZONES, { token: "cli-token-b" })).status).toBe(200);
    expect((await httpRequest(baseUrl, "GET", ZONES, { token: "not-listed" })).status).toBe(401);

    child.kill("SIGTERM");
    expect(await exitOf(child)).toBe(0);
  });

  it("exits 0 on SIGINT too", async () => {
    child = startCli(["--port", "0"]);
    await firstLine(child);
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
  });

  it("explains itself with --help", async () => {
    child = startCli(["--help"]);
    const usage = await firstLine(child);
    expect(usage).toMatch(/^Usage: svc-emulator/);
    expect(await exitOf(child)).toBe(0);
  });

  it("exits 2 with the usage on stderr for a bad option", async () => {
    child = startCli(["--port", "eighty"]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await exitOf(child)).toBe(2);
    expect(stderr).toMatch(/--port must be an integer/);
    expect(stderr).toMatch(/Usage: svc-emulator/);
  });

  it("writes a key file with --service-account whose token_uri is the emulator, and issues tokens of --token-lifetime", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "svc-cli-keys-"));
    child = startCli(["--port", "0", "--tokens", "cli-token-a", "--service-account", "deployer", "--credentials-dir", folder, "--token-lifetime", "5s"]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const baseUrl = await firstLine(child);
    const keyFile = path.join(folder, "deployer.json");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(keyFile, "utf8"))).toMatchObject({
      type: "service_account",
      client_email: "deployer@svc-emulator.iam.gserviceaccount.com",
      token_uri: `${baseUrl}/token`,
    });
    expect(stderr).toContain(`wrote the key of deployer@svc-emulator.iam.gserviceaccount.com to ${keyFile}`);
    // The provider's chain, given only the file's path: the key's token_uri leads it to the emulator.
    const token = await createTokenSource(
      credentialPlan("dns", settingsOf(undefined, { GOOGLE_APPLICATION_CREDENTIALS: keyFile, CLOUDSDK_CONFIG: folder })),
    ).token();
    expect((await httpRequest(baseUrl, "GET", ZONES, { token })).status).toBe(200);
    const [issued] = ((await (await fetch(`${baseUrl}/_emulator/tokens/stats`)).json()) as { issued: { issuedAt: string; expiresAt: string }[] }).issued;
    expect(Date.parse(issued?.expiresAt ?? "") - Date.parse(issued?.issuedAt ?? "")).toBe(5000);
  });

  it("refuses a --token-lifetime outside 1s to 24h and a --service-account that is no account name", async () => {
    for (const [args, message] of [
      [["--token-lifetime", "0s"], /--token-lifetime must be a duration from 1s to 24h/],
      [["--service-account", "Bad_Name"], /--service-account must be 6 to 30 lowercase letters/],
    ] as const) {
      child = startCli([...args]);
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      expect(await exitOf(child)).toBe(2);
      expect(stderr).toMatch(message);
    }
  });
});
