/**
 * What the credential tests share: the tokens the emulator issued, and the scan of every output for
 * secrets (tests/e2e/credentials.e2e.test.ts, and the long run under short tokens, longTokenRun.ts).
 */
import { mkdtempSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "./emulatorControl";
import { emulatorCredential } from "./googleCredentials";

/** The static tokens the stacks are opened with (stacks.ts), removed where a credential form is tested. */
export const STATIC_TOKENS = ["svc:dnsToken", "svc:ciToken", "svc:adsToken", "svc:quotasToken"];
/** An empty gcloud folder: the machine's own application default credentials are never picked up. */
export const NO_GCLOUD = { CLOUDSDK_CONFIG: mkdtempSync(path.join(os.tmpdir(), "svc-gcloud-")) };
export const DNS_SCOPE = "https://www.googleapis.com/auth/ndev.clouddns.readwrite";

export interface Issued {
  grant: string;
  principal: string;
  subject?: string;
  scopes: string[];
}

/** A credential the emulator makes (a service-account key, an authorized user...). */
export const internal = (emulator: RunningEmulator, route: string, body: object): Promise<Record<string, string>> =>
  emulatorCredential(emulator.url, route, body);

export async function tokenStats(emulator: RunningEmulator): Promise<{ issued: Issued[]; expiredUses: number; scopeRefusals: number }> {
  return (await (await fetch(`${emulator.url}/_emulator/tokens/stats`)).json()) as { issued: Issued[]; expiredUses: number; scopeRefusals: number };
}

/** What no output may hold: the credentials' secret parts, and any access token the emulator issues (`ya29.emu-...`). */
export function expectNoSecret(text: string, secrets: readonly string[]): void {
  expect(text).not.toMatch(/ya29\.emu-/);
  expect(text).not.toMatch(/-----BEGIN PRIVATE KEY-----|PRIVATE KEY/);
  for (const secret of secrets) expect(text).not.toContain(secret);
}
