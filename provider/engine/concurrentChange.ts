/**
 * An update the service refused because the object changed since it was read
 * (an etag mismatch): what changed meanwhile, and whether the update still
 * applies cleanly (nobody else touched what it changes, or changed it to what
 * the program wants). Pure: the engine reads the object again and decides.
 */
import type { Args, PatchChange, ResourceDeclaration, State } from "./declaration";
import { comparisonFor } from "./equality";
import { ApiError } from "../http/errors";
import { updateOf } from "./steps";

/** How many times an update under an etag is sent when the object keeps changing meanwhile. */
const ETAG_ATTEMPTS = 3;

export interface ConcurrentChange {
  /** Inputs whose value at the service differs from what the stack last saw. */
  readonly drifted: string[];
  /** Those of them this update changes, to something else than what the service now has. */
  readonly conflicts: string[];
}

export function concurrentChange(declaration: ResourceDeclaration, change: PatchChange<Args>, stored: State, live: State, args: Args): ConcurrentChange {
  const same = (field: string, a: unknown, b: unknown): boolean => comparisonFor(declaration.equal?.[field])(a, b, args);
  const drifted = Object.keys(declaration.args.shape).filter((field) => !same(field, live[field], stored[field]));
  const changes = [...Object.keys(change.set), ...change.cleared];
  return { drifted, conflicts: changes.filter((field) => drifted.includes(field) && !same(field, live[field], args[field])) };
}

/** The failure when another change is in the way: each property with its three values, and what to do. */
export function conflictError(label: string, conflicts: readonly string[], stored: State, live: State, args: Args): Error {
  const detail = conflicts
    .map(
      (field) =>
        `${field}: the stack last saw ${JSON.stringify(stored[field])}, the service now has ${JSON.stringify(live[field])}, the program wants ${JSON.stringify(args[field])}`,
    )
    .join("; ");
  return new Error(
    `${label} was changed outside this stack since it was last read (the service refused the update: etag mismatch), ` +
      `in what this update changes: ${detail}. Nothing was written. Run \`pulumi refresh\` to take in the service's values, ` +
      `then \`pulumi up\` to apply the program's.`,
  );
}

export interface GuardedUpdate {
  readonly declaration: ResourceDeclaration;
  /** e.g. `svc.quotas.QuotaPreference <id>`. */
  readonly label: string;
  /** Sends the update with the etag of `stored`. */
  readonly send: (stored: State) => Promise<unknown>;
  /** Reads the object again (undefined: gone). */
  readonly reread: () => Promise<State | undefined>;
  readonly log: (message: string) => void;
}

/** One write guarded by an etag, as `underEtag` repeats it. */
export interface EtagLoop<T> {
  /** Sends the write (reading what it needs first); a refusal `isConflict` names is retried. */
  readonly send: () => Promise<T>;
  /** Whether a refusal means the object changed since its etag was read (409 or 412, as the API says it). */
  readonly isConflict: (error: ApiError) => boolean;
  /**
   * After a conflict: reads the object again and throws when the write no longer applies; `last`
   * when no attempt is left (the conflict is then reported as it is).
   */
  readonly recover: (attempt: number, last: boolean) => Promise<void>;
  readonly attempts: number;
}

/** The one etag-retry loop: every write under an etag (a masked PATCH, a merged PUT) goes through it. */
export async function underEtag<T>(loop: EtagLoop<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await loop.send();
    } catch (error) {
      if (!(error instanceof ApiError) || !loop.isConflict(error)) throw error;
      const last = attempt >= loop.attempts;
      await loop.recover(attempt, last);
      if (last) throw error;
    }
  }
}

/**
 * Sends an update; under an etag, a 409 (changed meanwhile) reads the object again: when the
 * change still applies cleanly it goes again under the new etag (bounded); otherwise it fails
 * naming each property, never overwriting the other change blindly. Other refusals are
 * explained by the declaration's explainRefusal where it knows them.
 */
export async function sendUnderEtag(update: GuardedUpdate, change: PatchChange<Args>, args: Args, previous: State): Promise<unknown> {
  const { declaration, label } = update;
  const kind = updateOf(declaration.update).send;
  const etagField = typeof kind === "object" && "patch" in kind ? kind.etagField : undefined;
  const isConflict = (error: ApiError): boolean => etagField !== undefined && error.status === 409;
  let stored = previous;
  return underEtag({
    attempts: ETAG_ATTEMPTS,
    isConflict,
    send: async () => {
      try {
        return await update.send(stored);
      } catch (error) {
        if (error instanceof ApiError && !isConflict(error) && error.outcome === "rejected") {
          throw declaration.hooks?.explainRefusal?.(error, args, "update") ?? error;
        }
        throw error;
      }
    },
    recover: async (_attempt, last) => {
      const live = await update.reread();
      if (live === undefined) throw new Error(`${label} disappeared during the update`);
      const { drifted, conflicts } = concurrentChange(declaration, change, stored, live, args);
      if (conflicts.length > 0) throw conflictError(label, conflicts, stored, live, args);
      if (last) return;
      update.log(
        `svc: ${label} was changed outside this stack since it was last read (etag mismatch${drifted.length > 0 ? `: ${drifted.join(", ")}` : ""}); ` +
          `${[...Object.keys(change.set), ...change.cleared].join(", ")} still apply cleanly, so the update is sent again under the new etag.`,
      );
      stored = live;
    },
  });
}
