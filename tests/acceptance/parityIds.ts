/**
 * What the two runs of parity call one object. Both runs send the same requests (same seed, same
 * names) but for what the service made up: a calendar's id, an event's, an etag, a change's number,
 * a channel's resource id. A replay needs no such map, since its provider reads every id from the
 * recorded answers and sends them back; parity's second run gets its own ids from the emulator, so
 * they are learned the same way, from the answers: where two paired answers differ in a value the
 * service makes up, a later request of the service's run that carries it is the emulator's run's
 * request carrying the other.
 */
import type { RecordedRequest } from "../../provider/cassette";

export class IdMap {
  private readonly toEmulator = new Map<string, string>();
  private readonly emulated = new Set<string>();

  /** The service's run called it `real` where the emulator's run called it `emulated`. */
  learn(real: string, emulated: string): void {
    if (real === emulated || real === "" || this.toEmulator.has(real)) return;
    this.toEmulator.set(real, emulated);
    this.emulated.add(emulated);
  }

  /** The emulator's run's value for a value of the service's run. */
  of(value: string): string {
    return this.toEmulator.get(value) ?? value;
  }

  /** Whether a value of the service's run (`side: "real"`) or of the emulator's is a learned id. */
  known(value: string, side: "real" | "emulated"): boolean {
    return side === "real" ? this.toEmulator.has(value) : this.emulated.has(value);
  }
}

/** A request as data, to compare across runs: the path's parts decoded, the query's pairs in order, the body. */
export interface RequestData {
  readonly method: string;
  readonly parts: readonly string[];
  readonly query: readonly (readonly [string, string])[];
  readonly body: unknown;
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}

/**
 * A recorded request as data, each value passed through `map` (the service's run's ids to the
 * emulator's); a path part `<id>:<verb>` (a Google custom method) maps its id.
 */
export function requestData(request: RecordedRequest, map: (text: string) => string = (text) => text): RequestData {
  const url = new URL(request.url);
  const part = (text: string): string => {
    const whole = map(text);
    if (whole !== text) return whole;
    const verb = /^(.+)(:[A-Za-z]+)$/.exec(text);
    return verb === null ? text : `${map(verb[1]!)}${verb[2]!}`;
  };
  return {
    method: request.method,
    parts: url.pathname.split("/").map(decoded).map(part),
    query: [...url.searchParams].map(([name, value]) => [name, map(value)] as const).sort(([a], [b]) => a.localeCompare(b)),
    body: mapStrings(request.body, map),
  };
}
