/** A plug-in on the command line, the error families, and the page-size rules. */
import { parseCommandLine, usage, UsageError } from "../../emulator/command-line";
import { ApiError, codeHostErrors, ERROR_INFO_TYPE, googleAip193Errors, renderError } from "../../emulator/errors";
import { parsePageSize } from "../../emulator/google/paging";
import { createEmulator } from "../../emulator/server";
import { httpRequest } from "./helpers";
import { WIDGETS, widgetsApi, apis } from "./plugin-harness";

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
