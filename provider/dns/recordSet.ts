/** `svc.dns.RecordSet`: the records of one name and type in a managed zone. */
import { z } from "zod";
import { declare } from "../engine/declaration";
import { fqdn, projectId, zoneName } from "./names";
import { sameRrdatas } from "./rrdata";
import { API_PREFIX } from "./wire";

export const RECORD_TYPES = [
  "A", "AAAA", "CAA", "CNAME", "DNSKEY", "DS", "HTTPS", "IPSECKEY", "MX", "NAPTR", "NS", "PTR",
  "SOA", "SPF", "SRV", "SSHFP", "SVCB", "TLSA", "TXT",
] as const;

export const recordSetArgs = z.object({
  project: projectId.optional(),
  managedZone: zoneName,
  name: fqdn,
  type: z.enum(RECORD_TYPES, {
    error: (issue) => `must be a record type, one of ${RECORD_TYPES.join(", ")}; got ${JSON.stringify(issue.input)}`,
  }),
  ttl: z
    .number({ error: (issue) => `must be a whole number of seconds; got ${JSON.stringify(issue.input)}` })
    .int({ error: (issue) => `must be a whole number of seconds; got ${JSON.stringify(issue.input)}` })
    .min(0, { error: (issue) => `must be a whole number of seconds from 0 to 2147483647; got ${JSON.stringify(issue.input)}` })
    .max(2147483647, { error: (issue) => `must be at most 2147483647 seconds; got ${JSON.stringify(issue.input)}` })
    .default(300),
  rrdatas: z
    .array(z.string().min(1, { error: "record data must not be empty" }), {
      error: (issue) => `must be a list of record data strings, e.g. ["192.0.2.1"]; got ${JSON.stringify(issue.input)}`,
    })
    .min(1, { error: 'must hold at least one record, e.g. ["192.0.2.1"]' }),
});
export type RecordSetArgs = z.infer<typeof recordSetArgs>;

const recordSetWire = z.looseObject({
  name: z.string(),
  type: z.string(),
  ttl: z.number().optional(),
  rrdatas: z.array(z.string()).optional(),
});


export const recordSet = declare<RecordSetArgs, z.infer<typeof recordSetWire>>({
  module: "dns",
  name: "RecordSet",
  api: "dns",
  args: recordSetArgs,
  immutable: ["project", "managedZone", "name", "type"],
  projectScoped: true,
  id: {
    format: "projects/{project}/managedZones/{managedZone}/rrsets/{name}/{type}",
    importFormats: ["{project}/{managedZone}/{name}/{type}", "{managedZone}/{name}/{type}"],
  },
  paths: {
    collection: `${API_PREFIX}/managedZones/{managedZone}/rrsets`,
    item: `${API_PREFIX}/managedZones/{managedZone}/rrsets/{name}/{type}`,
  },
  wire: recordSetWire,
  toCreateBody: ({ name, type, ttl, rrdatas }) => ({ kind: "dns#resourceRecordSet", name, type, ttl, rrdatas }),
  toState: (rrset) => ({ name: rrset.name, type: rrset.type, ttl: rrset.ttl ?? 0, rrdatas: rrset.rrdatas ?? [] }),
  update: "PATCH",
  // Record data is a set of values in canonical form: order and spelling are no change.
  equal: { rrdatas: (stored, wanted, news) => sameRrdatas(String(news["type"]), stored, wanted) },
  outputs: [],
});
