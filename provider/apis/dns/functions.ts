/**
 * The read-only side of the DNS API. Lists are read to the end (every page).
 * Results are validated loosely: fields the reference does not name are kept.
 */
import { z } from "zod";
import { defaultProject } from "../../config";
import { readFunctionsOf } from "../../engine/functions/readFunction";
import { fqdn, projectId, zoneName } from "./names";
import { DNS_PAGING } from "./service";
import { API_PREFIX } from "./wire";

const loose = z.looseObject({});

export const projectSchema = z.looseObject({ id: z.string(), number: z.string().optional(), quota: z.record(z.string(), z.unknown()).optional() });
export type DnsProject = z.infer<typeof projectSchema>;
export const zoneSchema = z.looseObject({
  name: z.string(),
  dnsName: z.string(),
  id: z.string().optional(),
  visibility: z.string().optional(),
  nameServers: z.array(z.string()).optional(),
});
export type DnsZone = z.infer<typeof zoneSchema>;
export const recordSetSchema = z.looseObject({ name: z.string(), type: z.string(), ttl: z.number().optional(), rrdatas: z.array(z.string()).optional() });
export type DnsRecordSet = z.infer<typeof recordSetSchema>;
export const changeSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  startTime: z.string().optional(),
  additions: z.array(loose).optional(),
  deletions: z.array(loose).optional(),
});
export type DnsChange = z.infer<typeof changeSchema>;
export const dnsKeySchema = z.looseObject({
  id: z.string(),
  type: z.string().optional(),
  algorithm: z.string().optional(),
  keyTag: z.number().optional(),
  isActive: z.boolean().optional(),
});
export type DnsKey = z.infer<typeof dnsKeySchema>;
export const operationSchema = z.looseObject({ id: z.string(), status: z.string(), type: z.string().optional(), startTime: z.string().optional() });
export type DnsOperation = z.infer<typeof operationSchema>;
export const responsePolicySchema = z.looseObject({ responsePolicyName: z.string(), id: z.string().optional(), description: z.string().optional() });
export type DnsResponsePolicy = z.infer<typeof responsePolicySchema>;

const projectArg = { project: projectId.optional() };
export const zoneArgs = z.object({ ...projectArg, managedZone: zoneName });
export const zonesArgs = z.object({ ...projectArg, dnsName: fqdn.optional() });
export const recordSetsArgs = z
  .object({
    ...projectArg,
    managedZone: zoneName,
    name: fqdn.optional(),
    type: z.string().min(1).optional(),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(1000, { error: "must be from 1 to 1000" })
      .optional()
      .meta({ description: "Records per request (the API's maxResults); every page is read regardless." }),
  })
  .refine((args) => args.type === undefined || args.name !== undefined, { error: "filters only together with name", path: ["type"] });
export const responsePolicyArgs = z.object({ ...projectArg, responsePolicy: zoneName });
export const projectArgs = z.object(projectArg);
export type ZoneArgs = z.input<typeof zoneArgs>;
export type ZonesArgs = z.input<typeof zonesArgs>;
export type RecordSetsArgs = z.input<typeof recordSetsArgs>;
export type ResponsePolicyLookupArgs = z.input<typeof responsePolicyArgs>;
export type ProjectArgs = z.input<typeof projectArgs>;

const { get, list } = readFunctionsOf("dns", {
  prepare: (args, fn, settings) => {
    const project = (args["project"] as string | undefined) ?? defaultProject(settings);
    if (project === undefined) throw new Error(`svc.dns.${fn}: project is required: pass it, or set svc:project (or SVC_PROJECT)`);
    return { project };
  },
});
const paging = DNS_PAGING;

export const getProject = get({
  name: "getProject",
  doc: "A DNS project: its number and quotas. `project` defaults to `svc:project`.",
  args: projectArgs,
  path: API_PREFIX,
  result: projectSchema,
});

export const getManagedZone = get({
  name: "getManagedZone",
  doc: "One managed zone, by name or numeric id.",
  args: zoneArgs,
  path: `${API_PREFIX}/managedZones/{managedZone}`,
  result: zoneSchema,
});

export const getManagedZones = list({
  name: "getManagedZones",
  doc: "Every managed zone of the project, optionally only those of one `dnsName`.",
  args: zonesArgs,
  path: `${API_PREFIX}/managedZones`,
  query: ["dnsName"],
  field: "managedZones",
  paging,
  result: zoneSchema,
});

export const getRecordSets = list({
  name: "getRecordSets",
  doc: "Every record set of a zone (all pages), optionally only of one `name` (and `type`).",
  args: recordSetsArgs,
  path: `${API_PREFIX}/managedZones/{managedZone}/rrsets`,
  query: ["name", "type"],
  field: "rrsets",
  paging: { ...paging, maxPageSize: 1000 },
  pageSizeArg: "pageSize",
  result: recordSetSchema,
});

export const getChanges = list({
  name: "getChanges",
  doc: "The record changes of a zone.",
  args: zoneArgs,
  path: `${API_PREFIX}/managedZones/{managedZone}/changes`,
  field: "changes",
  paging,
  result: changeSchema,
});

export const getDnsKeys = list({
  name: "getDnsKeys",
  doc: "The DNSSEC keys of a zone.",
  args: zoneArgs,
  path: `${API_PREFIX}/managedZones/{managedZone}/dnsKeys`,
  field: "dnsKeys",
  paging,
  result: dnsKeySchema,
});

export const getZoneOperations = list({
  name: "getZoneOperations",
  doc: "The operations (updates) of a zone.",
  args: zoneArgs,
  path: `${API_PREFIX}/managedZones/{managedZone}/operations`,
  field: "operations",
  paging,
  result: operationSchema,
});

export const getResponsePolicy = get({
  name: "getResponsePolicy",
  doc: "One response policy.",
  args: responsePolicyArgs,
  path: `${API_PREFIX}/responsePolicies/{responsePolicy}`,
  result: responsePolicySchema,
});

export const getResponsePolicies = list({
  name: "getResponsePolicies",
  doc: "Every response policy of the project.",
  args: projectArgs,
  path: `${API_PREFIX}/responsePolicies`,
  field: "responsePolicies",
  paging,
  result: responsePolicySchema,
});
