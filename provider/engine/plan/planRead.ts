/**
 * The read step's requests as data: the GET of the item, a listing the object is found in (each
 * page), the access policy it is part of, or none (the state is what was stored).
 */
import { policyWire } from "../../google/iamPolicy";
import type { ResourceDeclaration } from "../declaration/declaration";
import { fillTemplate } from "../declaration/template";
import type { PlannedRequest } from "./entries";

type Identity = Readonly<Record<string, string>>;

/** The GET of the item, its answer parsed by the wire schema in the call path. */
export function itemRead(declaration: ResourceDeclaration, identity: Identity): PlannedRequest {
  return { method: "GET", path: fillTemplate(declaration.paths.item, identity), schema: declaration.wire };
}

/** What a read of one object sends (a read that comes with others of a shared listing is one listing for all). */
export function planRead(declaration: ResourceDeclaration, identity: Identity): PlannedRequest[] {
  const policy = declaration.hooks?.policy;
  if (policy !== undefined) {
    const resource = fillTemplate(policy.resource, identity);
    return [{ method: "POST", path: `${resource}:getIamPolicy`, body: { options: { requestedPolicyVersion: 3 } }, repeat: "read", schema: policyWire }];
  }
  const read = declaration.steps?.read;
  if (read === "stored" || (read !== undefined && "storedUntil" in read)) return [];
  if (read !== undefined && "list" in read) {
    return [
      { method: "GET", path: fillTemplate(read.list.path, identity), ...(read.list.field !== undefined && { sent: "pages" as const, note: "every page" }) },
    ];
  }
  return [itemRead(declaration, identity)];
}
