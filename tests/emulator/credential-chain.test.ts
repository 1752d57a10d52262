/**
 * The provider's credential chain (google-auth-library) against the emulator's token endpoints:
 * every credential form, one refresh shared by concurrent requests, a refresh before expiry, a
 * refused token retried once, and errors that name what was tried and what to change, with no secret.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Emulator } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";
import { createTokenSource, TokenSources } from "../../provider/google/credentials/tokenSource";
import { settingsOf } from "../../provider/config";

/** A provider process's token sources, new for each test. */
let sources = new TokenSources();
/** The token source of `api` as a process whose environment is `env` (and no stack configuration) finds it. */
const tokenSourceFor = (api: Parameters<TokenSources["for"]>[0], env: NodeJS.ProcessEnv): ReturnType<TokenSources["for"]> =>
  sources.for(api, settingsOf(undefined, env));
import { credentialPlan } from "../../provider/google/credentials/settings";
import { createApiClient } from "../../provider/http/client";
import { emulatorCredential, externalAccountConfig, WIF_AUDIENCE } from "../support/googleCredentials";
import { testBudget } from "../support/budget";
import { Budget } from "../../provider/http/retry";

let offsetMs = 0;
let emulator: Emulator;
let url: string;
const folder = mkdtempSync(path.join(os.tmpdir(), "svc-creds-"));
/** No gcloud file and no metadata server unless a test says so. */
const base = { CLOUDSDK_CONFIG: folder, SVC_EMULATOR_URL: "" };

beforeAll(async () => {
  emulator = createEmulator({ now: () => new Date(Date.now() + offsetMs), tokenLifetimeSeconds: 60 });
  url = await emulator.listen(0);
  base.SVC_EMULATOR_URL = url;
});
afterAll(() => emulator.close());
beforeEach(() => {
  sources = new TokenSources();
});

const internal = (route: string, body: object): Promise<Record<string, string>> => emulatorCredential(url, route, body);
const issued = () => emulator.accessTokens.report().issued;
const file = (name: string, content: object | string): string => {
  const where = path.join(folder, name);
  writeFileSync(where, typeof content === "string" ? content : JSON.stringify(content));
  return where;
};
const secretsOf = (...values: Record<string, string>[]): string[] =>
  values.flatMap((value) => [value.private_key, value.refresh_token, value.client_secret].filter((item): item is string => item !== undefined));

