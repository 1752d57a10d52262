/**
 * Every Google credential form end to end with the real engine against one emulator that issues the
 * tokens, one small stack each (examples/credentials), in sequence: a key in `svc:credentials`, an
 * authorized_user file in GOOGLE_APPLICATION_CREDENTIALS, the metadata server, impersonation on top of
 * a key, an external_account file with a file-sourced subject token, and domain-wide delegation
 * creating a calendar ACL rule as the delegated user. Then a long run under 5-second tokens. Each
 * run's state, its output at -v=9 and the request log are scanned for keys, refresh tokens,
 * client secrets, subject tokens and access tokens.
 */
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { mkdtempSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DNS_SCOPE, expectNoSecret, internal, NO_GCLOUD, STATIC_TOKENS, tokenStats, type Issued } from "../support/credentialChecks";
import { externalAccountConfig, WIF_AUDIENCE } from "../support/googleCredentials";
import { longTokenRun } from "../support/longTokenRun";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const suite = engineSuite({ tokenLifetimeSeconds: 3600 });
const folder = mkdtempSync(path.join(os.tmpdir(), "svc-creds-e2e-"));

const writeFile = (name: string, content: string): string => {
  const where = path.join(folder, name);
  writeFileSync(where, content, { mode: 0o600 });
  return where;
};

/**
 * The -v=9 log without Pulumi's own RPC traces, which print the provider's configure inputs (a
 * config secret among them) in plain text: not ours to close (docs/configuration.md, "Settings"). Everything
 * else, our provider's output included, must hold no secret.
 */
