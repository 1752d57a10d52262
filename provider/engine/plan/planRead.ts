/**
 * The read step's requests as data: the GET of the item, a listing the object is found in (each
 * page), the GET or with other reads of its collection one shared listing, the access policy it is
 * part of, or none (the state is what was stored).
 */
import { policyWire } from "../../google/iamPolicy";
import { listingRequest } from "../../google/listing";
import type { ResourceDeclaration } from "../declaration/declaration";
import { fillTemplate } from "../declaration/template";
import type { PlannedRequest, ReadVia } from "./entries";

type Identity = Readonly<Record<string, string>>;

/** The GET of the item, its answer parsed by the wire schema in the call path. */
export function itemRead(declaration: ResourceDeclaration, identity: Identity): PlannedRequest {
  return { method: "GET", path: fillTemplate(declaration.paths.item, identity), schema: declaration.wire };
}

/** The read of an access policy, as a read sent as POST. */
export function policyRead(resource: string): PlannedRequest {
  return { method: "POST", path: `${resource}:getIamPolicy`, body: { options: { requestedPolicyVersion: 3 } }, repeat: "read", schema: policyWire };
}

/** How one object is read (`known`: its inputs or stored state, which a policy's grant and a stored read take their values from). */
export function readVia(declaration: ResourceDeclaration, identity: Identity, known: Readonly<Record<string, unknown>> = {}): ReadVia {
  const policy = declaration.hooks?.policy;
  if (policy !== undefined) {
    const all = { ...known, ...identity };
    return { policy: policyRead(fillTemplate(policy.resource, identity)), find: (bindings) => policy.find(bindings, all) };
  }
  const read = declaration.steps?.read;
  if (read === "stored") return { stored: true };
  if (read !== undefined && "storedUntil" in read) return { stored: true, until: read.storedUntil };
  if (read !== undefined && "list" in read) {
    const { list } = read;
    return { list: listingRequest(fillTemplate(list.path, identity), list.field, list.paging, list.entry, { note: "every page" }), pick: list };
  }
  if (read !== undefined && "sharedListing" in read) {
    const list = read.sharedListing;
    const shared = listingRequest(fillTemplate(list.path, identity), list.field, list.paging, list.entry, {
      note: "with the other reads of the collection that come at the same time (a refresh): one listing for all",
    });
    return { item: itemRead(declaration, identity), shared, pick: list };
  }
  return { item: itemRead(declaration, identity) };
}
