/**
 * The requests `up` sends for one step of one resource, described from its declaration's
 * data (steps.ts: paths, verbs, update kinds, delete steps) and the provider's own body
 * builders; nothing is sent. Record sets, whose writes join their zone's atomic change,
 * are described by recordWrites.ts.
 */
import type { Args, ResourceDeclaration, State } from "../../provider/engine/declaration";
import type { ArgsDiff } from "../../provider/engine/diff";
import { derivedIdentity, pathValues } from "../../provider/engine/derived";
import { bodyFromState } from "../../provider/engine/stepRunner";
import { abandons, createTemplate, fillQuery, optionQuery, updateOf, type QueryValues } from "../../provider/engine/steps";
import { fillTemplate, matchTemplate, placeholders } from "../../provider/engine/template";
import { defaultPatchBody, maskedPatch } from "../../provider/engine/updateBodies";
import type { PlannedRequest, RecordWrite } from "./schema";
import { shown, shownPath } from "./values";

/** One step of one resource, as the preview gives it (values masked). */
export interface StepFacts {
  readonly declaration: ResourceDeclaration;
  readonly id?: string | undefined;
  /** The stored state (the old outputs). */
  readonly olds: State;
  /** The new inputs, as the provider's check left them. */
  readonly news: Args;
  readonly diff?: ArgsDiff | undefined;
  /** The properties that change (the diff's, and secrets the preview hides that must have changed). */
  readonly changed?: readonly string[];
}

export interface Planned {
  readonly requests: PlannedRequest[];
  readonly recordWrites: RecordWrite[];
}

export const nothing = (): Planned => ({ requests: [], recordWrites: [] });

/** The identity of a stored object: its id's parts, an input that moves it as the state says, and derived path values. */
export function storedIdentity(declaration: ResourceDeclaration, id: string | undefined, known: State): Record<string, string> {
  const identity = (id === undefined ? undefined : matchTemplate(declaration.id.format, id)) ?? {};
  const moved = updateOf(declaration.update).move?.field;
  if (moved !== undefined && typeof known[moved] === "string") identity[moved] = known[moved];
  return { ...pathValues(declaration, known), ...identity };
}

/** The identity known before an object exists: its inputs among the id's parts, and derived values. */
export function newIdentity(declaration: ResourceDeclaration, args: Args): Record<string, string> {
  const values: Record<string, string> = { ...pathValues(declaration, args), ...derivedIdentity(declaration, args) };
  const serverAssigned = declaration.id.serverAssigned ?? [];
  for (const name of placeholders(declaration.id.format)) {
    const value = args[name];
    if (!serverAssigned.includes(name) && typeof value === "string") values[name] = value;
  }
  return values;
}

/** Marks a part not known, kept through percent-encoding. */
const UNSET = "_svcplan_";

/** A path from a template; a part not known (a server-assigned id before create) stays a placeholder. */
export function pathOf(template: string, identity: Readonly<Record<string, string>>): string {
  const known = Object.fromEntries(placeholders(template).map((name) => [name, identity[name] ?? `${UNSET}${name}${UNSET}`]));
  try {
    return shownPath(fillTemplate(template, known)).replace(new RegExp(`${UNSET}(\\w+)${UNSET}`, "g"), "{$1}");
  } catch {
    return template;
  }
}

