/**
 * A recording client: the `fetch` a provider process's runtime sends every request through, which
 * records each exchange as sent and answered (method, path, query, the If-Match header, the body as
 * JSON, the status and the answer). The conformance run holds these to the step's plan
 * (planLog.ts); nothing is redacted here, nothing leaves the test.
 */
import { ProviderRuntime } from "../../provider/runtime";

export interface Recorded {
  readonly method: string;
  /** The URL's path, percent-encoded as sent. */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly ifMatch?: string;
  readonly body: unknown;
  readonly status: number;
  readonly answer: unknown;
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
      const body = json(await request.clone().text());
      const response = await fetch(request);
      const url = new URL(request.url);
      const ifMatch = request.headers.get("if-match");
      recorded.push({
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams.entries()),
        ...(ifMatch !== null && { ifMatch }),
        body,
        status: response.status,
        answer: json(await response.clone().text()),
      });
      return response;
    },
  };
}

/** A provider process whose clients send through `recording` (and retry at once: no faults here wait). */
export function recordingRuntime(recording: Recorder): ProviderRuntime {
  return new ProviderRuntime({ client: { fetch: recording.fetch } });
}
