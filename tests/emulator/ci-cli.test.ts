/**
 * The CI flags of `svc-emulator`. The CLI runs from source through ts-node
 * (cli.test.ts covers the compiled bin), so this suite does not write dist/.
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";

const REPO_ROOT = path.resolve(__dirname, "../..");

function startCli(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["-r", require.resolve("ts-node/register/transpile-only"), "emulator/cli.ts", ...args], { cwd: REPO_ROOT });
}

async function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, "line")) as [string];
  lines.close();
  return line;
}

async function ciStatus(baseUrl: string, urlPath: string, token: string): Promise<number> {
  return (await fetch(`${baseUrl}${urlPath}`, { headers: { "ci-token": token, accept: "application/json" } })).status;
}

describe("svc-emulator CI flags", () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  afterEach(() => {
    if (child !== undefined && child.exitCode === null) child.kill("SIGKILL");
    child = undefined;
  });

  it("configures personal tokens, project tokens and the per-user throttle", async () => {
    child = startCli([
      "--port",
      "0",
      "--ci-personal-tokens",
      "p1,p2",
      "--ci-project-token",
      "pt=vcs-a/acme/monorepo",
      "--ci-project-token",
      "pt2=vcs-b/acme/mobile-app",
      "--ci-throttle-per-user",
      "3",
    ]);
    const baseUrl = await firstLine(child);
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    expect(await ciStatus(baseUrl, "/api/v1.1/me", "p2")).toBe(200);
    expect(await ciStatus(baseUrl, "/api/v1.1/me", "unknown")).toBe(401);
    expect(await ciStatus(baseUrl, "/api/v1.1/me", "pt")).toBe(403);
    expect(await ciStatus(baseUrl, "/api/v1.1/project/vcs-a/acme/monorepo/1", "pt")).toBe(200);
    expect(await ciStatus(baseUrl, "/api/v1.1/project/vcs-b/acme/mobile-app/1", "pt2")).toBe(200);
    expect(await ciStatus(baseUrl, "/api/v1.1/project/vcs-b/acme/mobile-app/1", "pt")).toBe(404);
    // p1 and p2 are the same user: one request so far (p2's), two more, then 429.
    expect(await ciStatus(baseUrl, "/api/v1.1/projects", "p1")).toBe(200);
    expect(await ciStatus(baseUrl, "/api/v1.1/recent-builds", "p2")).toBe(200);
    expect(await ciStatus(baseUrl, "/api/v1.1/projects", "p1")).toBe(429);

    child.kill("SIGTERM");
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(0);
  });

  it("refuses a malformed project token with exit code 2", async () => {
    child = startCli(["--ci-project-token", "pt=github/acme/monorepo"]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toContain("--ci-project-token must be <token>=<vcs-a|vcs-b>/<org>/<project>");
  });
});
