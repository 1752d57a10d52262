/**
 * A long run under 5-second tokens: a zone of `records` record sets and a quota preference whose
 * increase takes 25 s to decide, made with a service-account key against an emulator whose tokens
 * live 5 s. Every request must go out with a live token (one refused as expired is sent once more with
 * a new one), the tokens refreshed along the way, and nothing secret in the output, the state or the
 * request log. `npm test` runs it at 100 record sets (tests/e2e/credentials.e2e.test.ts), the
 * campaign at 300 (tests/campaign/longTokenRun.campaign.test.ts).
 */
import { DNS_SCOPE, expectNoSecret, internal, NO_GCLOUD, STATIC_TOKENS, tokenStats } from "./credentialChecks";
import { startEmulator, type RunningEmulator } from "./emulatorControl";
import { openStack } from "./stacks";
import type { EngineSuite } from "./suite";

export function longTokenRun(suite: EngineSuite, records: number): void {
  describe("a long run under 5-second tokens", () => {
    let emulator: RunningEmulator | undefined;
    afterAll(async () => {
      await emulator?.close();
    });

    it(`creates a zone of ${records} record sets and waits for a quota grant across many token lifetimes, every request with a live token`, async () => {
      // Its own emulator: tokens live 5 s, and a quota increase reconciles for 25 s (what makes the run long).
      emulator = await startEmulator(undefined, { tokenLifetimeSeconds: 5, quotas: { reconcileMs: 25_000 } });
      const key = await internal(emulator, "service-accounts", { name: "long-runner" });
      const config = {
        "svc:credentials": { value: JSON.stringify(key), secret: true },
        records: { value: String(records) },
        zoneName: { value: "long" },
        quotaWait: { value: "120" },
      };
      const test = suite.track(await openStack("credentials", emulator, config, NO_GCLOUD));
      await test.stack.removeAllConfig(STATIC_TOKENS);
      const started = Date.now();
      const up = await test.stack.up({ onOutput: (line) => test.output.push(line) });
      const tookMs = Date.now() - started;
      expect(up.summary.result).toBe("succeeded");
      // The record sets, their zone, the quota preference and the stack.
      expect(up.summary.resourceChanges?.create).toBe(records + 3);
      expect(up.outputs["quotaGranted"]?.value).toBe("1000");
      expect(tookMs).toBeGreaterThan(4 * 5000);
      const stats = await tokenStats(emulator);
      // Refreshed along the way: at least one token per lifetime the run lasted, each one's scopes DNS's or the quotas'.
      expect(stats.issued.length).toBeGreaterThanOrEqual(Math.floor(tookMs / 5000));
      expect(new Set(stats.issued.map(({ scopes }) => scopes.join(" ")))).toEqual(new Set([DNS_SCOPE, "https://www.googleapis.com/auth/cloud-platform"]));
      // No request went out with an expired token, or each that did was sent once more with a new one.
      const retried = test.output.join("").match(/refused the access token/g)?.length ?? 0;
      expect(stats.expiredUses).toBe(retried);
      expect(stats.expiredUses).toBeLessThanOrEqual(2);
      expectNoSecret(`${test.output.join("")}\n${await test.stateText()}\n${JSON.stringify(await emulator.requests())}`, [key.private_key ?? ""]);
      expect((await test.stack.destroy({ onOutput: (line) => test.output.push(line) })).summary.result).toBe("succeeded");
    });
  });
}
