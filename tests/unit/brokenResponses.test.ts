/**
 * The HTTP call path against a fake fetch that misbehaves like a proxy: cut
 * bodies, HTML pages, empty and misshapen 200s. Each is retried by the
 * request's repeat rule, and ends (when not) in an ApiError with outcome
 * unknown that names the request.
 */
import { z } from "zod";
import { createApiClient } from "../../provider/http/client";
import { ApiError } from "../../provider/http/answer";
import { testBudget } from "../support/budget";

type Reply = () => Response;

const json =
  (body: unknown, status = 200): Reply =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const text =
  (body: string, status: number, type = "text/html"): Reply =>
  () =>
    new Response(body, { status, headers: { "content-type": type } });
const cut: Reply = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name": "z1", "dnsN'));
        controller.error(new TypeError("terminated"));
      },
    }),
    { status: 200, headers: { "content-type": "application/json", "content-length": "200" } },
  );

function fakeClient(replies: Reply[]) {
  const calls: string[] = [];
  const waits: number[] = [];
  const client = createApiClient(
    { api: "dns", baseUrl: "http://fake.invalid", token: "secret-token-123" },
    {
      fetch: async (input) => {
        const request = input as Request;
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
        const reply = replies.shift();
        if (reply === undefined) throw new Error("no more replies");
        return reply();
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
      log: () => undefined,
    },
  );
  return { client, calls, waits };
}

const zone = z.looseObject({ name: z.string(), dnsName: z.string() });
const PATH = "dns/v1/projects/p/managedZones/z1";

describe("broken responses in the call path", () => {
  it.each([
    ["a cut body", cut],
    ["an HTML 200", text("<html><body>Service Temporarily Unavailable</body></html>", 200)],
    ["an HTML 502", text("<html><body>Bad Gateway</body></html>", 502)],
    ["an empty 200", text("", 200, "application/json")],
    ["a wrong shape", json({ data: { name: "z1" } })],
  ])("retries a read after %s and returns the good answer", async (_what, broken) => {
    const { client, calls, waits } = fakeClient([broken, json({ name: "z1", dnsName: "z1.example." })]);
    await expect(client.send({ method: "GET", path: PATH, schema: zone }, testBudget())).resolves.toEqual({ name: "z1", dnsName: "z1.example." });
    expect(calls).toEqual([`GET /${PATH}`, `GET /${PATH}`]);
    expect(waits).toHaveLength(1);
  });

  it.each([
    ["a cut body", cut, "incompleteResponse", /the connection ended before the whole response body arrived/],
    ["an HTML 200", text("<html><body>Service Temporarily Unavailable</body></html>", 200), "unreadableResponse", /not JSON \(text\/html\): "<html>/],
    ["an empty 200", text("", 200, "application/json"), "emptyResponse", /empty body/],
    ["a wrong shape", json({ data: { name: "z1" } }), "unexpectedResponse", /documented shape/],
  ])("does not repeat a settle request after %s: an ApiError, outcome unknown, naming the request", async (_what, broken, reason, message) => {
    const { client, calls } = fakeClient([broken]);
    const failure = (await client
      .send({ method: "POST", path: "dns/v1/projects/p/managedZones", body: { name: "z1" }, repeat: "settle", schema: zone }, testBudget())
      .catch((error: unknown) => error)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ method: "POST", path: "/dns/v1/projects/p/managedZones", outcome: "unknown", reason });
    expect(failure.message).toMatch(/^POST \/dns\/v1\/projects\/p\/managedZones failed with /);
    expect(failure.message).toMatch(message);
    expect(failure.message.length).toBeLessThan(300);
    expect(calls).toHaveLength(1);
  });

  it("gives up on a read that never gets a readable answer with an error, never an empty result", async () => {
    const { client, calls } = fakeClient(Array.from({ length: 10 }, () => text("", 200, "application/json")));
    const failure = (await client.send({ method: "GET", path: PATH, schema: zone }, testBudget()).catch((error: unknown) => error)) as ApiError;
    expect(failure).toMatchObject({ status: 200, reason: "emptyResponse", outcome: "unknown", isNotFound: false });
    expect(calls).toHaveLength(10);
  });

  it("repeats an idempotent POST (setIamPolicy) after a 503, and keeps the token out of the message", async () => {
    const { client, calls } = fakeClient([json({ error: { code: 503, message: "backend secret-token-123" } }, 503), json({ etag: "e2" })]);
    await expect(client.send({ method: "POST", path: `${PATH}:setIamPolicy`, body: {}, repeat: "idempotent" }, testBudget())).resolves.toEqual({ etag: "e2" });
    expect(calls).toHaveLength(2);
    const { client: failing } = fakeClient([text("<html>secret-token-123</html>", 200)]);
    const failure = (await failing.send({ method: "POST", path: PATH, repeat: "settle", schema: zone }, testBudget()).catch((e: unknown) => e)) as ApiError;
    expect(failure.message).not.toContain("secret-token-123");
  });
});
