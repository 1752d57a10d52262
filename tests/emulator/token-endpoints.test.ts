/**
 * The emulator's token endpoints on the wire: the JWT-bearer grant (signature, audience, time,
 * delegation), the refresh-token grant, STS, generateAccessToken, the metadata server, and the
 * scope and expiry checks every Google-style API runs on an issued token.
 */
import { createPrivateKey, sign } from "node:crypto";
import { ownerOf } from "../../emulator/channels/owners";
import type { Emulator } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";

const DNS_SCOPE = "https://www.googleapis.com/auth/ndev.clouddns.readwrite";
const CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar";
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const ZONES = "/dns/v1/projects/p1/managedZones";
const PREFERENCES = "/v1/projects/p1/locations/global/quotaPreferences";

let clock = Date.now();
let emulator: Emulator;
let url: string;

beforeAll(async () => {
  emulator = createEmulator({ now: () => new Date(clock), tokenLifetimeSeconds: 60 });
  url = await emulator.listen(0);
});
afterAll(() => emulator.close());

async function post(
  path: string,
  body: Record<string, string> | object,
  form = true,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json", ...headers },
    body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function call(
  path: string,
  token: string,
  method = "GET",
): Promise<{ status: number; body: { error?: { status?: string; errors?: { reason: string }[]; details?: { reason: string }[] } } }> {
  const response = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as never };
}

function assertion(key: Record<string, string>, claims: Record<string, unknown>): string {
  const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(clock / 1000);
  const body = `${encode({ alg: "RS256", kid: key.private_key_id })}.${encode({ iss: key.client_email, aud: GOOGLE_TOKEN_URL, iat: now, exp: now + 3600, scope: DNS_SCOPE, ...claims })}`;
  return `${body}.${sign("RSA-SHA256", Buffer.from(body), createPrivateKey(String(key.private_key))).toString("base64url")}`;
}

const jwtGrant = (jwt: string) => post("/token", { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: jwt });

