/** The reports API through googleapis: activities.list. */
import { admin_reports_v1 } from "googleapis/build/src/apis/admin/reports_v1";
import { TOKEN } from "./helpers";
import { OTHER_USER_TOKEN, emulator, reports, clientFor, expectSchema, watchBody } from "./reports-harness";

describe("activities.list", () => {
  it("pages through the seeded trail newest first, typed as the client types Activities", async () => {
    const pages: admin_reports_v1.Schema$Activities[] = [];
    let pageToken: string | undefined;
    do {
      const response = await reports.activities.list({
        userKey: "all",
        applicationName: "token",
        maxResults: 100,
        ...(pageToken !== undefined && { pageToken }),
      });
      expectSchema("Activities", response.data);
      pages.push(response.data);
      pageToken = response.data.nextPageToken ?? undefined;
    } while (pageToken !== undefined);
    const items = pages.flatMap((page) => page.items ?? []);
    expect(pages.map((page) => page.items?.length)).toEqual([100, 100, 50]);
    expect(new Set(items.map((item) => item.id?.uniqueQualifier)).size).toBe(250);
    const times = items.map((item) => Date.parse(item.id?.time ?? ""));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items[0]).toEqual(expect.objectContaining({ kind: "admin#reports#activity", ownerDomain: "example.test" }));
    expect(new Set(items.flatMap((item) => item.events?.map((event) => event.name)))).toEqual(new Set(["activity", "authorize", "request", "revoke"]));
    const activityEvent = items.flatMap((item) => item.events ?? []).find((event) => event.name === "activity");
    expect(activityEvent?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
      "api_name",
      "app_name",
      "client_id",
      "client_type",
      "method_name",
      "num_response_bytes",
      "product_bucket",
    ]);
  });

  it("returns whole every activity that contains the event asked for, other events included", async () => {
    const response = await reports.activities.list({ userKey: "all", applicationName: "token", eventName: "authorize" });
    const items = response.data.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.events?.some((event) => event.name === "authorize"))).toBe(true);
    expect(items.some((item) => item.events?.some((event) => event.name === "request"))).toBe(true);
  });

  it("applies filters to the parameters of one event, and the actor, window and address", async () => {
    const byApp = await reports.activities.list({ userKey: "alice@example.test", applicationName: "token", filters: "app_name==Mail Archiver" });
    const items = byApp.data.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.actor?.email).toBe("alice@example.test");
      expect(item.events?.some((event) => event.parameters?.some((p) => p.name === "app_name" && p.value === "Mail Archiver"))).toBe(true);
    }
    const big = await reports.activities.list({ userKey: "all", applicationName: "token", eventName: "activity", filters: "num_response_bytes>60000" });
    for (const item of big.data.items ?? []) {
      const bytes = item.events?.flatMap((event) => event.parameters ?? []).find((p) => p.name === "num_response_bytes")?.intValue;
      expect(Number(bytes)).toBeGreaterThan(60000);
    }
    const windowed = await reports.activities.list({
      userKey: "all",
      applicationName: "token",
      startTime: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(windowed.data.items?.length).toBe(4); // 17 minutes apart, the newest a minute ago
  });

  it("refuses a bad window, a bad filter and a bad user key with 400", async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    const past = new Date(Date.now() - 3600_000).toISOString();
    const cases: Array<[string, string]> = [
      [`startTime=${future}`, "Start time requested is in the future."],
      [`startTime=${past}&endTime=${past}`, "Start time must be before the end time."],
      ["startTime=yesterday", "Invalid value for 'startTime'"],
      ["filters=app_name", "Invalid value for 'filters'"],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await emulator.request<{ error: { message: string } }>(
        "GET",
        `/admin/reports/v1/activity/users/all/applications/token?${query}`,
      );
      expect({ query, status, message: body.error.message }).toEqual({ query, status: 400, message: expect.stringContaining(message) });
    }
    expect((await emulator.request("GET", "/admin/reports/v1/activity/users/not-a-user/applications/token")).status).toBe(400);
    // A user who is not an administrator reads only their own activities.
    const own = await emulator.request("GET", "/admin/reports/v1/activity/users/bob@example.test/applications/token", { token: OTHER_USER_TOKEN });
    expect(own.status).toBe(200);
    const all = await emulator.request<{ error: { message: string } }>("GET", "/admin/reports/v1/activity/users/all/applications/token", {
      token: OTHER_USER_TOKEN,
    });
    expect({ status: all.status, message: all.body.error.message }).toEqual({ status: 403, message: "Not Authorized to access this resource/api" });
  });

  it("refuses an application name the service does not know with 400, through Google's client, for a list and a watch", async () => {
    const reports = clientFor(TOKEN);
    const refusalOf = async (call: Promise<unknown>): Promise<{ status?: number; errors?: unknown; message: string }> => {
      try {
        await call;
      } catch (error) {
        const failed = error as { status?: number; message: string; response?: { data?: { error?: { errors?: unknown } } } };
        return { status: failed.status, message: failed.message, errors: failed.response?.data?.error?.errors };
      }
      throw new Error("the call succeeded; a 400 was expected");
    };
    const listed = await refusalOf(reports.activities.list({ userKey: "all", applicationName: "tokens" }));
    expect(listed.status).toBe(400);
    expect(listed.message).toMatch(/^Invalid value 'tokens'\. Values must match the following regular expression: '.*\(token\)/);
    expect(listed.errors).toEqual([
      expect.objectContaining({ domain: "global", reason: "invalidParameter", location: "applicationName", locationType: "parameter" }),
    ]);
    const watched = await refusalOf(reports.activities.watch({ userKey: "all", applicationName: "no_such_app", requestBody: watchBody("unknown-app") }));
    expect(watched.status).toBe(400);
    // Every name the discovery document lists is known (a few of them, and the spec's own).
    for (const applicationName of ["token", "admin", "drive", "login", "gemini_in_workspace_apps"]) {
      expect((await reports.activities.list({ userKey: "all", applicationName })).status).toBe(200);
    }
  });
});
