/**
 * The live zone a file is compared with: its listing (one request per 1,000 record sets, as a
 * svc.dns.ZoneRecords reads it), its DNS name (its apex SOA's), what an import by id would hold,
 * and how the file's record sets differ from it: what the first preview after the import shows.
 */
import { zoneRecords } from "../../../provider/apis/dns/zoneRecords";
import { dnsNameOfListing, recordChanges, type RecordsMap } from "../../../provider/apis/dns/zoneRecords/model";
import { keyParts } from "../../../provider/apis/dns/zoneRecords/storedForm";
import { COLLECTION, recordSetWire, type WireRecordSet } from "../../../provider/apis/dns/recordSets/wire";
import { DNS_PAGING } from "../../../provider/apis/dns/service";
import { fillTemplate } from "../../../provider/engine/declaration/template";
import { sendPlanned } from "../../../provider/engine/executor/context";
import { callContext } from "../../../provider/engine/functions/readFunction";
import { listingRequest } from "../../../provider/google/listing";
import { ApiError } from "../../../provider/http/answer";
import type { ProviderRuntime } from "../../../provider/runtime";

export interface LiveZone {
  readonly dnsName: string;
  readonly rrsets: readonly WireRecordSet[];
}

/** The zone's record sets (through the executor in the process's runtime, each parsed once as its page is read), or undefined when the project has no such zone. */
export async function listZone(runtime: ProviderRuntime, project: string, zone: string): Promise<LiveZone | undefined> {
  const path = fillTemplate(COLLECTION, { project, managedZone: zone });
  const context = callContext(runtime, "dns", { step: "listing", resource: `svc-import ${path}` }, () => undefined);
  try {
    const request = listingRequest(path, "rrsets", { ...DNS_PAGING, pageSize: 1000 }, recordSetWire);
    const rrsets = (await sendPlanned(request, context)) as WireRecordSet[];
    const dnsName = dnsNameOfListing(rrsets);
    if (dnsName === undefined) throw new Error(`the zone ${zone}'s listing has no apex SOA record set, so its DNS name is unknown`);
    return { dnsName, rrsets };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** The stored records map of record sets, as a ZoneRecords' import by id holds them (not the zone's own, another tool's or a routed set). */
export const recordsOf = (dnsName: string, rrsets: readonly WireRecordSet[]): RecordsMap =>
  zoneRecords.toState({ dnsName, rrsets: [...rrsets] }, {})["records"] as RecordsMap;

/** One record set that differs: its name and type, its line in the file, its data in each (`"<ttl> <data> | <data>"`). */
export interface SetDifference {
  readonly set: string;
  readonly line?: number;
  readonly file?: string;
  readonly live?: string;
}

export interface Comparison {
  readonly same: number;
  readonly fileOnly: readonly SetDifference[];
  readonly liveOnly: readonly SetDifference[];
  readonly different: readonly SetDifference[];
}

/** The file's records against the live zone's, record data compared as a ZoneRecords compares it (canonical forms, names in any case). */
export function compareWithLive(file: RecordsMap, live: RecordsMap, lines: ReadonlyMap<string, number>): Comparison {
  const fileOnly: SetDifference[] = [];
  const liveOnly: SetDifference[] = [];
  const different: SetDifference[] = [];
  for (const change of recordChanges(live, file)) {
    const key = JSON.parse(change.path.slice("records[".length, -1)) as string;
    const { relative, type } = keyParts(key);
    const set = `${relative} ${type}`;
    const line = lines.get(`${relative.toLowerCase()} ${type}`);
    const at = line === undefined ? {} : { line };
    if (change.kind === "add") fileOnly.push({ set, ...at, ...(change.new !== undefined && { file: change.new }) });
    else if (change.kind === "delete") liveOnly.push({ set, ...(change.old !== undefined && { live: change.old }) });
    else different.push({ set, ...at, ...(change.new !== undefined && { file: change.new }), ...(change.old !== undefined && { live: change.old }) });
  }
  return { same: Object.keys(file).length - fileOnly.length - different.length, fileOnly, liveOnly, different };
}
