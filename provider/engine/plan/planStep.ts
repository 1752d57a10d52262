/**
 * The plan of one step of one resource as the engine runs it: create (after the listing that
 * settles a lost create of a server-assigned id), adoption by import, update (with a move and the
 * read back when the answer is not the object), delete, read. What `svc-plan` prints, and what the
 * conformance run checks against the requests the emulator saw. Pure: nothing is sent.
 */
import type { Args, ResourceDeclaration, State } from "../declaration/declaration";
import { derivedIdentity, pathValues } from "../declaration/derived";
import type { ArgsDiff } from "../lifecycle/diff";
import { updateOf } from "../declaration/steps";
import { matchAny, matchTemplate, placeholders } from "../declaration/template";
import { read, send, type PlanEntry, type PlannedRequest, type ReadEntry, type SendEntry } from "./entries";
import { itemRead, planRead } from "./planRead";
import { describedPath, planCreate, planDelete, planMove, planUpdate, UNSET } from "./planWrites";

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
  const { send, answer } = updateOf(declaration.update);
  if (send === "policy") return true;
  if (send === "planned") return false;
  return answer === "partial" || steps.wait?.after.includes("update") === true;
}

/** The listing a create of a server-assigned id takes first, to settle a lost answer by comparing listings. */
function findCreated(declaration: ResourceDeclaration, identity: Readonly<Record<string, string>>): PlannedRequest | undefined {
  const find = declaration.steps?.findCreated;
  if (find === undefined || (declaration.id.serverAssigned ?? []).length === 0) return undefined;
  return {
    method: "GET",
    path: describedPath(find.path ?? declaration.paths.collection, identity),
    ...(find.field !== undefined && { sent: "pages" as const }),
    note: "lists the collection first: the server assigns the id, so a lost answer is settled by comparing listings",
  };
}

/**
 * The create with its reconciliation: for an id the inputs name, a read first when this stack's
 * interrupted run sent it, and a read that settles a lost answer; for a server-assigned id, the
 * listing before and the listing again that settles a lost answer by what appeared.
 */
function createStep(declaration: ResourceDeclaration, news: Args, identity: Record<string, string>): PlanEntry[] {
  const writes = planCreate(declaration, news, identity);
  const listing = findCreated(declaration, identity);
  if (listing !== undefined) {
    const before: SendEntry = { kind: "send", request: listing, listsCreated: true };
    return [before, ...writes, read([listing], "a lost answer: lists again; the one new object that is what was asked for is adopted", "outcomeUnknown")];
  }
  if ((declaration.id.serverAssigned ?? []).length > 0) return writes;
  const object = planRead(declaration, identity);
  return [
    read(object, "this stack's interrupted run sent this create (its ownership record names the id): what it made is adopted, not made again", "earlierRun"),
    ...writes,
    read(object, "a lost answer: reads the object; as asked for, it is adopted; absent, the create goes again", "outcomeUnknown"),
  ];
}

/** A create's plan in its parts, as the engine's reconciliation runs them (creates.ts). */
export interface CreateParts {
  readonly readFirst?: ReadEntry;
  readonly listing?: PlannedRequest;
  readonly writes: readonly PlanEntry[];
  readonly settle?: ReadEntry;
}

export function createParts(entries: readonly PlanEntry[]): CreateParts {
  let parts: { readFirst?: ReadEntry; listing?: PlannedRequest; settle?: ReadEntry } = {};
  const writes: PlanEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === "read" && entry.when === "earlierRun") parts = { ...parts, readFirst: entry };
    else if (entry.kind === "read" && entry.when === "outcomeUnknown") parts = { ...parts, settle: entry };
    else if (entry.kind === "send" && entry.listsCreated === true) parts = { ...parts, listing: entry.request };
    else writes.push(entry);
  }
  return { ...parts, writes };
}

/** The update step: a move, the change (local inputs left out), and the read back where the answer is not the object. */
function updateStep({ declaration, id, olds, news, diff, identity: known }: StepFacts): PlanEntry[] {
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
  const object = planRead(declaration, identity);
  const readBack = read(object, declaration.hooks?.policy === undefined ? "reads the object back" : "reads the grant back");
  if (Object.keys(change.set).length === 0 && change.cleared.length === 0) {
    // Only client-side inputs (or the place) change: no write; the object is read back at its place.
    return entries.length > 0 ? [...entries, readBack] : [read(object, "only client-side properties change: no write, the object is read back")];
  }
  // An answer declared the whole object that turns out not to be is read back all the same.
  const last = readsBack(declaration) ? readBack : read(object, "the update's answer was not the whole object: reads it back", "answerNotObject");
  return [...entries, ...planUpdate(declaration, change, news, identity, olds), last];
}

/** The plan of `step`, as the engine runs it when nothing fails. */
export function planStep(step: PlannedStep, facts: StepFacts): PlanEntry[] {
  const { declaration, id, olds, news } = facts;
  switch (step) {
    case "create":
      return createStep(declaration, news, { ...newIdentity(declaration, news), ...facts.identity });
    case "adopt": {
      const parts = matchAny([declaration.id.format, ...declaration.id.importFormats], facts.importId ?? "") ?? {};
      const identity = facts.identity ?? { ...newIdentity(declaration, news), ...parts };
      const note =
        "reads the existing object: nothing is created; properties that differ and can change in place are then updated to match the program (no write when they agree)";
      return [read(planRead(declaration, identity), note)];
    }
    case "update":
      return updateStep(facts);
    case "delete":
      return planDelete(declaration, olds, facts.identity ?? storedIdentity(declaration, id, olds));
    case "read":
      return [read(planRead(declaration, facts.identity ?? storedIdentity(declaration, id, news)), "reads the object; it is not managed")];
  }
}
