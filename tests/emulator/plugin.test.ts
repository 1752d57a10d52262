/**
 * An API is a plug-in: a throwaway "widgets" API, defined here and nowhere
 * else, is served through the same list the real APIs use, with its route,
 * its store, its option and flag, and the AIP-193 error family. Also the
 * shared pieces it picks from: the error families' rendering and paging by
 * a per-API page-size rule.
 */
import type { ApiStore } from "../../emulator/store";
import { parseCommandLine, usage, UsageError } from "../../emulator/command-line";
import { ApiError, codeHostErrors, ERROR_INFO_TYPE, googleAip193Errors, renderError } from "../../emulator/errors";
import { googleBearerAuth } from "../../emulator/google/auth";
import { badRequest } from "../../emulator/google/errors";
import { pagingBy, parsePageSize } from "../../emulator/google/paging";
import { defineApi } from "../../emulator/plugin";
import type { Emulator } from "../../emulator/server";
import { createEmulator, defaultApis } from "../../emulator/server";
import type { HttpResult } from "./helpers";
import { httpRequest, TOKEN } from "./helpers";

const WIDGETS = "/widgets/v1/widgets";
const SERVICE = "widgets.example.com";

interface Widget {
  name: string;
  label: string;
  creationSequence: number;
}

class WidgetStore implements ApiStore {
  readonly widgets = new Map<string, Widget>();
  private lastSequence = 0;

  nextSequence(): number {
    this.lastSequence += 1;
    return this.lastSequence;
  }

  reset(): void {
    this.widgets.clear();
    this.lastSequence = 0;
  }

  userObjects(): Record<string, unknown[]> {
    return { widgets: [...this.widgets.values()].map(({ name, label }) => ({ name, label })) };
  }
}

/** An AIP-158 list: `pageSize`, 2 by default, at most 3. */
const widgetPaging = pagingBy({ parameter: "pageSize", defaultSize: 2, maxSize: 3 });

const widgetsApi = defineApi({
  name: "widgets",
  summary: "the widgets API at /widgets/v1/...",
  pathPrefixes: ["/widgets/v1/"],
  errorFamily: googleAip193Errors(SERVICE),
  secrets: { bodyFields: ["secret"] },
  options: (input: { widgets?: { label?: string } }) => ({ label: input.widgets?.label ?? "plain" }),
  flags: {
    flags: [{ name: "widgets-label", value: "<text>", help: "label of new widgets (default plain)" }],
    parse: (values) => {
      const label = values.one("widgets-label");
      if (label === "") throw new UsageError("--widgets-label must not be empty");
      return label === undefined ? {} : { widgets: { label } };
    },
  },
  createStore: () => new WidgetStore(),
  mount: ({ store, options, tokens }) => ({
    authenticate: googleBearerAuth(tokens),
    routes: [
      {
        method: "POST",
        pattern: WIDGETS,
        operation: "widgets.create",
        handle: ({ body }) => {
          const name = (body as { name?: unknown } | undefined)?.name;
          if (typeof name !== "string" || name === "") throw badRequest("required", "widget.name is required");
          if (store.widgets.has(name)) {
            throw new ApiError({
              httpStatus: 409,
              reason: "alreadyExists",
              message: `Widget ${name} already exists.`,
              errorInfo: { metadata: { widget: name } },
            });
          }
          const widget = { name, label: options.label, creationSequence: store.nextSequence() };
          store.widgets.set(name, widget);
          return { status: 200, body: { name, label: widget.label } };
        },
      },
      {
        method: "GET",
        pattern: WIDGETS,
        operation: "widgets.list",
        handle: ({ query }) => {
          const page = widgetPaging.paginateByCreation("widgets", [...store.widgets.values()], query);
          return { status: 200, body: { widgets: page.items.map(({ name }) => name), nextPageToken: page.nextPageToken } };
        },
      },
    ],
  }),
});

const apis = [...defaultApis, widgetsApi];

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