function ourLines(log: string): string {
  return log
    .split("\n")
    .filter((line) => !/"msg":"(Unm|M)arshaling property for RPC\[Provider\[\w+\]\.Configure\(\)/.test(line))
    .join("\n");
}

/** Opens a stack with no static token, runs `up` at -v=9, scans everything, destroys; returns the outputs and the tokens issued meanwhile. */
async function runForm(
  config: ConfigMap,
  env: Record<string, string>,
  secrets: readonly string[],
): Promise<{ outputs: Record<string, unknown>; issued: Issued[]; test: TestStack }> {
  const { emulator } = suite;
  const test = suite.track(await openStack("credentials", emulator, config, { ...NO_GCLOUD, ...env }));
  await test.stack.removeAllConfig(STATIC_TOKENS);
  const before = (await tokenStats(emulator)).issued.length;
  const up = await test.stack.up({ logVerbosity: 9, logToStdErr: true, onOutput: (line) => test.output.push(line) });
  expect(up.summary.result).toBe("succeeded");
  const issued = (await tokenStats(emulator)).issued.slice(before);
  expectNoSecret(`${up.stdout}\n${ourLines(up.stderr)}\n${test.output.join("")}`, secrets);
  expectNoSecret(await test.stateText(), secrets);
  expectNoSecret(JSON.stringify(await emulator.requests()), secrets);
  const outputs = Object.fromEntries(Object.entries(up.outputs).map(([key, value]) => [key, value.value as unknown]));
  const destroy = await test.stack.destroy({ onOutput: (line) => test.output.push(line) });
  expect(destroy.summary.result).toBe("succeeded");
  return { outputs, issued, test };
}

describe("each credential form makes its stack's objects", () => {
  let key: Record<string, string>;
  beforeAll(async () => {
    key = await internal(suite.emulator, "service-accounts", { name: "deployer", delegation: ["example.test"] });
  });
  const keySecret = (): ConfigMap => ({ "svc:credentials": { value: JSON.stringify(key), secret: true } });
  const keySecrets = (): string[] => [key.private_key ?? "", (key.private_key ?? "").split("\n")[1] ?? ""];

  it("a service-account key in svc:credentials (secret)", async () => {
    const { issued } = await runForm({ ...keySecret(), zoneName: { value: "creds-key" } }, {}, keySecrets());
    expect(issued).toEqual([expect.objectContaining({ grant: "jwt-bearer", principal: key.client_email, scopes: [DNS_SCOPE] })]);
  });

  it("refuses a key set in plain text (no --secret) at preview, saying how to set it, before any token is asked for", async () => {
    const config = { "svc:credentials": { value: JSON.stringify(key), secret: false }, zoneName: { value: "creds-plain" } };
    const test = suite.track(await openStack("credentials", suite.emulator, config, NO_GCLOUD));
    await test.stack.removeAllConfig(STATIC_TOKENS);
    const before = (await tokenStats(suite.emulator)).issued.length;
    const requestsBefore = (await suite.emulator.requests()).length;
    const failure = await test.stack.preview({ onOutput: (line) => test.output.push(line) }).then(
      () => "preview succeeded",
      (error: Error) => error.message,
    );
    expect(failure).toContain(
      "pulumi-svc: svc:credentials is set in plain text; a key or its path must be set with `pulumi config set svc:credentials <value> --secret`",
    );
    expectNoSecret(`${failure}\n${test.output.join("")}`, keySecrets());
    expect((await tokenStats(suite.emulator)).issued.length).toBe(before);
    expect((await suite.emulator.requests()).length).toBe(requestsBefore);
  });

  it("GOOGLE_APPLICATION_CREDENTIALS with an authorized_user file", async () => {
    const user = await internal(suite.emulator, "authorized-users", { email: "dev@example.test" });
    const { issued } = await runForm({ zoneName: { value: "creds-user" } }, { GOOGLE_APPLICATION_CREDENTIALS: writeFile("adc.json", JSON.stringify(user)) }, [
      user.refresh_token ?? "",
      user.client_secret ?? "",
    ]);
    expect(issued).toEqual([expect.objectContaining({ grant: "refresh-token", principal: "dev@example.test" })]);
  });

  it("the metadata server (GCE_METADATA_HOST at the emulator)", async () => {
    const { issued } = await runForm({ zoneName: { value: "creds-metadata" } }, { GCE_METADATA_HOST: new URL(suite.emulator.url).host }, []);
    expect(issued).toEqual([expect.objectContaining({ grant: "metadata", principal: "compute@svc-emulator.iam.gserviceaccount.com", scopes: [DNS_SCOPE] })]);
  });

  it("impersonation on top of a key", async () => {
    await internal(suite.emulator, "service-accounts", { name: "dns-admin", impersonators: [key.client_email] });
    const config = {
      ...keySecret(),
      "svc:impersonateServiceAccount": { value: "dns-admin@svc-emulator.iam.gserviceaccount.com" },
      zoneName: { value: "creds-impersonated" },
    };
    const { issued } = await runForm(config, {}, keySecrets());
    expect(issued).toEqual([
      expect.objectContaining({ grant: "jwt-bearer", principal: key.client_email, scopes: ["https://www.googleapis.com/auth/cloud-platform"] }),
      expect.objectContaining({ grant: "impersonation", principal: "dns-admin@svc-emulator.iam.gserviceaccount.com", scopes: [DNS_SCOPE] }),
    ]);
  });

  it("an external_account file with a file-sourced subject token (workload identity federation)", async () => {
    const { url } = suite.emulator;
    await internal(suite.emulator, "service-accounts", { name: "ci-runner" });
    const { subjectToken } = await internal(suite.emulator, "subject-tokens", {
      audience: WIF_AUDIENCE,
      subject: "repo:acme/app",
      serviceAccount: "ci-runner",
    });
    const wif = externalAccountConfig(url, writeFile("oidc-token", subjectToken ?? ""), "ci-runner@svc-emulator.iam.gserviceaccount.com");
    const { issued } = await runForm({ zoneName: { value: "creds-wif" } }, { GOOGLE_APPLICATION_CREDENTIALS: writeFile("wif.json", JSON.stringify(wif)) }, [
      subjectToken ?? "",
    ]);
    expect(issued).toEqual([
      expect.objectContaining({ grant: "token-exchange", principal: expect.stringContaining("/subject/repo:acme/app") }),
      expect.objectContaining({ grant: "impersonation", principal: "ci-runner@svc-emulator.iam.gserviceaccount.com", scopes: [DNS_SCOPE] }),
    ]);
  });

  it("domain-wide delegation (svc:subject) creates a calendar ACL rule as the delegated user", async () => {
    const config = { ...keySecret(), "svc:subject": { value: "ana@example.test" }, records: { value: "0" }, calendarRule: { value: "true" } };
    const { emulator } = suite;
    const test = suite.track(await openStack("credentials", emulator, config, NO_GCLOUD));
    await test.stack.removeAllConfig(STATIC_TOKENS);
    const before = (await tokenStats(emulator)).issued.length;
    const up = await test.stack.up({ onOutput: (line) => test.output.push(line) });
    expect(up.outputs["aclRuleId"]?.value).toBe("user:auditor@example.test");
    // The rule is on the delegated user's primary calendar: the token acted for her.
    const objects = (await emulator.objects()) as { calendar: { aclRules: Array<Record<string, unknown>> } };
    expect(JSON.stringify(objects.calendar.aclRules)).toContain("ana@example.test");
    expect((await tokenStats(emulator)).issued.slice(before)).toEqual([
      expect.objectContaining({
        grant: "jwt-bearer",
        principal: key.client_email,
        subject: "ana@example.test",
        scopes: ["https://www.googleapis.com/auth/calendar"],
      }),
    ]);
    expectNoSecret(`${test.output.join("")}\n${await test.stateText()}`, keySecrets());
    expect((await test.stack.destroy()).summary.result).toBe("succeeded");
  });
});

// A long run under 5-second tokens, at 100 record sets (the campaign runs 300: tests/campaign/longTokenRun.campaign.test.ts).
longTokenRun(suite, 100);