describe("the JWT-bearer grant", () => {
  let key: Record<string, string>;
  beforeAll(async () => {
    key = (await post("/_emulator/tokens/service-accounts", { name: "deployer", delegation: ["example.test"] }, false)).body as Record<string, string>;
  });

  it("writes a key whose token_uri is the emulator and issues a scoped token for a valid assertion", async () => {
    expect(key).toMatchObject({ type: "service_account", client_email: "deployer@svc-emulator.iam.gserviceaccount.com", token_uri: `${url}/token` });
    const answer = await jwtGrant(assertion(key, {}));
    expect(answer).toMatchObject({ status: 200, body: { token_type: "Bearer", expires_in: 60 } });
    expect((await call(ZONES, String(answer.body.access_token))).status).toBe(200);
  });

  it.each([
    [
      "a signature of another key",
      async () =>
        assertion((await post("/_emulator/tokens/service-accounts", { name: "other-account" }, false)).body as Record<string, string>, {
          iss: key.client_email,
        }),
      /Invalid JWT Signature/,
    ],
    ["a wrong audience", async () => assertion(key, { aud: "https://example.test/token" }), /audience/],
    ["an expired assertion", async () => assertion(key, { iat: Math.floor(clock / 1000) - 7200, exp: Math.floor(clock / 1000) - 3600 }), /short-lived/],
    ["an assertion from the future", async () => assertion(key, { iat: Math.floor(clock / 1000) + 600, exp: Math.floor(clock / 1000) + 1200 }), /short-lived/],
  ])("refuses %s with 400 invalid_grant", async (_what, make, description) => {
    const answer = await jwtGrant(await make());
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "invalid_grant", error_description: expect.stringMatching(description) });
  });

  it("acts for a user of a delegated domain and refuses any other with 401 unauthorized_client", async () => {
    const delegated = await jwtGrant(assertion(key, { sub: "ana@example.test", scope: CALENDAR_SCOPE }));
    expect(delegated.status).toBe(200);
    const rule = await fetch(`${url}/calendar/v3/calendars/primary/acl`, {
      method: "POST",
      headers: { authorization: `Bearer ${String(delegated.body.access_token)}`, "content-type": "application/json" },
      body: JSON.stringify({ role: "reader", scope: { type: "user", value: "bo@example.test" } }),
    });
    expect(rule.status).toBe(200);
    expect(JSON.stringify(emulator.store.api("calendar")?.userObjects())).toContain("ana@example.test");
    expect(emulator.accessTokens.report().issued.at(-1)).toMatchObject({ grant: "jwt-bearer", principal: key.client_email, subject: "ana@example.test" });
    const refused = await jwtGrant(assertion(key, { sub: "eve@elsewhere.test" }));
    expect(refused).toEqual({ status: 401, body: { error: "unauthorized_client", error_description: expect.stringMatching(/unauthorized/) } });
  });

  it("refuses a token without the API scope: 403 insufficientPermissions (legacy) and PERMISSION_DENIED (AIP-193)", async () => {
    const token = String((await jwtGrant(assertion(key, { scope: CALENDAR_SCOPE }))).body.access_token);
    const dns = await call(ZONES, token);
    expect(dns.status).toBe(403);
    expect(dns.body.error?.errors?.[0]?.reason).toBe("insufficientPermissions");
    const quotas = await call(PREFERENCES, token);
    expect(quotas.status).toBe(403);
    expect(quotas.body.error).toMatchObject({ status: "PERMISSION_DENIED", details: [expect.objectContaining({ reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT" })] });
  });

  it("refuses an issued token once it has expired (401) and counts the use", async () => {
    const token = String((await jwtGrant(assertion(key, {}))).body.access_token);
    const before = emulator.accessTokens.report().expiredUses;
    clock += 61_000;
    expect((await call(ZONES, token)).status).toBe(401);
    expect(emulator.accessTokens.report().expiredUses).toBe(before + 1);
  });
});

describe("the other grants", () => {
  it("answers the refresh-token grant for a known refresh token and refuses an unknown one", async () => {
    const user = (await post("/_emulator/tokens/authorized-users", { email: "dev@example.test" }, false)).body as Record<string, string>;
    const grant = { grant_type: "refresh_token", client_id: String(user.client_id), client_secret: String(user.client_secret) };
    expect((await post("/token", { ...grant, refresh_token: String(user.refresh_token) })).status).toBe(200);
    expect(await post("/token", { ...grant, refresh_token: "1//unknown" })).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: expect.any(String) },
    });
  });

  it("exchanges a subject token at STS and impersonates a service account granted to the pool", async () => {
    await post("/_emulator/tokens/service-accounts", { name: "ci-runner" }, false);
    const audience = "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/ci/providers/gh";
    const minted = (await post("/_emulator/tokens/subject-tokens", { audience, subject: "repo:acme/app", serviceAccount: "ci-runner" }, false)).body;
    const exchange = {
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      audience,
      scope: "https://www.googleapis.com/auth/cloud-platform",
      requested_token_type: "urn:ietf:params:oauth:token-type:access_token",
      subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    };
    const sts = await post("/v1/token", { ...exchange, subject_token: String(minted.subjectToken) });
    expect(sts.body).toMatchObject({ issued_token_type: "urn:ietf:params:oauth:token-type:access_token", token_type: "Bearer" });
    expect((await post("/v1/token", { ...exchange, audience: `${audience}-other`, subject_token: String(minted.subjectToken) })).status).toBe(400);
    const impersonate = (target: string) =>
      post(`/v1/projects/-/serviceAccounts/${target}:generateAccessToken`, { scope: [DNS_SCOPE] }, false, {
        authorization: `Bearer ${String(sts.body.access_token)}`,
      });
    const granted = await impersonate("ci-runner@svc-emulator.iam.gserviceaccount.com");
    expect(granted.body).toEqual({ accessToken: expect.any(String), expireTime: expect.any(String) });
    expect((await call(ZONES, String(granted.body.accessToken))).status).toBe(200);
    const denied = await impersonate("deployer@svc-emulator.iam.gserviceaccount.com");
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ error: { status: "PERMISSION_DENIED" } });
  });

  it("serves the metadata token only with Metadata-Flavor: Google, and flavours every answer", async () => {
    const path = `${url}/computeMetadata/v1/instance/service-accounts/default/token?scopes=${encodeURIComponent(DNS_SCOPE)}`;
    const refused = await fetch(path);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("Missing Metadata-Flavor:Google header.");
    const answer = await fetch(path, { headers: { "metadata-flavor": "Google" } });
    expect(answer.headers.get("metadata-flavor")).toBe("Google");
    expect(await answer.json()).toMatchObject({ token_type: "Bearer", expires_in: 60 });
    const email = await fetch(`${url}/computeMetadata/v1/instance/service-accounts/default/email`, { headers: { "metadata-flavor": "Google" } });
    expect(await email.text()).toBe("compute@svc-emulator.iam.gserviceaccount.com");
  });

  it("makes a channel owner of whom an issued token acts for, the same across refreshed tokens", () => {
    const call = (token: string) => ({ params: {}, query: {}, body: undefined, headers: { authorization: `Bearer ${token}` } });
    const [first, second] = [1, 2].map(
      () =>
        emulator.accessTokens.issue("jwt-bearer", { principal: "deployer@svc-emulator.iam.gserviceaccount.com", subject: "ana@example.test", scopes: [] })
          .token,
    );
    const owner = ownerOf({}, call(first ?? ""), emulator.accessTokens);
    expect(owner).toEqual({ user: "ana@example.test", client: "deployer@svc-emulator.iam.gserviceaccount.com", serviceAccount: false });
    expect(ownerOf({}, call(second ?? ""), emulator.accessTokens)).toEqual(owner);
  });

  it("keeps secrets of the grants out of the request log", async () => {
    const log = await (await fetch(`${url}/_emulator/requests?pathPrefix=/token`)).text();
    expect(log).toContain("[REDACTED]");
    expect(log).not.toMatch(/eyJ[\w-]{20,}\.|1\/\/[\w-]{20,}|GOCSPX-/);
  });
});
