/**
 * A recording client: the `fetch` a provider process's runtime sends every request through, which
 * records each exchange as sent and answered (method, path, query, the If-Match header, the body as
 * JSON, the status and the answer). The conformance run holds these to the step's plan
 * (planLog.ts); nothing is redacted here, nothing leaves the test.
 */
import { ProviderRuntime } from "../../provider/runtime";
import { currentStep } from "./stepContext";

export interface Recorded {
  readonly method: string;
  /** The URL's path, percent-encoded as sent. */
  readonly path: string;
  /** The query as sent: a parameter that occurred once as its value, one that occurred several times as the list of them (sentQuery). */
  readonly query: SentQuery;
  /** The query string as sent (`?a=1&b=2`), or empty. */
  readonly search: string;
  readonly ifMatch?: string;
  readonly body: unknown;
  readonly status: number;
  readonly answer: unknown;
  /** The conformance step it was sent in (stepContext.ts), when it was sent in one. */
  readonly step?: string;
}

export type SentQuery = Readonly<Record<string, string | readonly string[]>>;

/** Query occurrences as the log holds them: once, the value; a repeated parameter, its values in order. */
export function sentQuery(pairs: Iterable<readonly [string, string]>): SentQuery {
  const grouped: Record<string, string[]> = {};
  for (const [name, value] of pairs) (grouped[name] ??= []).push(value);
  return Object.fromEntries(Object.entries(grouped).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]));
}

export interface Recorder {
  readonly fetch: typeof fetch;
  readonly recorded: readonly Recorded[];
}

function json(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function recorder(): Recorder {
  const recorded: Recorded[] = [];
  return {
    recorded,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const step = currentStep();
      const body = json(await request.clone().text());
      const response = await fetch(request);
      const url = new URL(request.url);
      const ifMatch = request.headers.get("if-match");
      recorded.push({
        method: request.method,
        path: url.pathname,
        query: sentQuery(url.searchParams.entries()),
        search: url.search,
        ...(ifMatch !== null && { ifMatch }),
        body,
        status: response.status,
        answer: json(await response.clone().text()),
        ...(step !== undefined && { step }),
      });
      return response;
    },
  };
}

/** A provider process whose clients send through `recording` (and retry at once: no faults here wait). */
export function recordingRuntime(recording: Recorder): ProviderRuntime {
  return new ProviderRuntime({ client: { fetch: recording.fetch } });
}