describe("a plug-in on the command line", () => {
  it("parses its flag into its option, which the emulator then uses", async () => {
    const commandLine = parseCommandLine(["--port", "0", "--widgets-label", "from-cli", "--change-delay-ms", "5"], apis);
    if (commandLine === "help") throw new Error("expected a command line");
    expect(commandLine.emulatorOptions).toEqual({ widgets: { label: "from-cli" }, changeCompletionDelayMs: 5, ci: {} });
    const emulator = createEmulator({ ...commandLine.emulatorOptions, apis });
    try {
      const url = await emulator.listen(0);
      expect((await httpRequest(url, "POST", WIDGETS, { body: { name: "x" } })).body).toEqual({ name: "x", label: "from-cli" });
    } finally {
      await emulator.close();
    }
  });

  it("lists its flag and its summary in the usage, and refuses a bad value", () => {
    const text = usage(apis);
    // The description is wrapped at 78 columns: where a summary breaks depends on the APIs before it.
    expect(text.replace(/\s+/g, " ")).toContain("the widgets API at /widgets/v1/...");
    expect(text).toMatch(/^ {2}--widgets-label <text> +label of new widgets \(default plain\)$/m);
    expect(() => parseCommandLine(["--widgets-label", ""], apis)).toThrow("--widgets-label must not be empty");
    expect(() => parseCommandLine(["--widgets-colour", "red"], apis)).toThrow(UsageError);
  });

  it("refuses two APIs of one name and two owners of one flag", () => {
    expect(() => createEmulator({ apis: [...apis, widgetsApi] })).toThrow("two APIs are named 'widgets'");
    const impostor = { ...widgetsApi, name: "impostor" };
    expect(() => usage([...apis, impostor])).toThrow("two flags are named --widgets-label");
  });
});

describe("error families", () => {
  const notFound = new ApiError({ httpStatus: 404, reason: "notFound", message: "Quota preference p1 not found." });

  it("renders AIP-193: status from the HTTP code, ErrorInfo from the reason and the service", () => {
    expect(renderError(googleAip193Errors("cloudquotas.googleapis.com"), notFound)).toEqual({
      status: 404,
      headers: {},
      body: {
        error: {
          code: 404,
          message: "Quota preference p1 not found.",
          status: "NOT_FOUND",
          details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "NOT_FOUND", domain: "cloudquotas.googleapis.com", metadata: {} }],
        },
      },
    });
    const aborted = new ApiError({
      httpStatus: 409,
      reason: "aborted",
      message: "etag mismatch",
      rpcStatus: "ABORTED",
      errorInfo: { reason: "ETAG_MISMATCH", metadata: { etag: "abc" } },
    });
    expect(renderError(googleAip193Errors("cloudquotas.googleapis.com"), aborted).body).toEqual({
      error: {
        code: 409,
        message: "etag mismatch",
        status: "ABORTED",
        details: [{ "@type": ERROR_INFO_TYPE, reason: "ETAG_MISMATCH", domain: "cloudquotas.googleapis.com", metadata: { etag: "abc" } }],
      },
    });
  });

  it("renders the code host's {message, documentation_url}", () => {
    const family = codeHostErrors("https://docs.example.com/rest");
    expect(renderError(family, notFound).body).toEqual({ message: "Quota preference p1 not found.", documentation_url: "https://docs.example.com/rest" });
    const limited = new ApiError({
      httpStatus: 403,
      reason: "rateLimited",
      message: "API rate limit exceeded",
      documentationUrl: "https://docs.example.com/rest/rate-limits",
      headers: { "x-ratelimit-remaining": "0" },
    });
    expect(renderError(family, limited)).toEqual({
      status: 403,
      headers: { "x-ratelimit-remaining": "0" },
      body: { message: "API rate limit exceeded", documentation_url: "https://docs.example.com/rest/rate-limits" },
    });
  });
});

describe("page-size rules", () => {
  const calendar = { parameter: "maxResults", defaultSize: 100, maxSize: 250 };

  it("apply each API its default and cap", () => {
    expect(parsePageSize(calendar, {})).toBe(100);
    expect(parsePageSize(calendar, { maxResults: "0" })).toBe(100);
    expect(parsePageSize(calendar, { maxResults: "1000" })).toBe(250);
    expect(parsePageSize(calendar, { maxResults: "7" })).toBe(7);
    expect(parsePageSize(calendar, { pageSize: "7" })).toBe(100);
    expect(() => parsePageSize(calendar, { maxResults: "x" })).toThrow(ApiError);
  });
});