export function queryOf(values: QueryValues | undefined): Record<string, string> | undefined {
  const entries = Object.entries(values ?? {}).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? undefined : Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/** A request as the report shows it: values masked, empty parts left out. */
export function request(method: PlannedRequest["method"], path: string, parts: Omit<PlannedRequest, "method" | "path"> = {}): PlannedRequest {
  const { query, headers, body, note } = parts;
  return {
    method,
    path,
    ...(query !== undefined && { query }),
    ...(headers !== undefined && { headers }),
    ...(body !== undefined && { body: shown(body) }),
    ...(note !== undefined && { note }),
  };
}

/** A body builder of the declaration, on inputs in which secrets are masked: a builder that cannot work with that says so. */
function built(build: () => unknown): unknown {
  try {
    return build();
  } catch {
    return "(built from the inputs at up; some are secret or not known yet)";
  }
}

function policyRequests(declaration: ResourceDeclaration, identity: Record<string, string>, body: unknown, readBack: boolean): PlannedRequest[] {
  const hook = declaration.hooks?.policy;
  if (hook === undefined) return [];
  const resource = pathOf(hook.resource, identity);
  return [
    request("POST", `${resource}:getIamPolicy`, { note: "reads the policy and its etag" }),
    request("POST", `${resource}:setIamPolicy`, {
      body,
      note: "the policy read, with this change, under its etag (read again and redone when it changed meanwhile)",
    }),
    ...(readBack ? [request("POST", `${resource}:getIamPolicy`, { note: "reads the grant back" })] : []),
  ];
}

/** The create: POST to the collection unless the declaration's create step says otherwise. */
export function createRequests({ declaration, news }: StepFacts): PlannedRequest[] {
  const identity = newIdentity(declaration, news);
  const policy = declaration.hooks?.policy;
  if (policy !== undefined) return policyRequests(declaration, identity, { bindings: built(() => policy.grant([], news)) }, false);
  const step = declaration.steps?.create ?? {};
  const requests: PlannedRequest[] = [];
  if (step.repeat !== "idempotent" && declaration.steps?.findCreated !== undefined) {
    const path = pathOf(declaration.steps.findCreated.path ?? declaration.paths.collection, identity);
    requests.push(request("GET", path, { note: "lists the collection first: the server assigns the id, so a lost answer is settled by comparing listings" }));
  }
  const path = String(
    built(() => {
      const { template, values } = createTemplate(step.path, declaration.paths.collection, news, identity);
      return pathOf(template, values);
    }),
  );
  const body = declaration.toCreateBody === undefined ? undefined : built(() => declaration.toCreateBody?.(news));
  const query = { ...optionQuery(declaration.requestOptions, "create", news), ...fillQuery(step.query, news) };
  requests.push(request(step.method ?? "POST", path, { query: queryOf(query), body }));
  const wait = declaration.steps?.wait;
  if (wait?.after.includes("create") === true && (wait.secondsInput === undefined || typeof news[wait.secondsInput] === "number")) {
    requests.push(request("GET", pathOf(wait.path, { ...identity, id: "{operation}" }), { note: `polled until the work is done (${wait.poll})` }));
  }
  return requests;
}

/** An adoption reads the object; it writes only where mutable properties differ from the program. */
export function adoptRequests({ declaration, news }: StepFacts, importId: string): PlannedRequest[] {
  const formats = [declaration.id.format, ...declaration.id.importFormats];
  const parts = formats.map((format) => matchTemplate(format, importId)).find((found) => found !== undefined) ?? {};
  const identity = { ...newIdentity(declaration, news), ...parts };
  const policy = declaration.hooks?.policy;
  const read =
    policy === undefined ? request("GET", pathOf(declaration.paths.item, identity)) : request("POST", `${pathOf(policy.resource, identity)}:getIamPolicy`);
  return [
    {
      ...read,
      note: "reads the existing object: nothing is created; properties that differ and can change in place are then updated to match the program (no write when they agree)",
    },
  ];
}

/** Whether the engine reads the object back after an update (the answer is not the whole object). */
function readsBack(declaration: ResourceDeclaration): boolean {
  const { steps = {}, hooks = {} } = declaration;
  if (hooks.applyUpdate !== undefined) return false;
  return updateOf(declaration.update).answer === "partial" || steps.wait?.after.includes("update") === true;
}

/** The update: the declaration's update kind, with a body of only what changed. */
export function updateRequests({ declaration, id, olds, news, diff }: StepFacts): PlannedRequest[] {
  if (diff === undefined) return [];
  const identity = { ...storedIdentity(declaration, id, olds), ...pathValues(declaration, news) };
  const local = declaration.localInputs ?? [];
  const moved = updateOf(declaration.update).move?.field;
  const requests: PlannedRequest[] = [];
  if (moved !== undefined && moved in diff.patch.set) {
    const { move } = updateOf(declaration.update);
    if (move !== undefined)
      requests.push(
        request("POST", pathOf(move.path, identity), {
          query: queryOf(fillQuery(move.query, news)),
          note: `moves the object to the new ${moved}, keeping its id`,
        }),
      );
    identity[moved] = String(news[moved]);
  }
  const change = {
    set: Object.fromEntries(Object.entries(diff.patch.set).filter(([field]) => !local.includes(field) && field !== moved)),
    cleared: diff.patch.cleared.filter((field) => !local.includes(field)),
  };
  if (Object.keys(change.set).length === 0 && change.cleared.length === 0) {
    if (requests.length === 0)
      requests.push(
        request("GET", pathOf(declaration.paths.item, identity), { note: "only client-side properties change: no write, the object is read back" }),
      );
    return requests;
  }
  const path = pathOf(declaration.paths.item, identity);
  const policy = declaration.hooks?.policy;
  const update = updateOf(declaration.update).send;
  const patchBody = (): unknown => built(() => defaultPatchBody(change));
  const options = optionQuery(declaration.requestOptions, "update", news);
  if (policy !== undefined) return [...requests, ...policyRequests(declaration, identity, { bindings: built(() => policy.grant([], news)) }, true)];
  if (update === "PUT") requests.push(request("PUT", path, { query: queryOf(options), body: built(() => declaration.toCreateBody?.(news)) }));
  else if (update === "PATCH") requests.push(request("PATCH", path, { query: queryOf(options), body: patchBody() }));
  else if (typeof update === "object" && "patch" in update) {
    const { mask, body } = maskedPatch(declaration, update, change, news, olds);
    requests.push(
      request("PATCH", path, {
        query: { ...queryOf({ ...options, ...fillQuery(update.query, news) }), [update.maskParam ?? "updateMask"]: mask.join(",") },
        body,
      }),
    );
  } else if (typeof update === "object") {
    const etagField = update.putMerged.etagField ?? "etag";
    requests.push(request("GET", path, { note: `reads the live object and its ${etagField}` }));
    requests.push(
      request("PUT", path, {
        query: queryOf({ ...options, ...fillQuery(update.putMerged.query, news) }),
        headers: { "If-Match": `<the ${etagField} read>` },
        body: patchBody(),
        note: "the live object with only these fields changed (a 412 reads it again and merges again)",
      }),
    );
  }
  if (readsBack(declaration)) requests.push(request("GET", path, { note: "reads the object back" }));
  return requests;
}

/** The delete: DELETE of the item unless the declaration's delete step says otherwise; nothing for an API without one. */
export function deleteRequests({ declaration, id, olds }: StepFacts): PlannedRequest[] {
  const identity = storedIdentity(declaration, id, olds);
  const policy = declaration.hooks?.policy;
  if (policy !== undefined) return policyRequests(declaration, identity, { bindings: `without this resource's grant` }, false);
  const step = declaration.steps?.delete ?? {};
  if (abandons(step)) return [];
  const requests: PlannedRequest[] = [];
  const detach = declaration.steps?.detachBeforeDelete;
  if (detach !== undefined && detach.fields.some((field) => Array.isArray(olds[field]) && (olds[field] as unknown[]).length > 0)) {
    requests.push(
      request("PATCH", pathOf(declaration.paths.item, identity), {
        body: Object.fromEntries(detach.fields.map((field) => [field, []])),
        note: "detaches first: the API refuses to delete while they are attached",
      }),
    );
  }
  requests.push(
    request(step.method ?? "DELETE", pathOf(step.path ?? declaration.paths.item, identity), {
      query: queryOf({ ...optionQuery(declaration.requestOptions, "delete", olds), ...fillQuery(step.query, olds) }),
      body: bodyFromState(step.bodyFromState, olds),
      ...(step.at === "channelBase" && { note: "sent to the API's channel base address" }),
    }),
  );
  return requests;
}
