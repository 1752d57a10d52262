/**
 * Every declared resource, by type key (`<module>:<Name>`). The list is generated from the API
 * folders (`provider/declarations.ts`, `npm run generate`): a resource is known by its declaration.
 */
import { type ResourceDeclaration, typeKey } from "./engine/declaration/declaration";
import { declarations } from "./declarations";

export { declarations };

const byKey: ReadonlyMap<string, ResourceDeclaration> = new Map(declarations.map((declaration) => [typeKey(declaration), declaration]));

export function declarationFor(key: string): ResourceDeclaration {
  const declaration = byKey.get(key);
  if (declaration === undefined) throw new Error(`pulumi-svc: no resource type ${key} (known: ${[...byKey.keys()].join(", ")})`);
  return declaration;
}

/** The APIs with a collection read through a shared listing: only their writes can change one (engine/batching/listings.ts). */
export const apisWithSharedListings: ReadonlySet<string> = new Set(
  declarations.filter(({ steps }) => typeof steps?.read === "object" && "sharedListing" in steps.read).map((declaration) => declaration.api),
);
