/**
 * Parity, as LocalStack holds its emulator to snapshots taken against AWS: the same run (same seed,
 * so the same names) recorded against a real service and against the emulator, each request of the
 * one paired with the same request of the other, and their answers compared (parityAnswers.ts).
 *
 * A request is paired by what it is: its operation (the documented method of Google's contract the
 * emulator serves it by, e.g. `dns.managedZones.get`; the method and path elsewhere) and its
 * path, query and body, in which the ids the service made up are the emulator's run's (parityIds.ts,
 * learned from the answers paired before). A read sent again until the work it polls is done (a
 * DNS change) may be sent more often in one run than in the other: the last of each is compared.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { apis } from "../../emulator/apis";
import { contractOf, type Contract, type DiscoveryMethod } from "../../emulator/google/contracts/contract";
import { sameData, type Cassette, type Interaction } from "../../provider/cassette";
import { compareAnswers } from "./parityAnswers";
import { IdMap, requestData, type RequestData } from "./parityIds";
import { cassetteFiles } from "./run";

interface Operation {
  /** The API, as the emulator names it. */
  readonly api: string;
  /** The contract's method id, else the method and the path with the learned ids as `{id}`. */
  readonly label: string;
  readonly contract?: Contract;
  readonly method?: DiscoveryMethod;
}

const SERVED = apis.map((api) => ({
  name: api.name,
  prefixes: api.pathPrefixes,
  contracts: (api.contracts ?? []).map((document) => contractOf(document)),
}));

function operationOf(request: Interaction["request"], data: RequestData, isId: (part: string) => boolean): Operation {
  const pathname = new URL(request.url).pathname;
  for (const api of SERVED) {
    for (const contract of api.contracts) {
      const { method } = contract.match(request.method, pathname);
      if (method !== undefined) return { api: api.name, label: method.id, contract, method };
    }
  }
  const api = SERVED.find((candidate) => candidate.prefixes.some((prefix) => pathname.startsWith(prefix)))?.name ?? "?";
  return { api, label: `${request.method} ${data.parts.map((part) => (isId(part) ? "{id}" : part)).join("/")}` };
}

/** Whether a request of the emulator's run is one of the service's run, its ids mapped (times may differ by how much later it ran). */
function sameRequest(real: RequestData, emulated: RequestData, shiftMs: number): boolean {
  return (
    real.method === emulated.method &&
    isDeepStrictEqual(real.parts, emulated.parts) &&
    isDeepStrictEqual(real.query, emulated.query) &&
    sameData(emulated.body, real.body, shiftMs)
  );
}

function leaves(value: unknown, at = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${at}[${index}]`));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, `${at}.${key}`));
  return [`${at}=${JSON.stringify(value)}`];
}

/** How much of two requests of one operation is alike: path parts, query pairs and body fields. */
function likeness(real: RequestData, emulated: RequestData): number {
  const theirs = new Set([
    ...emulated.parts.map((part, index) => `${index}/${part}`),
    ...emulated.query.map(([name, value]) => `?${name}=${value}`),
    ...leaves(emulated.body),
  ]);
  return [...real.parts.map((part, index) => `${index}/${part}`), ...real.query.map(([name, value]) => `?${name}=${value}`), ...leaves(real.body)].filter(
    (item) => theirs.has(item),
  ).length;
}

const lastPart = (data: RequestData): string => (data.parts.at(-1) ?? "").replace(/:[A-Za-z]+$/, "");

/** One operation's cassettes of both runs compared; what differs is noted with where it was seen. */
function compareCassettes(file: string, real: Cassette, emulated: Cassette, ids: IdMap, note: (line: string, where: string) => void): void {
  const shiftMs = emulated.recordedAt - real.recordedAt;
  const raw = real.interactions.map((interaction) => requestData(interaction.request));
  const theirs = emulated.interactions.map((interaction) => requestData(interaction.request));
  const operations = emulated.interactions.map((interaction, index) => operationOf(interaction.request, theirs[index]!, (part) => ids.known(part, "emulated")));
  const used = new Set<number>();
  for (const [index, interaction] of real.interactions.entries()) {
    const data = requestData(interaction.request, (text) => ids.of(text));
    const operation = operationOf(interaction.request, raw[index]!, (part) => ids.known(part, "real"));
    const where = `${file} #${index + 1} ${operation.label} ${raw[index]!.parts.join("/")}`;
    const free = [...theirs.keys()].filter((other) => !used.has(other));
    const same = free.filter((other) => sameRequest(data, theirs[other]!, shiftMs));
    let match: number | undefined;
    if (same.length > 0) {
      const again = raw.slice(index + 1).some((later) => isDeepStrictEqual(later, raw[index]));
      // A read sent again (a poll): the last of the service's run is paired with the emulator's last.
      if (again && same.length === 1) continue;
      match = again ? same[0]! : same.at(-1)!;
      if (!again) for (const other of same) used.add(other);
    } else {
      const alike = free.filter((other) => operations[other]!.label === operation.label);
      match = alike.reduce<number | undefined>(
        (best, other) => (best === undefined || likeness(data, theirs[other]!) > likeness(data, theirs[best]!) ? other : best),
        undefined,
      );
    }
    if (match === undefined) {
      note(`${where}: the emulator's run sent no such request`, where);
      continue;
    }
    used.add(match);
    const other = emulated.interactions[match]!;
    if (other.response.status !== interaction.response.status) {
      note(`${where}: status ${interaction.response.status} from the service, ${other.response.status} from the emulator`, where);
      continue;
    }
    const context = {
      api: operation.api,
      ...(operation.contract !== undefined && { contract: operation.contract }),
      ...(operation.method?.response !== undefined && { schema: operation.method.response }),
      resource: { kind: operation.label, name: lastPart(raw[index]!) },
      ids,
    };
    for (const line of compareAnswers(context, interaction.response.body, other.response.body)) note(line, `${file} ${operation.label}`);
  }
  for (const [index, data] of theirs.entries()) {
    // A request sent again by the emulator's run only (a poll that took longer) is none of the service's run's missing.
    if (used.has(index) || [...used].some((other) => isDeepStrictEqual(theirs[other], data))) continue;
    const where = `${file} #${index + 1} ${operations[index]!.label} ${data.parts.join("/")}`;
    note(`${where}: the service's run sent no such request`, where);
  }
}

/**
 * The differences between a run recorded against a service and the same run against the emulator,
 * one line each, `<api> <resource> <name>: <field> <the service's value> -> <the emulator's>` with
 * where it was first seen (and how often); empty when they agree.
 */
export function compareRuns(realFolder: string, emulatorFolder: string): string[] {
  const seen = new Map<string, { where: string; count: number }>();
  const note = (line: string, where: string): void => {
    const known = seen.get(line);
    if (known === undefined) seen.set(line, { where, count: 1 });
    else known.count++;
  };
  const ids = new IdMap();
  const theirs = new Set(cassetteFiles(emulatorFolder));
  const read = (folder: string, file: string): Cassette => JSON.parse(readFileSync(path.join(folder, file), "utf8")) as Cassette;
  for (const file of cassetteFiles(realFolder)) {
    if (!theirs.has(file)) note(`${file}: the emulator's run has no such operation`, file);
    else compareCassettes(file, read(realFolder, file), read(emulatorFolder, file), ids, note);
  }
  return [...seen].map(([line, { where, count }]) =>
    line.startsWith(where) ? line : `${line} (${where}${count > 1 ? `, and ${count - 1} more answer${count > 2 ? "s" : ""}` : ""})`,
  );
}
