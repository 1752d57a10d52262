/**
 * The test stacks' secrets provider: Pulumi's `hashivault://` provider against a stand-in for
 * Vault's transit engine (vaultTransitServer.js), one per process that opens test stacks.
 *
 * Why not the passphrase provider users of a file backend start with: it derives its key with
 * PBKDF2 of 1,000,000 rounds in every CLI process that reads a stack's secrets, about 0.25 CPU-s
 * of a CLI start's 0.5 (measured, 2026-11-27), and nearly every CLI start of a test stack reads
 * them (the tokens are secret config). A transit key costs one local request. The secrets stay secret
 * all the same: the CLI encrypts each value with the stack's data key, which only the stand-in
 * can unwrap. The stand-in runs in a child process, not in the test's own: the tests run the
 * CLI synchronously at times (execFileSync), which would block a server in the same process.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";
import * as path from "node:path";
import { createInterface } from "node:readline";

export interface SecretsKeeper {
  /** The stack's `--secrets-provider`. */
  readonly provider: string;
  /** What the CLI needs to reach it (VAULT_SERVER_URL, VAULT_SERVER_TOKEN). */
  readonly env: Readonly<Record<string, string>>;
}

let keeper: Promise<SecretsKeeper> | undefined;

export function testSecretsKeeper(): Promise<SecretsKeeper> {
  keeper ??= new Promise<SecretsKeeper>((resolve, reject) => {
    const token = randomBytes(16).toString("hex");
    const child = spawn(process.execPath, [path.join(__dirname, "vaultTransitServer.js"), token], { stdio: ["pipe", "pipe", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(new Error(`the test stacks' Vault stand-in (tests/support/vaultTransitServer.js) exited with ${code} before it listened`)),
    );
    createInterface({ input: child.stdout }).once("line", (port) => {
      // It lives as long as this process: it ends when its stdin closes, which holds nothing open here.
      child.unref();
      (child.stdin as unknown as Socket).unref();
      (child.stdout as unknown as Socket).unref();
      resolve({ provider: "hashivault://svc-tests", env: { VAULT_SERVER_URL: `http://127.0.0.1:${port}`, VAULT_SERVER_TOKEN: token } });
    });
  });
  return keeper;
}
