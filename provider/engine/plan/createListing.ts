/**
 * The listing a create of a server-assigned id takes first (`steps.findCreated`): a lost answer is
 * settled by what appeared in it since. Its items are the object's wire form, parsed as it in the
 * listing, or entries of another shape (a calendar's list entries) read as the object.
 */
import { listingRequest } from "../../google/listing";
import type { ResourceDeclaration } from "../declaration/declaration";
import { describedPath } from "./planWrites";
import type { PlannedRequest } from "./entries";

export function createListing(
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
