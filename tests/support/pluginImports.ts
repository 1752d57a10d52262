/**
 * What the end-to-end tests of the engine's own adoption through the provider plugin share: a
 * record set made out of band, the import file `svc-import <api> --format import-file` writes (for
 * `pulumi import --file`), and the writes the emulator received since a moment (an import reads
 * only).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "./emulatorControl";
import { REPO_ROOT } from "./toolchain";

export interface ImportFileEntry {
  readonly type: string;
  readonly name: string;
  readonly id: string;
}

/** Runs `svc-import dns --project <project> --format import-file --out <file>` against the emulator; the entries it wrote. */
export async function writeImportFile(emulator: RunningEmulator, project: string, file: string): Promise<ImportFileEntry[]> {
  const cli = path.join(REPO_ROOT, "dist", "tools", "import", "bin.js");
  const env = { PATH: process.env["PATH"] ?? "", SVC_EMULATOR_URL: emulator.url, SVC_DNS_TOKEN: emulator.token };
  await new Promise<void>((resolve, reject) =>
    execFile("node", [cli, "dns", "--project", project, "--format", "import-file", "--out", file], { env }, (error, _stdout, stderr) =>
      error === null ? resolve() : reject(new Error(`svc-import failed: ${stderr}`)),
    ),
  );
  return (JSON.parse(readFileSync(file, "utf8")) as { resources: ImportFileEntry[] }).resources;
}

/** How many requests the emulator has received so far: the moment `writesSince` counts from. */
export const requestCount = async (emulator: RunningEmulator): Promise<number> => (await emulator.requests()).length;

/** The writes the emulator received after the first `since` requests. */
export const writesSince = async (emulator: RunningEmulator, since: number): Promise<string[]> =>
  (await emulator.requests())
    .slice(since)
    // A read sent as a POST (an IAM policy's getIamPolicy) is no write.
    .filter((request) => request.method !== "GET" && !request.path.endsWith(":getIamPolicy"))
    .map((request) => `${request.method} ${request.path}`);

/** A TXT record set `name` added to the zone at `zonePath` out of band, as a user's other tools would, and its removal the same way. */
export async function recordSetByHand(emulator: RunningEmulator, zonePath: string, name: string): Promise<{ remove(): Promise<void> }> {
  const recordSet = { name, type: "TXT", ttl: 300, rrdatas: ['"made by hand"'] };
  const change = async (what: string, body: unknown): Promise<void> => {
    const { status, body: answer } = await emulator.api("POST", `${zonePath}/changes`, body);
    if (status >= 300) throw new Error(`${what} ${name}: HTTP ${status} ${JSON.stringify(answer)}`);
  };
  await change("adding", { additions: [recordSet] });
  return { remove: () => change("deleting", { deletions: [recordSet] }) };
}