describe("a service-account key", () => {
  let key: Record<string, string>;
  beforeAll(async () => {
    key = await internal("service-accounts", { name: "deployer", delegation: ["example.test"] });
  });

  it("gets a DNS-scoped token at its token_uri, one for many concurrent requests, and the API takes it", async () => {
    const source = tokenSourceFor("dns", { ...base, SVC_CREDENTIALS: JSON.stringify(key) });
    const before = issued().length;
    const tokens = await Promise.all(Array.from({ length: 20 }, () => source.token()));
    expect(new Set(tokens).size).toBe(1);
    expect(issued().slice(before)).toEqual([
      expect.objectContaining({ grant: "jwt-bearer", principal: key.client_email, scopes: ["https://www.googleapis.com/auth/ndev.clouddns.readwrite"] }),
    ]);
    const client = createApiClient({ api: "dns", baseUrl: url, token: "", authStyle: "google-credentials" }, { tokens: source });
    await expect(client.send({ method: "GET", path: "dns/v1/projects/p1/managedZones" }, testBudget())).resolves.toMatchObject({ managedZones: [] });
  });

  it("refreshes ahead of expiry, and once after a 401 for a token the service holds expired", async () => {
    const source = tokenSourceFor("dns", { ...base, GOOGLE_CREDENTIALS: JSON.stringify(key) });
    const logs: string[] = [];
    const client = createApiClient(
      { api: "dns", baseUrl: url, token: "", authStyle: "google-credentials" },
      { tokens: source, log: (line) => logs.push(line) },
    );
    const first = await source.token();
    expect(await source.token()).toBe(first);
    const expiredBefore = emulator.accessTokens.report().expiredUses;
    offsetMs += 61_000; // the service's clock passes the token's expiry; the library's has not
    await expect(client.send({ method: "GET", path: "dns/v1/projects/p1/managedZones" }, testBudget())).resolves.toBeDefined();
    expect(emulator.accessTokens.report().expiredUses).toBe(expiredBefore + 1);
    expect(logs).toEqual([expect.stringMatching(/refused the access token .*401.*once more with a new token/)]);
    expect(await source.token()).not.toBe(first);
    expect(logs.join("\n")).not.toContain(first);
  });

  it("counts each token exchange against the budget of the step whose request needed it, the cached token against none", async () => {
    const source = tokenSourceFor("dns", { ...base, SVC_CREDENTIALS: JSON.stringify(key) });
    const client = createApiClient({ api: "dns", baseUrl: url, token: "", authStyle: "google-credentials" }, { tokens: source });
    const first = new Budget({ step: "read", resource: "svc.dns.ManagedZone p1/a" }, 10);
    const second = new Budget({ step: "read", resource: "svc.dns.ManagedZone p1/b" }, 10);
    const before = issued().length;
    await client.send({ method: "GET", path: "dns/v1/projects/p1/managedZones" }, first);
    await client.send({ method: "GET", path: "dns/v1/projects/p1/managedZones" }, second);
    expect(issued().length - before).toBe(1);
    expect({ first: first.requests, second: second.requests }).toEqual({
      first: [expect.stringMatching(/^GET .*managedZones$/), "token exchange for GET dns/v1/projects/p1/managedZones"],
      second: [expect.stringMatching(/^GET .*managedZones$/)],
    });
    // A budget with room for the attempt but not for the exchange it needs stops the request before it is sent.
    source.refused(await source.token());
    const sentBefore = emulator.accessTokens.report().issued.length;
    const spent = new Budget({ step: "read", resource: "svc.dns.ManagedZone p1/c" }, 1);
    await expect(client.send({ method: "GET", path: "dns/v1/projects/p1/managedZones" }, spent)).rejects.toThrow(
      /p1\/c: its read sent 1 requests, all its budget .* and stops before token exchange for GET/,
    );
    expect(issued().length).toBe(sentBefore + 1);
  });

  it("refreshes a short-lived token before it expires", async () => {
    const short = createEmulator({ tokenLifetimeSeconds: 2 });
    const shortUrl = await short.listen(0);
    try {
      const shortKey = (await (
        await fetch(`${shortUrl}/_emulator/tokens/service-accounts`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "short-lived" }),
        })
      ).json()) as Record<string, string>;
      const source = createTokenSource(
        credentialPlan("dns", settingsOf(undefined, { ...base, SVC_EMULATOR_URL: shortUrl, SVC_CREDENTIALS: JSON.stringify(shortKey) })),
      );
      const first = await source.token();
      await new Promise((resolve) => setTimeout(resolve, 1700)); // inside the last quarter of its life
      expect(await source.token()).not.toBe(first);
      expect(short.accessTokens.report()).toMatchObject({ expiredUses: 0, issued: [expect.anything(), expect.anything()] });
    } finally {
      await short.close();
    }
  });

  it("acts for a Workspace user on the calendar (svc:subject), and says which setting to change when refused", async () => {
    await tokenSourceFor("calendar", { ...base, SVC_CREDENTIALS: JSON.stringify(key), SVC_SUBJECT: "ana@example.test" }).token();
    expect(issued().at(-1)).toMatchObject({ principal: key.client_email, subject: "ana@example.test", scopes: ["https://www.googleapis.com/auth/calendar"] });
    const refused = tokenSourceFor("calendar", { ...base, SVC_CREDENTIALS: JSON.stringify(key), SVC_SUBJECT: "eve@elsewhere.test" }).token();
    await expect(refused).rejects.toThrow(
      /deployer@svc-emulator.*acting for eve@elsewhere.test.*401 unauthorized_client.*domain-wide delegation.*svc:subject/s,
    );
  });

  it("impersonates a granted account and explains a refused impersonation", async () => {
    await internal("service-accounts", { name: "dns-admin", impersonators: [key.client_email] });
    await tokenSourceFor("dns", {
      ...base,
      SVC_CREDENTIALS: JSON.stringify(key),
      SVC_IMPERSONATE_SERVICE_ACCOUNT: "dns-admin@svc-emulator.iam.gserviceaccount.com",
    }).token();
    expect(issued().slice(-2)).toEqual([
      expect.objectContaining({ grant: "jwt-bearer", principal: key.client_email, scopes: ["https://www.googleapis.com/auth/cloud-platform"] }),
      expect.objectContaining({ grant: "impersonation", principal: "dns-admin@svc-emulator.iam.gserviceaccount.com" }),
    ]);
    const refused = tokenSourceFor("dns", {
      ...base,
      SVC_CREDENTIALS: JSON.stringify(key),
      SVC_IMPERSONATE_SERVICE_ACCOUNT: "nobody-here@svc-emulator.iam.gserviceaccount.com",
    }).token();
    await expect(refused).rejects.toThrow(
      /impersonating nobody-here@.*403.*roles\/iam.serviceAccountTokenCreator on nobody-here@.*svc:impersonateServiceAccount/s,
    );
    const message = await refused.catch((error: Error) => error.message);
    for (const secret of secretsOf(key)) expect(message).not.toContain(secret);
  });
});

