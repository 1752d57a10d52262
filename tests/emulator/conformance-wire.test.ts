/**
 * The conformance run's requests held to literal expectations: for each declaration, the same run
 * as conformance.test.ts (runSamples over its samples against the in-process emulator, every
 * request through the recording client), and what was sent, step by step (method, path with its
 * query as sent, the If-Match header, the JSON body), compared with the file written as data in
 * tests/fixtures/conformance-wire/<api>.<Resource>.json. conformance.test.ts holds the requests to
 * the engine's plan, which is worked out by the entries' own functions; this holds them to what
 * the API's reference says they are, so a change in those functions that changes the wire fails
 * here too. Only what changes from run to run is replaced by a placeholder (VALUE_RULES, FIELD_RULES).
 *
 * After an intended change of the wire: `SVC_WRITE_WIRE=1` writes the files again from a run;
 * review their diff against the API's reference before committing it (DEVELOPERS.md, Tests).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { typeKey } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { declarations } from "../../provider/registry";
import { runSamples } from "../support/conformanceRun";
import { providerEmulator } from "../support/providerEmulator";
import { recorder, recordingRuntime, type Recorded } from "../support/recorder";

const WIRE_DIR = join(__dirname, "..", "fixtures", "conformance-wire");
const WRITE = process.env["SVC_WRITE_WIRE"] === "1";

/** One request as the file holds it. */
interface WireRequest {
  readonly method: string;
  /** The path as sent, with its query string as sent (parameter order and repeats kept). */
  readonly path: string;
  readonly ifMatch?: string;
  readonly body?: unknown;
}

interface WireStep {
  readonly step: string;
  readonly requests: readonly WireRequest[];
}

interface WireFile {
  readonly resource: string;
  readonly steps: readonly WireStep[];
}

/**
 * What differs from run to run, and nothing else: what the server makes anew (ids, etags,
 * timestamps, a key's fingerprint) and what the samples make anew (a generated private key, an
 * expiration counted from now). A closed list: a value no rule covers that changes from run to
 * run fails the comparison, and a new rule is added here, not in the files.
 */
/** A string anywhere (path, query, header, body) that matches is replaced, the match only. */
const VALUE_RULES: readonly { readonly what: string; readonly pattern: RegExp; readonly placeholder: string }[] = [
  { what: "a secondary calendar's id, made by the server", pattern: /c_[0-9a-f]{32}(?=(@|%40)group\.calendar\.google\.com)/g, placeholder: "{calendarId}" },
  { what: "an event's id, made by the server (26 base32hex characters)", pattern: /(?<![0-9a-z])[0-9a-v]{26}(?![0-9a-z])/g, placeholder: "{eventId}" },
  { what: "a CI key's fingerprint, made by the server", pattern: /[0-9a-f]{2}(?:(?::|%3A)[0-9a-f]{2}){15}/g, placeholder: "{fingerprint}" },
];

/** A body field of one of these names, at any depth, is replaced whole. */
const FIELD_RULES: Readonly<Record<string, string>> = {
  etag: "{etag}",
  created: "{time}",
  updated: "{time}",
  htmlLink: "{htmlLink}",
  expiration: "{expiration}",
  private_key: "{privateKey}",
};

/** The If-Match header is an etag. */
const IF_MATCH = "{etag}";

function normalized(text: string): string {
  return VALUE_RULES.reduce((value, rule) => value.replace(rule.pattern, rule.placeholder), text);
}

function normalizedValue(value: unknown): unknown {
  if (typeof value === "string") return normalized(value);
  if (Array.isArray(value)) return value.map(normalizedValue);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, FIELD_RULES[key] ?? normalizedValue(each)]));
  }
  return value;
}

