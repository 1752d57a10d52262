/**
 * Record sets another tool claims (its ownership marker, dns/owners.ts) as a record set's plan and
 * adoption see them: the zone's listing read once a run before a create, refusing a claimed set;
 * and the claims of a listing svc-import adopts from, worked out once for all its items.
 */
import { listingRequest } from "../../../google/listing";
import type { Listed } from "../../../engine/declaration/adoption";
import { fillTemplate } from "../../../engine/declaration/template";
import type { ReadEntry } from "../../../engine/kinds";
import { DNS_PAGING } from "../service";
import { claimedWords, claimOn, claimsOf, type Claims } from "../owners";
import { COLLECTION, recordSetWire, type WireRecordSet } from "./wire";

/** The claims of a listing's markers, worked out once for all its items. */
export function claimsOfListing(listed: Listed): Claims {
  const found = (listed.worked.get("claims") as Claims | undefined) ?? claimsOf(listed.items as unknown as WireRecordSet[]);
  listed.worked.set("claims", found);
  return found;
}

/** The zone's record sets, read once a run: a set another tool's ownership marker claims fails its create before any write. */
export function claimsCheck(
  args: { readonly name: string; readonly type: string; readonly takeOver?: boolean | undefined },
  identity: Readonly<Record<string, string>>,
): ReadEntry {
  const listing = listingRequest(fillTemplate(COLLECTION, identity), "rrsets", { ...DNS_PAGING, pageSize: 1000 }, recordSetWire, {
    note: "once a run for the zone: the ownership markers of other tools that share it (external-dns, octoDNS)",
  });
  return {
    kind: "read",
    via: { list: { ...listing, once: true }, pick: { match: () => true, whole: true } },
    note: "once a run for the zone: a record set another tool claims is not made here",
    refuse: (items) => {
      if (args.takeOver === true || !Array.isArray(items)) return undefined;
      const claim = claimOn(claimsOf(items as WireRecordSet[]), args.name, args.type);
      return claim === undefined
        ? undefined
        : `svc.dns.RecordSet: ${claimedWords(args.name, args.type, claim, "`takeOver: true` on this record set")} Nothing was created.`;
    },
  };
}
