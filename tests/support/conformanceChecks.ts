/** The conformance run's checks of one step: the step named in its failure, check without failures, and an update's writes holding only the change. */
import { type Args, type ResourceDeclaration, type State } from "../../provider/engine/declaration/declaration";
import { type DynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { fillQuery } from "../../provider/engine/declaration/steps";
import type { RecordedRequest } from "./emulatorControl";
import { carries, changedWireFields, maskedWireFields, mergedInto } from "./samples";
import { updateOf } from "../../provider/engine/declaration/steps";
import { inStep } from "./stepContext";

export async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await inStep(what, work);
  } catch (error) {
    throw new Error(`conformance step "${what}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export async function checked(provider: DynamicProvider, inputs: Args): Promise<Args> {
  const result = await provider.check({}, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

export const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && value !== null && Object.keys(value).length === 0);

/** The item's path before an update, and after it (another one when the update moves the object). */
export interface ItemPaths {
  readonly item: string;
  readonly after: string;
}

/**
 * The writes of a merged PUT (`putMerged`): after a move of the object (one POST of the move
 * step, naming the destination), one PUT of the item whose body is the live object read before
 * with only the changed fields changed (a removed one left out), under `If-Match: <its etag>`.
 */
export function expectMergedPut(
  declaration: ResourceDeclaration,
  writes: RecordedRequest[],
  paths: ItemPaths,
  live: Record<string, unknown>,
  olds: Args,
  news: Args,
  change: Args,
): void {
  const move = updateOf(declaration.update).move;
  const moved = move !== undefined && move.field in change;
  const expected: Array<{ method: string; path: string; query?: unknown }> = [];
  if (moved) expected.push({ method: "POST", path: `${paths.item}/move`, query: fillQuery(move.query, news) });
  const changed = Object.fromEntries(Object.entries(changedWireFields(declaration, olds, news)).filter(([field]) => field !== move?.field));
  const putPath = paths.after;
  if (Object.keys(changed).length > 0) expected.push({ method: "PUT", path: putPath });
  expect(writes.map(({ method, path, query }) => (method === "POST" ? { method, path, query } : { method, path }))).toEqual(expected);
  const put = writes.find((write) => write.method === "PUT");
  if (put === undefined) return;
  if (moved) {
    // The live object was read at the old place; after the move only the changed fields are checked.
    for (const [field, value] of Object.entries(changed)) expect({ [field]: (put.body as Args)[field] }).toEqual({ [field]: value ?? undefined });
    expect(put.headers?.["if-match"]).toMatch(/.+/);
    return;
  }
  expect(put.body).toEqual(mergedInto(live, changed));
  expect(put.headers?.["if-match"]).toBe(live["etag"]);
}

/**
 * The write requests of an in-place update. A client-side input sends nothing. The engine's
 * own update sends one request to the item: a PATCH of only the fields that changed, or a PUT
 * of the whole object. An update of the declaration's own (an atomic change, a
 * read-modify-write of a policy) may send other requests, but a PATCH or PUT of the item still
 * holds only what changed, and the new values reach the API.
 */
export function expectUpdateWrites(
  declaration: ResourceDeclaration,
  writes: RecordedRequest[],
  paths: ItemPaths,
  olds: Args,
  news: Args,
  change: Args,
  live: Record<string, unknown>,
  stored: State,
): void {
  const { item } = paths;
  const local: readonly string[] = [...(declaration.localInputs ?? []), ...Object.keys(declaration.requestOptions ?? {})];
  const sent = Object.keys(change).filter((name) => !local.includes(name));
  if (sent.length === 0) {
    expect(writes).toEqual([]);
    return;
  }
  const update = updateOf(declaration.update).send;
  if (typeof update === "object" && "putMerged" in update) {
    expectMergedPut(declaration, writes, paths, live, olds, news, change);
    return;
  }
  if (typeof update === "object" && "patch" in update) {
    // The mask names exactly the changed inputs' paths, and the body carries exactly those paths (and the stored etag).
    const { mask, body } = maskedWireFields(declaration, olds, news, update.paths ?? {});
    if (update.etagField !== undefined) body[update.etagField] = stored[update.etagField];
    const requests = writes.map(({ method, path, query, body: sentBody }) => ({
      method,
      path,
      mask: String(query[update.maskParam ?? "updateMask"] ?? "")
        .split(",")
        .sort(),
      body: sentBody,
    }));
    expect(requests).toEqual([{ method: "PATCH", path: item, mask: mask.sort(), body }]);
    return;
  }
  if (typeof update !== "string") {
    throw new Error(`conformance does not check the writes of update kind ${JSON.stringify(update)} yet: add it here`);
  }
  const body = update === "PUT" ? declaration.toCreateBody?.(news) : changedWireFields(declaration, olds, news);
  const requests = writes.map(({ method, path, body: sentBody }) => ({ method, path, body: sentBody }));
  if (update !== "planned" && update !== "policy") {
    expect(requests).toEqual([{ method: update, path: item, body }]);
    return;
  }
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests.filter((r) => (r.method === "PATCH" || r.method === "PUT") && r.path === item)) expect(request.body).toEqual(body);
  // A map read entry by entry (a zone's records) reaches the API in its own wire form (absolute names, quoted TXT):
  // its bodies are held by its own tests (tests/emulator/zone-records.test.ts), request by request.
  for (const name of sent.filter((name) => news[name] !== undefined && declaration.detail?.[name] === undefined)) {
    expect({ [name]: requests.some((request) => carries(request.body, news[name])) }).toEqual({ [name]: true });
  }
}

/** Parents made through their own declarations (their states, for `{{parents[i].name}}` in samples); deleted in reverse when done. */
