/**
 * Path and id parts computed from the inputs (`derived` in a declaration):
 * which input names the parent, the API version. Id parts among them are part
 * of the identity; the others are filled into paths from what is known (the
 * inputs on create and update, the stored state on read and delete).
 */
import type { Args, ResourceDeclaration } from "./declaration";
import { excerpt } from "./excerpt";
import { placeholders } from "./template";

type Known = Readonly<Record<string, unknown>>;

/** The derived parts of the id, from the inputs; a part the inputs do not give is left out. */
export function derivedIdentity(declaration: ResourceDeclaration, args: Known): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of placeholders(declaration.id.format)) {
    const value = declaration.derived?.[name]?.from(args);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** The derived parts used only in paths (not in the id), from what is known. */
export function pathValues(declaration: ResourceDeclaration, known: Known): Record<string, string> {
  const inId = new Set(placeholders(declaration.id.format));
  const values: Record<string, string> = {};
  for (const [name, derived] of Object.entries(declaration.derived ?? {})) {
    if (inId.has(name)) continue;
    const value = derived.from(known);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

export function isDerived(declaration: ResourceDeclaration, name: string): boolean {
  return declaration.derived?.[name] !== undefined;
}

/** Why a derived part parsed from an id is not of its form; undefined when it is. */
export function derivedProblem(declaration: ResourceDeclaration, name: string, value: string): string | undefined {
  const derived = declaration.derived?.[name];
  if (derived === undefined || derived.pattern.test(value)) return undefined;
  return `must be ${derived.accepted}; got ${excerpt(value)}`;
}

/** Derived id parts an import id names that disagree with the inputs. */
export function derivedDisagreements(declaration: ResourceDeclaration, identity: Readonly<Record<string, string>>, args: Args): string[] {
  const fromArgs = derivedIdentity(declaration, args);
  return Object.entries(fromArgs)
    .filter(([name, value]) => identity[name] !== undefined && identity[name] !== value)
    .map(([name, value]) => `${name} "${identity[name]}" (the program gives "${value}")`);
}
