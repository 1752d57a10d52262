/**
 * The plan of one step of one resource, as the engine runs it: create (with its reconciliation),
 * adoption by import (and the update that converges it), update (with a move, a write under the
 * stored etag and the read back when the answer is not the object), delete, read. What the engine
 * runs, what `svc-plan` prints, and what the conformance run holds the requests sent to. Pure:
 * nothing is sent.
 */
import type { Args, ResourceDeclaration, State } from "../declaration/declaration";
import { derivedIdentity, pathValues, fillTemplate, formatId, matchAny, matchTemplate, placeholders } from "../declaration/template";
import { updateOf } from "../declaration/steps";
import { diffArgs, type ArgsDiff } from "./diff";
import { concurrentChange, conflictError } from "./concurrentChange";
import type { AdoptEntry, PlanEntry, PlannedRequest, ReadEntry, ReconcileEntry } from "../kinds";
import { listingRequest } from "../../google/listing";
import { describedPath, itemRead, planCreate, planDelete, planMove, planUpdate, read, readVia, send, UNSET } from "./planRequests";

export type PlannedStep = "create" | "adopt" | "update" | "delete" | "read";

export interface StepFacts {
  readonly declaration: ResourceDeclaration;
  /** The object's id, when it exists. */
  readonly id?: string | undefined;
  /** The stored state (the old outputs). */
  readonly olds: State;
  /** The new inputs, as the provider's check left them. */
  readonly news: Args;
  readonly diff?: (Pick<ArgsDiff, "patch"> & Partial<ArgsDiff>) | undefined;
  /** For an adoption: the import id. */
  readonly importId?: string | undefined;
  /** The object's identity as the engine knows it (its id's parts, path values); else worked out from the id and the state. */
  readonly identity?: Readonly<Record<string, string>> | undefined;
}

/** A path as a reader sees it: a part not known yet is a placeholder again (`{keyId}`). */
export function readerPath(path: string): string {
  return path.replace(new RegExp(`${UNSET}(\\w+)${UNSET}`, "g"), "{$1}");
}

const label = (declaration: ResourceDeclaration): string => `svc.${declaration.module}.${declaration.name}`;

/** The identity of a stored object: its id's parts, an input that moves it as the state says, and derived path values. */
export function storedIdentity(declaration: ResourceDeclaration, id: string | undefined, known: State): Record<string, string> {
  const identity = (id === undefined ? undefined : matchTemplate(declaration.id.format, id)) ?? {};
  const moved = updateOf(declaration.update).move?.field;
  if (moved !== undefined && typeof known[moved] === "string") identity[moved] = known[moved];
  return { ...pathValues(declaration, known), ...identity };
}

/** The identity known before an object exists: its inputs among the id's parts, derived values, and placeholders for the rest. */
export function newIdentity(declaration: ResourceDeclaration, args: Args): Record<string, string> {
  const values: Record<string, string> = { ...pathValues(declaration, args), ...derivedIdentity(declaration, args) };
  for (const name of placeholders(declaration.id.format)) {
    const value = args[name];
    values[name] ??= typeof value === "string" && !(declaration.id.serverAssigned ?? []).includes(name) ? value : `${UNSET}${name}${UNSET}`;
  }
  return values;
}

/** Whether the engine reads the object back after an update: the answer does not show the whole object. */
export function readsBack(declaration: ResourceDeclaration): boolean {
  const { steps = {} } = declaration;
  const { send: sent, answer } = updateOf(declaration.update);
  if (sent === "policy") return true;
  if (sent === "planned") return false;
  return answer === "partial" || steps.wait?.after.includes("update") === true;
}

/**
 * After an adoption's read: the update that converges the object with the program, or why it cannot
 * be adopted (an input that cannot change in place differs), or nothing when they agree.
 */
function converge(declaration: ResourceDeclaration, id: string, importId: string, args: Args, identity: Readonly<Record<string, string>>): AdoptEntry["then"] {
  return (existing) => {
    const difference = diffArgs(declaration, existing, { ...args, ...identity });
    const fixed = updateOf(declaration.update).send === "none" ? difference.changed : difference.replaces;
    if (fixed.length > 0) {
      const detail = fixed.map((field) => `${field}: existing ${JSON.stringify(existing[field])}, program ${JSON.stringify(args[field])}`).join("; ");
      return {
        refuse:
          `${label(declaration)}: cannot import "${importId}": these properties cannot change in place and differ (${detail}). ` +
          "Change the program to match the existing object.",
      };
    }
    if (difference.changed.length === 0) return undefined;
    return {
      changed: difference.changed,
      update: updateStep({ declaration, id, olds: existing, news: { ...args, ...identity }, diff: { patch: difference.patch }, identity }),
    };
  };
}

