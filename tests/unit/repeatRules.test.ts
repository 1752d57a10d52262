/** The repeat rules: which requests the HTTP layer sends again, decided from rule, result and attempt. */
import { z } from "zod";
import { readAnswer } from "../../provider/http/answer";
import { defaultRepeatRule, DEFAULT_RETRY_POLICY, planRetry, repeatRuleOf, type AttemptResult } from "../../provider/http/retry";

const policy = { ...DEFAULT_RETRY_POLICY, attempts: { read: 5, idempotent: 5, settle: 1, rateLimited: 5 }, maxTotalWaitMs: 10_000 };
const half = (): number => 0.5;

const outcomes: Record<string, AttemptResult> = {
  "503": { kind: "status", status: 503 },
  "502": { kind: "status", status: 502 },
  "500": { kind: "status", status: 500 },
  timeout: { kind: "network", timedOut: true },
  "lost connection": { kind: "network", timedOut: false },
  "unreadable 200": { kind: "unreadable", status: 200 },
};

describe("repeat rules", () => {
  it("defaults by method: GET reads, PUT/PATCH/DELETE are idempotent, POST settles", () => {
    expect(["GET", "PUT", "PATCH", "DELETE", "POST"].map(defaultRepeatRule)).toEqual(["read", "idempotent", "idempotent", "idempotent", "settle"]);
    expect(repeatRuleOf("read")).toBe("read");
    expect(repeatRuleOf("post")).toBe("settle");
  });

  it.each(Object.entries(outcomes))("repeats a read and an idempotent write after %s, never a settle request", (_name, result) => {
    for (const rule of ["read", "idempotent"] as const) {
      const decision = planRetry(policy, rule, result, 1, 0, half);
      expect(decision.retry).toBe(true);
    }
    expect(planRetry(policy, "settle", result, 1, 0, half)).toEqual({ retry: false });
  });

  it("repeats every rule after a 429, honouring Retry-After", () => {
    for (const rule of ["read", "idempotent", "settle"] as const) {
      expect(planRetry(policy, rule, { kind: "status", status: 429, retryAfterMs: 1000 }, 1, 0)).toEqual({
        retry: true,
        delayMs: 1000,
        because: "rate limited (429, Retry-After)",
      });
    }
  });

  it("never repeats a rejection, whatever the rule", () => {
    for (const rule of ["read", "idempotent", "settle"] as const) {
      for (const status of [400, 401, 403, 404, 409, 412]) expect(planRetry(policy, rule, { kind: "status", status }, 1, 0).retry).toBe(false);
    }
  });

  it("says why it waits, and stops at the attempt limit", () => {
    const decision = planRetry(policy, "read", { kind: "unreadable", status: 200 }, 2, 0, half);
    expect(decision).toEqual({ retry: true, delayMs: 375, because: "unreadable answer (HTTP 200)" });
    expect(planRetry(policy, "idempotent", { kind: "status", status: 503 }, policy.attempts.idempotent, 0).retry).toBe(false);
  });

  it("a declared rule wins over the method's default: a read sent as POST is repeated", () => {
    expect(planRetry(policy, "POST", { kind: "status", status: 503 }, 1, 0).retry).toBe(false);
    expect(planRetry(policy, "read", { kind: "status", status: 503 }, 1, 0).retry).toBe(true);
  });
});

describe("reading an answer", () => {
  const shape = z.looseObject({ name: z.string() });
  const response = (status: number, text: string, contentType = "application/json"): [Response, () => Promise<string>] => [
    new Response(null, { status, headers: { "content-type": contentType } }),
    () => Promise.resolve(text),
  ];

  it("validates a success body against the schema", async () => {
    const answer = await readAnswer(...response(200, '{"name":"z1","extra":1}'), shape);
    expect(answer).toMatchObject({ result: { kind: "status", status: 200 }, value: { name: "z1", extra: 1 } });
  });

  it.each([
    ["broken JSON", '{"name": "z', "application/json", "unreadableResponse", /not JSON \(application\/json\): "\{\\"name\\": \\"z"/],
    ["an HTML page", `<html><body>${"x".repeat(500)}</body></html>`, "text/html", "unreadableResponse", /not JSON \(text\/html\): "<html><body>x+…"$/],
    ["the wrong shape", '{"data":{"name":"z1"}}', "application/json", "unexpectedResponse", /documented shape \(name: .*\): /],
    ["an empty 200", "", "application/json", "emptyResponse", /empty body/],
  ])("takes %s for an unreadable answer with a short excerpt", async (_what, text, type, reason, message) => {
    const answer = await readAnswer(...response(200, text, type), shape);
    expect(answer.result).toEqual({ kind: "unreadable", status: 200 });
    expect(answer.problem?.reason).toBe(reason);
    expect(answer.problem?.message).toMatch(message);
    expect(answer.problem?.message.length).toBeLessThan(250);
  });

  it("accepts an empty body without a schema, and a 204 with one", async () => {
    expect((await readAnswer(...response(200, ""))).value).toBeUndefined();
    expect((await readAnswer(...response(204, ""), shape)).result).toEqual({ kind: "status", status: 204 });
  });

  it("leaves a cut body to the caller (a network failure of the attempt)", async () => {
    const [answer] = response(200, "");
    await expect(readAnswer(answer, () => Promise.reject(new TypeError("terminated")), shape)).rejects.toThrow("terminated");
  });

  it("keeps the status of an error even when its body is an HTML page or cut off", async () => {
    const html = await readAnswer(...response(502, "<html><title>502 Bad Gateway</title></html>", "text/html"));
    expect(html.result).toEqual({ kind: "status", status: 502 });
    expect(html.errorBody).toBe('non-JSON error body "<html><title>502 Bad Gateway</title></html>"');
    const [cut] = response(503, "");
    expect((await readAnswer(cut, () => Promise.reject(new TypeError("terminated")))).result).toEqual({ kind: "status", status: 503 });
  });
});
