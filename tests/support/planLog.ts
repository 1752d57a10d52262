/**
 * The emulator's request log against the engine's plan of a step (provider/engine/plan/planStep.ts):
 * every request the step sent is one the plan names, in the plan's order, with its method, path and,
 * where the plan gives it exactly, its query and body. A listing read page by page matches one or
 * more requests, work polled until done none or more, a request sent when needed one or none; a
 * joined write is what it sends alone (one resource at a time joins nothing).
 */
import { isDeepStrictEqual } from "node:util";
import type { PlanEntry, PlannedRequest } from "../../provider/engine/plan/entries";
import { jointRequests, requestsOf } from "../../provider/engine/plan/requests";
import type { RecordedRequest, RunningEmulator } from "./emulatorControl";

/** A planned path as a pattern: a placeholder (`{operation}`, a part the server assigns) matches one segment. */
function pathPattern(basePath: string, path: string): RegExp {
  const escaped = `${basePath}/${path}`.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/\\?\{\w+\\?\}|\{\w+\}/g, "[^/]+")}$`);
}

const sameQuery = (planned: PlannedRequest, sent: RecordedRequest): boolean =>
  isDeepStrictEqual(
    Object.fromEntries(Object.entries(planned.query ?? {}).map(([key, value]) => [key, String(value)])),
    Object.fromEntries(Object.entries(sent.query).map(([key, value]) => [key, Array.isArray(value) ? value.join(",") : String(value)])),
  );

/**
 * A body as sent against the plan's: the log redacts secrets (`[REDACTED]` matches what the plan
 * sends there), and a time the body takes from the clock (Unix ms, as a channel's expiration) was
 * read a moment later than the plan's.
 */
function sameBody(sent: unknown, planned: unknown): boolean {
  if (sent === "[REDACTED]") return true;
  if (typeof sent === "string" && typeof planned === "string" && /^\d{13}$/.test(sent) && /^\d{13}$/.test(planned)) {
    return Math.abs(Number(sent) - Number(planned)) < 60_000;
  }
  if (Array.isArray(sent) && Array.isArray(planned)) return sent.length === planned.length && sent.every((item, index) => sameBody(item, planned[index]));
  if (typeof sent === "object" && sent !== null && typeof planned === "object" && planned !== null && !Array.isArray(sent) && !Array.isArray(planned)) {
    const keys = new Set([...Object.keys(sent), ...Object.keys(planned)]);
    return [...keys].every((key) => sameBody((sent as Record<string, unknown>)[key], (planned as Record<string, unknown>)[key]));
  }
  return isDeepStrictEqual(sent, planned);
}

/** Whether `sent` is the request `planned` says, as far as the plan says it exactly. */
function matches(basePath: string, planned: PlannedRequest, sent: RecordedRequest): boolean {
  if (planned.method !== sent.method || !pathPattern(basePath, planned.path).test(sent.path)) return false;
  if (planned.sent !== undefined || planned.described === true) return true;
  const body = planned.body === undefined ? undefined : JSON.parse(JSON.stringify(planned.body));
  return sameQuery(planned, sent) && sameBody(sent.body ?? undefined, body);
}

/** Where the log and the plan part, in words; undefined when the log follows the plan. */
export function planMismatch(basePath: string, planned: readonly PlannedRequest[], sent: readonly RecordedRequest[]): string | undefined {
  let at = 0;
  const describe = (request: PlannedRequest | RecordedRequest): string =>
    `${request.method} ${request.path}${request.body === undefined ? "" : ` ${JSON.stringify(request.body)}`}`;
  for (const request of planned) {
    const here = (): boolean => at < sent.length && matches(basePath, request, sent[at] as RecordedRequest);
    if (request.sent === undefined || request.sent === "pages") {
      if (!here()) return `the plan's ${describe(request)} was not sent next; sent: ${at < sent.length ? describe(sent[at] as RecordedRequest) : "nothing"}`;
      at++;
    }
    if (request.sent === "whenNeeded" && here()) at++;
    if (request.sent === "pages" || request.sent === "untilDone") while (here()) at++;
  }
  return at === sent.length ? undefined : `sent beyond the plan: ${sent.slice(at).map(describe).join("; ")}`;
}

/** Runs `work` and checks that the requests the emulator saw meanwhile follow `plan`; resolves to what `work` gave. */
export async function followsPlan<T>(emulator: RunningEmulator, basePath: string, plan: readonly PlanEntry[], work: () => Promise<T>): Promise<T> {
  return followsRequests(emulator, basePath, requestsOf(plan, { alone: true }), work);
}

/**
 * Runs `work`, steps of several resources at the same time, and checks that the requests the
 * emulator saw meanwhile follow the steps' joint plan: their joined writes as one request per key.
 */
export async function followsJointPlan<T>(
  emulator: RunningEmulator,
  basePath: string,
  plans: readonly (readonly PlanEntry[])[],
  work: () => Promise<T>,
): Promise<T> {
  return followsRequests(emulator, basePath, jointRequests(plans), work);
}

async function followsRequests<T>(emulator: RunningEmulator, basePath: string, planned: readonly PlannedRequest[], work: () => Promise<T>): Promise<T> {
  const before = (await emulator.requests()).length;
  const result = await work();
  const sent = (await emulator.requests()).slice(before);
  expect({ mismatch: planMismatch(basePath, planned, sent), planned: planned.map((r) => `${r.method} ${r.path}`) }).toEqual({
    mismatch: undefined,
    planned: planned.map((r) => `${r.method} ${r.path}`),
  });
  return result;
}