describe("the other forms", () => {
  it("takes an authorized_user file from GOOGLE_APPLICATION_CREDENTIALS and explains a revoked refresh token", async () => {
    const user = await internal("authorized-users", { email: "dev@example.test" });
    await tokenSourceFor("dns", { ...base, GOOGLE_APPLICATION_CREDENTIALS: file("adc.json", user) }).token();
    expect(issued().at(-1)).toMatchObject({ grant: "refresh-token", principal: "dev@example.test" });
    const revoked = tokenSourceFor("dns", { ...base, GOOGLE_APPLICATION_CREDENTIALS: file("revoked.json", { ...user, refresh_token: "1//revoked" }) }).token();
    await expect(revoked).rejects.toThrow(/authorized_user file in GOOGLE_APPLICATION_CREDENTIALS.*400 invalid_grant.*gcloud auth application-default login/s);
    const message = await revoked.catch((error: Error) => error.message);
    for (const secret of secretsOf(user)) expect(message).not.toContain(secret);
    // The words a user reads, whole: the endpoint's own sentence ends once, then what to do.
    expect(message).toBe(
      "svc: could not get an access token for the dns API from the authorized_user file in GOOGLE_APPLICATION_CREDENTIALS: " +
        "the token endpoint answered 400 invalid_grant: Token has been expired or revoked. " +
        "The refresh token was revoked or expired: run `gcloud auth application-default login` again.",
    );
  });

  it("says that a key whose private key is corrupted cannot sign, naming the key by account and id, and the setting it came from", async () => {
    const key = await internal("service-accounts", { name: "corrupted" });
    const pem = String(key.private_key);
    // A copy that lost characters in the middle of the key (a bad paste): still PEM-shaped, no longer a key.
    const broken = { ...key, private_key: pem.replace(/\n([A-Za-z0-9+/]{20})[A-Za-z0-9+/]{8}/, "\n$1") };
    const before = issued().length;
    const failed = tokenSourceFor("dns", { ...base, SVC_CREDENTIALS: JSON.stringify(broken) }).token();
    const message = await failed.then(
      () => "no error",
      (error: Error) => error.message,
    );
    expect(message).toBe(
      `svc: the service-account key of ${key.client_email} (private_key_id ${key.private_key_id}) in svc:credentials / SVC_CREDENTIALS cannot sign for the dns API: ` +
        "its private_key is not a private key OpenSSL can read (corrupted, cut short or re-encoded when it was copied). " +
        "Set the key file exactly as it was downloaded, or make a new key (`gcloud iam service-accounts keys create`) and set it in svc:credentials / SVC_CREDENTIALS.",
    );
    expect(message).not.toMatch(/DECODER|googleAuthUrl/);
    for (const secret of secretsOf(broken)) expect(message).not.toContain(secret);
    expect(issued().length).toBe(before);
  });

  it("says which credential lacks the API scope and what to change when the API refuses it (403)", async () => {
    const user = await internal("authorized-users", { email: "cal@example.test", scopes: ["https://www.googleapis.com/auth/calendar"] });
    const tokens = tokenSourceFor("dns", { ...base, GOOGLE_APPLICATION_CREDENTIALS: file("calendar-only.json", user) });
    const client = createApiClient({ api: "dns", baseUrl: url, token: "", authStyle: "google-credentials" }, { tokens });
    await expect(client.send({ method: "GET", path: "dns/v1/projects/p1/managedZones" }, testBudget())).rejects.toThrow(
      /HTTP 403 \(insufficientPermissions: Request had insufficient authentication scopes\. \(the login in GOOGLE_APPLICATION_CREDENTIALS was not granted .*ndev\.clouddns\.readwrite: run `gcloud auth application-default login --scopes=/,
    );
  });

  it("exchanges a file-sourced subject token of an external_account file and impersonates its account", async () => {
    await internal("service-accounts", { name: "ci-runner" });
    const { subjectToken } = await internal("subject-tokens", { audience: WIF_AUDIENCE, subject: "repo:acme/app", serviceAccount: "ci-runner" });
    const config = externalAccountConfig(url, file("oidc-token", String(subjectToken)), "ci-runner@svc-emulator.iam.gserviceaccount.com");
    await tokenSourceFor("dns", { ...base, GOOGLE_APPLICATION_CREDENTIALS: file("wif.json", config) }).token();
    expect(issued().slice(-2)).toEqual([
      expect.objectContaining({ grant: "token-exchange", principal: expect.stringContaining("/subject/repo:acme/app") }),
      expect.objectContaining({
        grant: "impersonation",
        principal: "ci-runner@svc-emulator.iam.gserviceaccount.com",
        scopes: ["https://www.googleapis.com/auth/ndev.clouddns.readwrite"],
      }),
    ]);
  });

  it("names every place looked at, in order, when nothing is found", async () => {
    process.env.METADATA_SERVER_DETECTION = "none";
    try {
      await expect(tokenSourceFor("quotas", base).token()).rejects.toThrow(
        /no Google credentials for the quotas API\. Looked at, in order: svc:quotasToken \/ SVC_QUOTAS_TOKEN \(not set\); svc:credentials \/ SVC_CREDENTIALS \(not set\); GOOGLE_APPLICATION_CREDENTIALS \(not set\); GOOGLE_CREDENTIALS \(not set\); the gcloud file .*application_default_credentials.json \(absent\); the metadata server/,
      );
    } finally {
      delete process.env.METADATA_SERVER_DETECTION;
    }
  });

  it("uses the metadata server at GCE_METADATA_HOST", async () => {
    process.env.GCE_METADATA_HOST = new URL(url).host;
    try {
      await tokenSourceFor("dns", base).token();
      expect(issued().at(-1)).toMatchObject({
        grant: "metadata",
        principal: "compute@svc-emulator.iam.gserviceaccount.com",
        scopes: ["https://www.googleapis.com/auth/ndev.clouddns.readwrite"],
      });
    } finally {
      delete process.env.GCE_METADATA_HOST;
    }
  });

  it.each([
    [
      "JSON that is not a credential",
      { SVC_CREDENTIALS: '{"type":"api_key","key":"k-123456"}' },
      /SVC_CREDENTIALS is not a usable credential file: type: must be service_account, authorized_user or external_account/,
    ],
    [
      "a file that does not exist",
      { GOOGLE_APPLICATION_CREDENTIALS: "/nowhere/key.json" },
      /GOOGLE_APPLICATION_CREDENTIALS names the file \/nowhere\/key.json, which cannot be read \(ENOENT\)/,
    ],
    [
      "JSON where a path is expected",
      { GOOGLE_APPLICATION_CREDENTIALS: '{"type":"service_account"}' },
      /GOOGLE_APPLICATION_CREDENTIALS must be the path of a credential file/,
    ],
    [
      "delegates without a target",
      { SVC_IMPERSONATE_DELEGATES: "a@b.iam.gserviceaccount.com" },
      /svc:impersonateDelegates is set without svc:impersonateServiceAccount/,
    ],
    ["a subject that is no e-mail", { SVC_SUBJECT: "ana" }, /svc:subject must be the e-mail of the Workspace user to act for, got "ana"/],
  ])("refuses %s at check, naming the setting and not the value", (_what, env, message) => {
    expect(() => credentialPlan("dns", settingsOf(undefined, { ...base, ...env }))).toThrow(message);
    expect(() => credentialPlan("dns", settingsOf(undefined, { ...base, ...env }))).not.toThrow(/k-123456/);
  });
});
