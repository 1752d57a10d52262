/**
 * The test stacks' secrets provider: Pulumi's `hashivault://` provider against a stand-in for
 * Vault's transit engine (vaultTransitServer.js), one per test file while it has stacks open.
 *
 * Why not the passphrase provider users of a file backend start with: it derives its key with
 * PBKDF2 of 1,000,000 rounds in every CLI process that reads a stack's secrets, about 0.25 CPU-s
 * of a CLI start's 0.5 (measured, 2026-11-27), and nearly every CLI start of a test stack reads
 * them (the tokens are secret config). A transit key costs one local request. The secrets stay secret
 * all the same: the CLI encrypts each value with the stack's data key, which only the stand-in
 * can unwrap. The stand-in runs in a child process, not in the test's own: the tests run the
 * CLI synchronously at times (execFileSync), which would block a server in the same process.
 *
 * Each test file has its own copy of this module (jest's module registry), and a jest worker runs
 * many files: a stand-in that lived as long as its worker outlived its file, one more node process
 * for every end-to-end file the worker had run. So each stack holds the stand-in
 * (`testSecretsKeeper`) until it is disposed (its `release`), and the last release stops it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { Socket } from "node:net";
import * as path from "node:path";
import { createInterface } from "node:readline";

export interface SecretsKeeper {
  /** The stack's `--secrets-provider`. */
  readonly provider: string;
  /** What the CLI needs to reach it (VAULT_SERVER_URL, VAULT_SERVER_TOKEN). */
  readonly env: Readonly<Record<string, string>>;
  /** The stack is gone: its hold ends (once, however often called); the last hold's end stops the stand-in. */
  release(): Promise<void>;
}

type Started = Omit<SecretsKeeper, "release">;
let keeper: { readonly child: ChildProcess; readonly ready: Promise<Started> } | undefined;
/** The stacks holding the stand-in. */
let holders = 0;

function start(): { child: ChildProcess; ready: Promise<Started> } {
  const token = randomBytes(16).toString("hex");
  const child = spawn(process.execPath, [path.join(__dirname, "vaultTransitServer.js"), token], { stdio: ["pipe", "pipe", "inherit"] });
  const ready = new Promise<Started>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(new Error(`the test stacks' Vault stand-in (tests/support/vaultTransitServer.js) exited with ${code} before it listened`)),
    );
    createInterface({ input: child.stdout }).once("line", (port) => {
      // It never holds the worker open: it ends when its stdin closes, at the last release or with the worker.
      child.unref();
      (child.stdin as unknown as Socket).unref();
      (child.stdout as unknown as Socket).unref();
      resolve({ provider: "hashivault://svc-tests", env: { VAULT_SERVER_URL: `http://127.0.0.1:${port}`, VAULT_SERVER_TOKEN: token } });
    });
  });
  return { child, ready };
}

/** The stand-in, held for one more stack (the first starts it). Release the hold when the stack is disposed. */
export async function testSecretsKeeper(): Promise<SecretsKeeper> {
  keeper ??= start();
  holders += 1;
  let released = false;
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    await releaseOne();
  };
  try {
    return { ...(await keeper.ready), release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** One hold ended: the last one stops the stand-in (its stdin closed, it exits) and waits for it to be gone. */
async function releaseOne(): Promise<void> {
  holders -= 1;
  if (holders > 0 || keeper === undefined) return;
  const { child } = keeper;
  keeper = undefined;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.stdin?.end();
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