/**
 * The listing a create of a server-assigned id takes first (`steps.findCreated`): a lost answer is
 * settled by what appeared in it since. Its items are the object's wire form, parsed as it in the
 * listing, or entries of another shape (a calendar's list entries) read as the object.
 */
function createListing(
  declaration: ResourceDeclaration,
  identity: Readonly<Record<string, string>>,
): { readonly request: PlannedRequest; readonly listedAs: "wire" | "other" } | undefined {
  const find = declaration.steps?.findCreated;
  if (find === undefined || (declaration.id.serverAssigned ?? []).length === 0) return undefined;
  const path = describedPath(find.path ?? declaration.paths.collection, identity);
  const request = listingRequest(path, find.field, find.omitsEmptyList === true ? { omitsEmptyList: true } : {}, find.entry ?? declaration.wire, {
    note: "lists the collection first: the server assigns the id, so a lost answer is settled by comparing listings",
  });
  return { request, listedAs: find.entry === undefined ? "wire" : "other" };
}

/**
 * The create with its reconciliation: for an id the inputs name, a read first when this stack's
 * interrupted run sent it, and a read that settles a lost answer; for a server-assigned id, the
 * listing before and the listing again that settles a lost answer by what appeared.
 */
function createStep(declaration: ResourceDeclaration, news: Args, identity: Record<string, string>): PlanEntry[] {
  const { writes, toWire } = planCreate(declaration, news, identity);
  const serverAssigned = (declaration.id.serverAssigned ?? []).length > 0;
  const id = serverAssigned ? "(assigned by the service)" : formatId(declaration.id.format, identity);
  const adopt = converge(declaration, id, id, news, identity);
  const base = {
    kind: "reconcile" as const,
    args: news,
    create: writes,
    adopt,
    ...(toWire !== undefined && { toWire }),
    ...(serverAssigned && { assigned: true as const }),
  };
  const listing = createListing(declaration, identity);
  if (listing !== undefined) {
    const entry: ReconcileEntry = {
      ...base,
      lock: `${label(declaration)} ${fillTemplate(declaration.paths.collection, identity)}`,
      listBefore: listing.request,
      listedAs: listing.listedAs,
      ...(declaration.steps?.create?.repeat === "idempotent" && { repeatable: true as const }),
    };
    return [entry];
  }
  if (serverAssigned) return [base];
  const object = readVia(declaration, identity, news);
  return [
    {
      ...base,
      readFirst: read(object, "this stack's interrupted run sent this create (its ownership record names the id): what it made is adopted, not made again"),
      settle: read(object, "a lost answer: reads the object; as asked for, it is adopted; absent, the create goes again"),
    },
  ];
}

/** The adoption: the object read; then, when it differs in what can change in place, the update. */
function adoptStep(facts: StepFacts): AdoptEntry {
  const { declaration, news } = facts;
  const importId = facts.importId ?? "";
  const parts = matchAny([declaration.id.format, ...declaration.id.importFormats], importId) ?? {};
  const identity = facts.identity ?? { ...newIdentity(declaration, news), ...parts };
  const id = formatId(declaration.id.format, identity);
  // With no update at all (every change replaces) the adoption sends none; any other update is planned, and one that cannot be fails here.
  const mutable = Object.fromEntries(Object.entries(news).filter(([field]) => !declaration.immutable.includes(field)));
  const atMost: readonly PlanEntry[] =
    updateOf(declaration.update).send === "none"
      ? []
      : updateStep({ declaration, id, olds: {}, news, diff: { patch: { set: mutable, cleared: [] } }, identity });
  return {
    kind: "adopt",
    id,
    args: news,
    read: read(
      readVia(declaration, identity, news),
      "reads the existing object: nothing is created; properties that differ and can change in place are then updated to match the program (no write when they agree)",
    ),
    absent: `${label(declaration)}: cannot import "${importId}": no such object exists (${id}). Remove the import option to create it.`,
    then: converge(declaration, id, importId, news, identity),
    atMost,
  };
}

