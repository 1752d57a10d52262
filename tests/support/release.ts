/**
 * What the release's end-to-end test needs besides the engine suite: a local HTTP server that
 * serves the release folder as a forge's release page would (and records what was asked of it),
 * commands run with an environment of the test's own making (a PATH without Node.js, no
 * PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION), and the engine's folder.
 */
import { execFileSync, spawn } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { STALL_MS } from "./stacks";

export interface FolderServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The path of every request, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Serves the files under `dir` (GET only; 404 for anything else), as a release's download page. */
export async function serveFolder(dir: string): Promise<FolderServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(url.pathname);
    const file = path.join(dir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ""));
    if (request.method !== "GET" || !file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/octet-stream", "content-length": statSync(file).size });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The folder of the `pulumi` on PATH, and its language hosts: the engine, with nothing else. */
export function engineDir(): string {
  return path.dirname(execFileSync("sh", ["-c", "command -v pulumi"], { encoding: "utf8" }).trim());
}

/**
 * A folder to be all of a user's PATH without Node.js: links to the engine's `pulumi` and its
 * language hosts, and to `sh`; no `node` anywhere, not even the engine folder's dynamic-provider
 * script (which needs one).
 */
export function pathWithoutNode(root: string): string {
  const bin = path.join(root, "bin-without-node");
  mkdirSync(bin, { recursive: true });
  const engine = engineDir();
  for (const entry of readdirSync(engine)) if (/^pulumi(-language-[a-z]+)?$/.test(entry)) symlinkSync(path.join(engine, entry), path.join(bin, entry));
  symlinkSync(execFileSync("sh", ["-c", "command -v sh"], { encoding: "utf8" }).trim(), path.join(bin, "sh"));
  return bin;
}

export interface Ran {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `command` with exactly `env` (nothing inherited). A run that prints nothing for STALL_MS
 * is stopped and fails saying so; slowness alone is no failure.
 */
export function run(command: string, args: readonly string[], options: { cwd: string; env: Record<string, string> }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let last = Date.now();
    let stalled = false;
    const timer = setInterval(() => {
      if (Date.now() - last < STALL_MS) return;
      stalled = true;
      child.kill("SIGKILL");
    }, 5_000);
    child.stdout.on("data", (chunk: Buffer) => {
      last = Date.now();
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      last = Date.now();
      stderr += chunk.toString();
    });
    child.on("error", (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearInterval(timer);
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(
          new Error(
            `${command} ${args.join(" ")} ${stalled ? `printed nothing for ${STALL_MS / 60_000} minutes and was stopped` : `exited with ${code}`}:\n` +
              `${stderr.slice(-6000)}\n${stdout.slice(-4000)}`,
          ),
        );
    });
  });
}
