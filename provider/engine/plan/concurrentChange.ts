/**
 * An update the service refused because the object changed since it was read
 * (an etag mismatch): what changed meanwhile, and whether the update still
 * applies cleanly (nobody else touched what it changes, or changed it to what
 * the program wants). Pure: the engine reads the object again and decides (planStep.ts).
 */
import type { Args, PatchChange, ResourceDeclaration, State } from "../declaration/declaration";
import { comparisonFor } from "./diff";

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
