/**
 * The `svc-emulator` bin as users run it: compiled to dist/, started as a
 * child process. Only the emulator is compiled (tests/emulator/tsconfig.build.json),
 * so the test does not depend on the state of the rest of the package.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { httpRequest, ZONES } from './helpers';

jest.setTimeout(120_000);

const REPO_ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(REPO_ROOT, 'dist/emulator/cli.js');

beforeAll(() => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tests/emulator/tsconfig.build.json'], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  });
});

function startCli(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT });
}

async function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  return line;
}

async function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

describe('svc-emulator', () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  afterEach(() => {
    if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
    child = undefined;
  });

  it('prints its base URL as the first line, serves, and exits 0 on SIGTERM', async () => {
    child = startCli(['--port', '0', '--tokens', 'cli-token-a,cli-token-b']);
    const baseUrl = await firstLine(child);
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    expect((await fetch(`${baseUrl}/_emulator/stats`)).status).toBe(200);
    expect((await httpRequest(baseUrl, 'GET', ZONES, { token: 'cli-token-b' })).status).toBe(200);
    expect((await httpRequest(baseUrl, 'GET', ZONES, { token: 'not-listed' })).status).toBe(401);

    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it('exits 0 on SIGINT too', async () => {
    child = startCli(['--port', '0']);
    await firstLine(child);
    child.kill('SIGINT');
    expect(await exitOf(child)).toBe(0);
  });

  it('explains itself with --help', async () => {
    child = startCli(['--help']);
    const usage = await firstLine(child);
    expect(usage).toMatch(/^Usage: svc-emulator/);
    expect(await exitOf(child)).toBe(0);
  });

  it('exits 2 with the usage on stderr for a bad option', async () => {
    child = startCli(['--port', 'eighty']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await exitOf(child)).toBe(2);
    expect(stderr).toMatch(/--port must be an integer/);
    expect(stderr).toMatch(/Usage: svc-emulator/);
  });
});
