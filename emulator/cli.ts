#!/usr/bin/env node
/**
 * `svc-emulator`: runs the API emulator until SIGINT/SIGTERM/SIGHUP. The
 * first line of stdout is the base URL and nothing else, so a script can read it:
 *   URL=$(svc-emulator --port 0 | head -n 1)
 * The second is the web console's address (`<base URL>/_ui`).
 *
 * Started through npm (`npx svc-emulator ... &`, `npm run emulator`), the
 * emulator is not the process the shell reports as `$!`: npm is, and npm
 * does not pass a `kill` on to it (it signals its `sh -c` wrapper, which
 * dies alone). So under npm the emulator also exits when its parent process
 * goes away. Run directly, it keeps running when its parent exits (nohup,
 * a CI step that leaves it in the background).
 */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { apis } from "./apis";
import { emailOf as emulatorAccountEmail } from "./google/tokens/authority";
import type { CommandLine } from "./command-line";
import { parseCommandLine, usage, UsageError } from "./command-line";
import type { ApiOptionsOf } from "./plugin";
import { CONSOLE_PREFIX } from "./console/paths";
import { createEmulator } from "./server";

async function main(): Promise<void> {
  let commandLine: CommandLine<ApiOptionsOf<typeof apis>> | "help";
  try {
    commandLine = parseCommandLine(process.argv.slice(2), apis);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`svc-emulator: ${error.message}\n\n${usage(apis)}`);
    process.exitCode = 2;
    return;
  }
  if (commandLine === "help") {
    process.stdout.write(usage(apis));
    return;
  }

  const emulator = createEmulator(commandLine.emulatorOptions);
  const baseUrl = await emulator.listen(commandLine.port, commandLine.host);
  for (const name of commandLine.serviceAccounts.names) {
    const file = path.resolve(commandLine.serviceAccounts.directory, `${name}.json`);
    // A private key: readable by its owner only.
    writeFileSync(file, `${JSON.stringify(emulator.accessTokens.createServiceAccount(name, `${baseUrl}/token`), null, 2)}\n`, { mode: 0o600 });
    process.stderr.write(`svc-emulator: wrote the key of ${emulatorAccountEmail(name)} to ${file}\n`);
  }

  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`svc-emulator: error while closing: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  process.once("SIGHUP", shutdown);
  if (startedByNpm()) exitWhenOrphaned(shutdown);
  // Announced only once the handlers are in place: a caller that signals right after reading
  // the URL must get a clean shutdown, not the default signal death.
  process.stdout.write(`${baseUrl}\nconsole: ${baseUrl}${CONSOLE_PREFIX}\n`);
}

const PARENT_POLL_MS = 250;

/** npm sets `npm_lifecycle_event` for the processes it runs (`npx` for npx and npm exec, the script name for npm run). */
function startedByNpm(): boolean {
  return process.env.npm_lifecycle_event !== undefined && process.env.npm_lifecycle_event !== "";
}

/**
 * Calls `onOrphaned` once the parent process is gone: the parent then is
 * the init process or a subreaper, so `process.ppid` changes.
 */
function exitWhenOrphaned(onOrphaned: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, PARENT_POLL_MS);
  timer.unref();
}

main().catch((error: unknown) => {
  process.stderr.write(`svc-emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
