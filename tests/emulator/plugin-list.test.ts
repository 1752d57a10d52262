/** A plug-in API served through the list of APIs. */
import { ERROR_INFO_TYPE } from "../../emulator/errors";
import type { Emulator } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";
import type { HttpResult } from "./helpers";
import { httpRequest, TOKEN } from "./helpers";
import { WIDGETS, SERVICE, apis } from "./plugin-harness";

describe("a plug-in API served through the list of APIs", () => {
  let emulator: Emulator;
  let baseUrl: string;
  const request = <Body = unknown>(method: string, path: string, body?: unknown, token: string | null = TOKEN): Promise<HttpResult<Body>> =>
    httpRequest<Body>(baseUrl, method, path, { body, token });

  beforeAll(async () => {
    emulator = createEmulator({ tokens: [TOKEN], apis, widgets: { label: "shiny" }, changeCompletionDelayMs: 10 });
    baseUrl = await emulator.listen(0);
  });
  afterAll(() => emulator.close());
  beforeEach(async () => {
    expect((await request("POST", "/_emulator/reset")).status).toBe(204);
  });

  it("serves its route with its option, next to the default APIs", async () => {
    const created = await request("POST", WIDGETS, { name: "w1" });
    expect(created).toMatchObject({ status: 200, body: { name: "w1", label: "shiny" } });
    expect((await request("GET", "/dns/v1/projects/p/managedZones")).status).toBe(200);
    const stats = (await request<{ requests: Record<string, number> }>("GET", "/_emulator/stats")).body;
    expect(stats.requests[`POST ${WIDGETS}`]).toBe(1);
  });

  it("keeps the secrets it names out of the request log", async () => {
    await request("POST", WIDGETS, { name: "w2", secret: "hunter2" });
    const log = (await request<{ requests: Array<{ body: unknown }> }>("GET", `/_emulator/requests?pathPrefix=${WIDGETS}`)).body;
    expect(log.requests.map(({ body }) => body)).toEqual([{ name: "w2", secret: "[REDACTED]" }]);
  });

  it("answers its errors in the AIP-193 envelope, from its handlers, its auth and the server", async () => {
    await request("POST", WIDGETS, { name: "w1" });
    const duplicate = await request("POST", WIDGETS, { name: "w1" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({
      error: {
        code: 409,
        message: "Widget w1 already exists.",
        status: "ALREADY_EXISTS",
        details: [{ "@type": ERROR_INFO_TYPE, reason: "ALREADY_EXISTS", domain: SERVICE, metadata: { widget: "w1" } }],
      },
    });

    const anonymous = await request("GET", WIDGETS, undefined, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({
      error: {
        code: 401,
        status: "UNAUTHENTICATED",
        details: [{ "@type": ERROR_INFO_TYPE, reason: "CREDENTIALS_MISSING", domain: "googleapis.com", metadata: {} }],
      },
    });

    const noRoute = await request("GET", "/widgets/v1/gadgets");
    expect(noRoute.status).toBe(404);
    expect(noRoute.body).toMatchObject({ error: { code: 404, status: "NOT_FOUND", details: [{ reason: "NOT_FOUND", domain: SERVICE }] } });
  });

  it("gets injected faults in its own envelope", async () => {
    expect((await request("POST", "/_emulator/faults", { rate429: 1, retryAfterSeconds: 3, pathPrefix: "/widgets/" })).status).toBe(200);
    const limited = await request("GET", WIDGETS);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    expect(limited.body).toEqual({
      error: {
        code: 429,
        message: "Rate Limit Exceeded",
        status: "RESOURCE_EXHAUSTED",
        details: [{ "@type": ERROR_INFO_TYPE, reason: "RATE_LIMIT_EXCEEDED", domain: "googleapis.com", metadata: {} }],
      },
    });
  });

  it("pages with its own page-size parameter, default and maximum", async () => {
    for (const name of ["a", "b", "c", "d", "e"]) await request("POST", WIDGETS, { name });
    const first = await request<{ widgets: string[]; nextPageToken?: string }>("GET", WIDGETS);
    expect(first.body.widgets).toEqual(["a", "b"]);
    const capped = await request<{ widgets: string[]; nextPageToken?: string }>("GET", `${WIDGETS}?pageSize=50`);
    expect(capped.body.widgets).toEqual(["a", "b", "c"]);
    const rest = await request<{ widgets: string[]; nextPageToken?: string }>("GET", `${WIDGETS}?pageSize=50&pageToken=${capped.body.nextPageToken ?? ""}`);
    expect(rest.body).toEqual({ widgets: ["d", "e"] });
    const negative = await request("GET", `${WIDGETS}?pageSize=-1`);
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({ error: { message: "Invalid value for 'parameters.pageSize': '-1'", status: "INVALID_ARGUMENT" } });
  });

  it("shows its objects in /_emulator/objects and loses them on reset", async () => {
    await request("POST", WIDGETS, { name: "kept" });
    const objects = await request<Record<string, unknown>>("GET", "/_emulator/objects");
    expect(objects.body).toEqual({
      dns: expect.objectContaining({ managedZones: [] }),
      ci: expect.objectContaining({ checkoutKeys: [] }),
      ads: {},
      codehost: { issues: [] },
      quotas: { quotaPreferences: [], quotaAdjusterSettings: [] },
      calendar: { calendars: [], aclRules: [], calendarList: [], events: [], channels: [] },
      reports: { channels: [] },
      widgets: { widgets: [{ name: "kept", label: "shiny" }] },
    });
    await request("POST", "/_emulator/reset");
    expect((await request<Record<string, unknown>>("GET", "/_emulator/objects")).body).toMatchObject({ widgets: { widgets: [] } });
    expect((await request("POST", WIDGETS, { name: "kept" })).status).toBe(200);
  });
});