function wireOf(resource: string, log: readonly Recorded[]): WireFile {
  const steps: { step: string; requests: WireRequest[] }[] = [];
  for (const recorded of log) {
    const name = recorded.step ?? "(outside every step)";
    const request: WireRequest = {
      method: recorded.method,
      path: normalized(recorded.path + recorded.search),
      ...(recorded.ifMatch !== undefined && { ifMatch: IF_MATCH }),
      ...(recorded.body !== undefined && { body: normalizedValue(recorded.body) }),
    };
    const last = steps[steps.length - 1];
    if (last !== undefined && last.step === name) last.requests.push(request);
    else steps.push({ step: name, requests: [request] });
  }
  return { resource, steps };
}

/** The places where two values differ, as `where: expected …, sent …` lines. */
function differences(where: string, expected: unknown, sent: unknown): string[] {
  if (isDeepStrictEqual(expected, sent)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
  if (Array.isArray(expected) && Array.isArray(sent) && expected.length === sent.length) {
    return expected.flatMap((each, index) => differences(`${where}[${index}]`, each, sent[index]));
  }
  if (isObject(expected) && isObject(sent)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(sent)])];
    return keys.flatMap((key) => differences(`${where}.${key}`, expected[key], sent[key]));
  }
  const shown = (value: unknown): string => (value === undefined ? "(nothing)" : JSON.stringify(value));
  return [`${where}: expected ${shown(expected)}, sent ${shown(sent)}`];
}

const line = (request: WireRequest | undefined): string => (request === undefined ? "(none)" : `${request.method} ${request.path}`);

/** What differs between the file and the run, in words naming the resource, the step and the request; empty when nothing does. */
function wireDiff(expected: WireFile, sent: WireFile, file: string): string {
  const lines: string[] = [];
  const count = Math.max(expected.steps.length, sent.steps.length);
  for (let index = 0; index < count; index++) {
    const want = expected.steps[index];
    const got = sent.steps[index];
    if (want?.step !== got?.step) {
      lines.push(`step ${index}: expected step "${want?.step ?? "(none)"}", the run had "${got?.step ?? "(none)"}"`);
      break;
    }
    const requests = Math.max(want!.requests.length, got!.requests.length);
    for (let at = 0; at < requests; at++) {
      const [one, other] = [want!.requests[at], got!.requests[at]];
      const found = differences("", one, other);
      if (found.length === 0) continue;
      lines.push(`step "${want!.step}", request ${at + 1} (expected ${line(one)}; sent ${line(other)}):`);
      lines.push(...(one === undefined || other === undefined ? [] : found.map((each) => `    ${each.replace(/^\./, "")}`)));
    }
  }
  if (lines.length === 0) return "";
  return [`${sent.resource}: the requests sent differ from ${file}:`, ...lines.map((each) => `  ${each}`)].join("\n");
}

const fileName = (key: string): string => `${key.replace(":", ".")}.json`;

const emulator = providerEmulator("conformance-wire-token");

describe.each(declarations.map((declaration) => [typeKey(declaration), declaration] as const))("%s", (key, declaration) => {
  it(`sends the literal requests of tests/fixtures/conformance-wire/${fileName(key)}`, async () => {
    const recording = recorder();
    const runtime = recordingRuntime(recording);
    await runSamples(declaration, (each) => dynamicProvider(each, runtime), emulator, recording);
    const sent = wireOf(key, recording.recorded);
    const file = join(WIRE_DIR, fileName(key));
    if (WRITE) {
      mkdirSync(WIRE_DIR, { recursive: true });
      writeFileSync(file, `${JSON.stringify(sent, null, 2)}\n`);
      return;
    }
    if (!existsSync(file)) throw new Error(`${key}: no literal requests in ${file}; write them with SVC_WRITE_WIRE=1 and review them (DEVELOPERS.md, Tests)`);
    const expected = JSON.parse(readFileSync(file, "utf8")) as WireFile;
    const diff = wireDiff(expected, sent, `tests/fixtures/conformance-wire/${fileName(key)}`);
    if (diff !== "") throw new Error(diff);
  });
});

it("has no literal requests for a resource the registry no longer declares", () => {
  const known = new Set(declarations.map((declaration) => fileName(typeKey(declaration))));
  expect(existsSync(WIRE_DIR) ? readdirSync(WIRE_DIR).filter((name) => !known.has(name)) : []).toEqual([]);
});
