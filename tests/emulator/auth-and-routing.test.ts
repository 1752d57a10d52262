import type { GoogleErrorBody, TestEmulator } from "./helpers";
import { createZone, googleError, httpRequest, PROJECT, startEmulator, TOKEN, ZONES } from "./helpers";

describe("authentication", () => {
  describe("with any token accepted", () => {
    let emulator: TestEmulator;
    beforeAll(async () => {
      emulator = await startEmulator();
    });
    afterAll(() => emulator.close());

    it('answers 401 "required" in the legacy Google envelope when no token is sent', async () => {
      const result = await emulator.request<GoogleErrorBody>("GET", ZONES, { token: null });
      expect(result.status).toBe(401);
      expect(result.headers.get("content-type")).toBe("application/json; charset=UTF-8");
      expect(result.headers.get("www-authenticate")).toMatch(/^Bearer realm=/);
      expect(result.body).toEqual({
        error: {
          code: 401,
          message:
            "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
          errors: [
            {
              message: "Login Required.",
              domain: "global",
              reason: "required",
              location: "Authorization",
              locationType: "header",
            },
          ],
        },
      });
      expect(result.body.error).not.toHaveProperty("status");
    });

    it("refuses a malformed Authorization header as invalid credentials", async () => {
      const result = await emulator.request("GET", ZONES, { token: null, headers: { authorization: "Basic dXNlcjpwdw==" } });
      expect(result.status).toBe(401);
      expect(result.body).toEqual(googleError(401, "authError", "Invalid Credentials"));
    });

    it("accepts any non-empty bearer token, and the access_token query parameter", async () => {
      expect((await emulator.request("GET", ZONES, { token: "whatever" })).status).toBe(200);
      expect((await emulator.request("GET", `${ZONES}?access_token=whatever`, { token: null })).status).toBe(200);
    });

    it("checks the token before the route does anything (no zone is created)", async () => {
      const result = await emulator.request("POST", ZONES, {
        token: null,
        body: { name: "unauthorized", dnsName: "example.com.", description: "" },
      });
      expect(result.status).toBe(401);
      expect((await emulator.request("GET", `${ZONES}/unauthorized`)).status).toBe(404);
    });

    it("lets internal endpoints through without a token", async () => {
      expect((await emulator.request("GET", "/_emulator/stats", { token: null })).status).toBe(200);
    });
  });

  describe("with a token allow-list", () => {
    let emulator: TestEmulator;
    beforeAll(async () => {
      emulator = await startEmulator({ tokens: [TOKEN, "second-token"] });
    });
    afterAll(() => emulator.close());

    it('answers 401 "authError" / "Invalid Credentials" for an unknown token', async () => {
      const result = await emulator.request<GoogleErrorBody>("GET", ZONES, { token: "stolen" });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({
        error: {
          code: 401,
          message: "Invalid Credentials",
          errors: [{ message: "Invalid Credentials", domain: "global", reason: "authError", location: "Authorization", locationType: "header" }],
        },
      });
    });

    it("accepts every listed token", async () => {
      expect((await emulator.request("GET", ZONES)).status).toBe(200);
      expect((await emulator.request("GET", ZONES, { token: "second-token" })).status).toBe(200);
    });
  });
});

describe("routing", () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());

  it("answers 404 in the Google envelope for a path no route serves", async () => {
    const result = await emulator.request("GET", "/dns/v1/projects/p/nothingHere");
    expect(result.status).toBe(404);
    expect(result.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    expect(result.body).toEqual(googleError(404, "notFound", /nothingHere/));
  });

  it("answers 404 for a documented path with a method it does not have", async () => {
    const result = await emulator.request("POST", `${ZONES}/some-zone`, { body: {} });
    expect(result.status).toBe(404);
  });

  it.each([
    ["POST", `${ZONES}/z:getIamPolicy`, "managedZone", "z", "/managedZones/:managedZone:getIamPolicy"],
    ["POST", `${ZONES}/z:setIamPolicy`, "managedZone", "z", "/managedZones/:managedZone:setIamPolicy"],
    ["POST", `${ZONES}/z:testIamPermissions`, "managedZone", "z", "/managedZones/:managedZone:testIamPermissions"],
    ["GET", `${ZONES}/z/dnsKeys`, "managedZone", "z", "/managedZones/:managedZone/dnsKeys"],
    ["GET", `${ZONES}/z/dnsKeys/1`, "managedZone", "z", "/managedZones/:managedZone/dnsKeys/:dnsKeyId"],
    ["GET", `/dns/v1/projects/${PROJECT}/policies/p`, "policy", "p", "/policies/:policy"],
    ["DELETE", `/dns/v1/projects/${PROJECT}/responsePolicies/rp`, "responsePolicy", "rp", "/responsePolicies/:responsePolicy"],
    ["GET", `/dns/v1/projects/${PROJECT}/responsePolicies/rp/rules`, "responsePolicy", "rp", "/responsePolicies/:responsePolicy/rules"],
  ])("routes %s %s to its method, which answers 404 for the missing %s", async (method, path, parameter, name, pattern) => {
    const result = await emulator.request(method, path, method === "POST" ? { body: {} } : {});
    expect(result.status).toBe(404);
    expect(result.body).toEqual(googleError(404, "notFound", `The 'parameters.${parameter}' resource named '${name}' does not exist.`));
    const { body: stats } = await emulator.request<{ requests: Record<string, number> }>("GET", "/_emulator/stats");
    expect(stats.requests[`${method} /dns/v1/projects/:project${pattern}`]).toBeGreaterThan(0);
  });

  it("requires a token on the policy routes too", async () => {
    expect((await emulator.request("GET", `/dns/v1/projects/${PROJECT}/policies`, { token: null })).status).toBe(401);
  });

  it("answers 400 parseError for a body that is not JSON", async () => {
    const response = await fetch(`${emulator.baseUrl}${ZONES}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(googleError(400, "parseError", "Parse Error"));
  });

  it("serves projects.get for any project id, with a stable number and quotas", async () => {
    const first = await emulator.request<{ kind: string; id: string; number: string; quota: Record<string, unknown> }>(
      "GET",
      "/dns/v1/projects/any-project-42",
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: "dns#project", id: "any-project-42", quota: { kind: "dns#quota" } });
    expect(first.body.number).toMatch(/^\d{12}$/);
    expect(first.body.quota.managedZones).toBeGreaterThan(0);
    const again = await emulator.request<{ number: string }>("GET", "/dns/v1/projects/any-project-42");
    expect(again.body.number).toBe(first.body.number);
  });

  it("keeps projects apart", async () => {
    await createZone(emulator, "shared-name", "shared.example.");
    const elsewhere = await httpRequest(emulator.baseUrl, "POST", "/dns/v1/projects/other-project/managedZones", {
      body: { name: "shared-name", dnsName: "shared.example.", description: "" },
    });
    expect(elsewhere.status).toBe(200);
    expect((await emulator.request("GET", "/dns/v1/projects/third-project/managedZones/shared-name")).status).toBe(404);
  });
});