/** The update step: a move, the change (local inputs left out), and the read back where the answer is not the object. */
function updateStep(facts: StepFacts): PlanEntry[] {
  const { declaration, id, olds, news, diff, identity: known } = facts;
  if (diff === undefined) return [];
  const identity = { ...(known ?? storedIdentity(declaration, id, olds)), ...pathValues(declaration, news) };
  const local = declaration.localInputs ?? [];
  const moved = updateOf(declaration.update).move?.field;
  const entries: PlanEntry[] = [];
  if (moved !== undefined && moved in diff.patch.set) {
    const move = planMove(declaration, news, identity);
    identity[moved] = String(news[moved]);
    const there = `the answer to the move was lost or unreadable; the object is at ${moved} ${identity[moved]}`;
    if (move !== undefined) entries.push({ ...send(move), whenLost: { ...itemRead(declaration, identity), note: there } });
  }
  const change = {
    set: Object.fromEntries(Object.entries(diff.patch.set).filter(([field]) => !local.includes(field) && field !== moved)),
    cleared: diff.patch.cleared.filter((field) => !local.includes(field)),
  };
  const object = readVia(declaration, identity, news);
  const readBack = read(object, declaration.hooks?.policy === undefined ? "reads the object back" : "reads the grant back");
  if (Object.keys(change.set).length === 0 && change.cleared.length === 0) {
    // Only client-side inputs (or the place) change: no write; the object is read back at its place.
    return entries.length > 0 ? [...entries, readBack] : [read(object, "only client-side properties change: no write, the object is read back")];
  }
  const writes = planUpdate(declaration, change, news, identity, olds).map((entry) => underEtag(entry, facts, change, identity));
  // An answer declared the whole object that turns out not to be is read back all the same.
  const last: ReadEntry = readsBack(declaration) ? readBack : read(object, "the update's answer was not the whole object: reads it back", "answerNotObject");
  return [...entries, ...writes, last];
}

/**
 * An update-mask PATCH that carries the stored etag: a 409 reads the object again, and the write goes
 * on, planned anew from what is live, only when the change still applies cleanly.
 */
function underEtag(entry: PlanEntry, facts: StepFacts, change: ArgsDiff["patch"], identity: Readonly<Record<string, string>>): PlanEntry {
  const { declaration, news } = facts;
  const update = updateOf(declaration.update).send;
  if (entry.kind !== "send" || typeof update !== "object" || !("patch" in update) || update.etagField === undefined) return entry;
  const name = `${label(declaration)} ${facts.id ?? formatId(declaration.id.format, identity)}`;
  let stored = facts.olds;
  return {
    ...entry,
    underEtag: {
      label: name,
      reread: read(readVia(declaration, identity, news), "the object changed since it was read (etag): reads it again"),
      replan: (live, last) => {
        const { drifted, conflicts } = concurrentChange(declaration, change, stored, live, news);
        if (conflicts.length > 0) return conflictError(name, conflicts, stored, live, news);
        stored = live;
        const again = planUpdate(declaration, change, news, identity, live).find((candidate) => candidate.kind === "send");
        if (again?.kind !== "send") return new Error(`${name}: the update has no request to send again`);
        const said = last
          ? ""
          : `svc: ${name} was changed outside this stack since it was last read (etag mismatch${drifted.length > 0 ? `: ${drifted.join(", ")}` : ""}); ` +
            `${[...Object.keys(change.set), ...change.cleared].join(", ")} still apply cleanly, so the update is sent again under the new etag.`;
        return { request: again.request, said };
      },
    },
  };
}

/** The plan of `step`, as the engine runs it when nothing fails. */
export function planStep(step: PlannedStep, facts: StepFacts): PlanEntry[] {
  const { declaration, id, olds, news } = facts;
  switch (step) {
    case "create":
      return createStep(declaration, news, { ...newIdentity(declaration, news), ...facts.identity });
    case "adopt":
      return [adoptStep(facts)];
    case "update":
      return updateStep(facts);
    case "delete":
      return planDelete(declaration, olds, facts.identity ?? storedIdentity(declaration, id, olds));
    case "read": {
      const identity = facts.identity ?? storedIdentity(declaration, id, news);
      return [read(readVia(declaration, identity, { ...olds, ...news }), "reads the object; it is not managed")];
    }
  }
}
