#!/usr/bin/env node
/**
 * `svc-emulator`: runs the API emulator until SIGINT/SIGTERM/SIGHUP. The
 * first line of stdout is the base URL and nothing else, so a script can read it:
 *   URL=$(svc-emulator --port 0 | head -n 1)
 *
 * Started through npm (`npx svc-emulator ... &`, `npm run emulator`), the
 * emulator is not the process the shell reports as `$!`: npm is, and npm
 * does not pass a `kill` on to it (it signals its `sh -c` wrapper, which
 * dies alone). So under npm the emulator also exits when its parent process
 * goes away. Run directly, it keeps running when its parent exits (nohup,
 * a CI step that leaves it in the background).
 */
import { parseArgs } from 'node:util';
import type { CiOptions } from './apis/ci/routes';
import { createEmulator } from './server';

const USAGE = `Usage: svc-emulator [--port <port>] [--host <host>] [--tokens <a,b,...>] [--change-delay-ms <ms>]
                    [--ci-personal-tokens <a,b,...>] [--ci-project-token <token=vcs-type/org/project> ...]
                    [--ci-throttle-per-user <n>] [--ci-throttle-per-resource <n>]

Serves local emulations of the project's APIs under one origin (Cloud DNS at
/dns/v1/..., the CI API at /api/v1.1/...) and internal endpoints under
/_emulator/ (stats, requests, objects, reset, faults). Prints the base URL as
the first line of stdout, then serves until interrupted (SIGINT, SIGTERM or
SIGHUP); started through npm (npx, npm run), also until npm exits.

Options:
  --port <port>           TCP port; 0 (the default) picks a free one
  --host <host>           interface to bind (default 127.0.0.1)
  --tokens <a,b,...>      accept only these bearer tokens (default: any non-empty token)
  --change-delay-ms <ms>  how long a DNS change stays "pending" (default 50)
  --ci-personal-tokens <a,b,...>
                          CI personal tokens (default, when no CI token is given:
                          any non-empty token is a personal token)
  --ci-project-token <token=vcs-type/org/project>
                          a CI project token and its project; repeatable
  --ci-throttle-per-user <n>
                          CI requests per caller per minute, then 429 (default: off)
  --ci-throttle-per-resource <n>
                          CI requests per caller to one path per minute (default: off)
  -h, --help              show this help
`;

interface CliOptions {
  port: number;
  host: string;
  tokens: string[] | undefined;
  changeCompletionDelayMs: number | undefined;
  ci: CiOptions;
}

class UsageError extends Error {}

function parseCommandLine(argv: string[]): CliOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        tokens: { type: 'string' },
        'change-delay-ms': { type: 'string' },
        'ci-personal-tokens': { type: 'string' },
        'ci-project-token': { type: 'string', multiple: true },
        'ci-throttle-per-user': { type: 'string' },
        'ci-throttle-per-resource': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) return 'help';
  const tokens = commaList(values.tokens);
  return {
    port: parseInteger('--port', values.port ?? '0', 65535),
    host: values.host ?? '127.0.0.1',
    tokens: tokens !== undefined && tokens.length > 0 ? tokens : undefined,
    changeCompletionDelayMs:
      values['change-delay-ms'] === undefined ? undefined : parseInteger('--change-delay-ms', values['change-delay-ms'], 3_600_000),
    ci: ciOptions(values),
  };
}

function commaList(raw: string | undefined): string[] | undefined {
  return raw
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function ciOptions(values: {
  'ci-personal-tokens'?: string;
  'ci-project-token'?: string[];
  'ci-throttle-per-user'?: string;
  'ci-throttle-per-resource'?: string;
}): CiOptions {
  const ci: CiOptions = {};
  const personalTokens = commaList(values['ci-personal-tokens']);
  if (personalTokens !== undefined && personalTokens.length > 0) ci.personalTokens = personalTokens;
  for (const pair of values['ci-project-token'] ?? []) {
    const match = /^([^=]+)=((vcs-a|vcs-b)\/[^/]+\/[^/]+)$/.exec(pair);
    if (match?.[1] === undefined || match[2] === undefined) {
      throw new UsageError(`--ci-project-token must be <token>=<vcs-a|vcs-b>/<org>/<project>, got '${pair}'`);
    }
    ci.projectTokens = { ...ci.projectTokens, [match[1]]: match[2] };
  }
  const perUser = values['ci-throttle-per-user'];
  const perResource = values['ci-throttle-per-resource'];
  if (perUser !== undefined || perResource !== undefined) {
    ci.throttle = {
      ...(perUser !== undefined ? { perUserPerMinute: parsePositiveInteger('--ci-throttle-per-user', perUser) } : {}),
      ...(perResource !== undefined ? { perResourcePerMinute: parsePositiveInteger('--ci-throttle-per-resource', perResource) } : {}),
    };
  }
  return ci;
}

function parsePositiveInteger(option: string, raw: string): number {
  const value = parseInteger(option, raw, 1_000_000);
  if (value < 1) throw new UsageError(`${option} must be at least 1, got '${raw}'`);
  return value;
}

function parseInteger(option: string, raw: string, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) > max) throw new UsageError(`${option} must be an integer from 0 to ${max}, got '${raw}'`);
  return Number(raw);
}

async function main(): Promise<void> {
  let options: CliOptions | 'help';
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`svc-emulator: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return;
  }

  const emulator = createEmulator({
    ...(options.tokens !== undefined ? { tokens: options.tokens } : {}),
    ...(options.changeCompletionDelayMs !== undefined ? { changeCompletionDelayMs: options.changeCompletionDelayMs } : {}),
    ci: options.ci,
  });
  const baseUrl = await emulator.listen(options.port, options.host);

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
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  process.once('SIGHUP', shutdown);
  if (startedByNpm()) exitWhenOrphaned(shutdown);
  // Announced only once the handlers are in place: a caller that signals right after reading
  // the URL must get a clean shutdown, not the default signal death.
  process.stdout.write(`${baseUrl}\n`);
}

const PARENT_POLL_MS = 250;

/** npm sets `npm_lifecycle_event` for the processes it runs (`npx` for npx and npm exec, the script name for npm run). */
function startedByNpm(): boolean {
  return process.env.npm_lifecycle_event !== undefined && process.env.npm_lifecycle_event !== '';
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
