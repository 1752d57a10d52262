/**
 * The read-only side of the DNS API. Lists are read to the end (every page).
 * Results are validated loosely: fields the reference does not name are kept.
 */
import { z } from "zod";
import { clientFor } from "../clients";
import { defaultProject } from "../config";
import { fillTemplate } from "../engine/template";
import { fqdn, projectId, zoneName } from "./names";
import { DNS_PAGING, listAll } from "../google/listAll";
import { API_PREFIX } from "./wire";
import { parseFunctionArgs } from "../functionArgs";

const loose = z.looseObject({});

export const projectSchema = z.looseObject({ id: z.string(), number: z.string().optional(), quota: z.record(z.string(), z.unknown()).optional() });
export type DnsProject = z.infer<typeof projectSchema>;
export const zoneSchema = z.looseObject({ name: z.string(), dnsName: z.string(), id: z.string().optional(), visibility: z.string().optional(), nameServers: z.array(z.string()).optional() });
export type DnsZone = z.infer<typeof zoneSchema>;
export const recordSetSchema = z.looseObject({ name: z.string(), type: z.string(), ttl: z.number().optional(), rrdatas: z.array(z.string()).optional() });
export type DnsRecordSet = z.infer<typeof recordSetSchema>;
export const changeSchema = z.looseObject({ id: z.string(), status: z.string(), startTime: z.string().optional(), additions: z.array(loose).optional(), deletions: z.array(loose).optional() });
export type DnsChange = z.infer<typeof changeSchema>;
export const dnsKeySchema = z.looseObject({ id: z.string(), type: z.string().optional(), algorithm: z.string().optional(), keyTag: z.number().optional(), isActive: z.boolean().optional() });
export type DnsKey = z.infer<typeof dnsKeySchema>;
export const operationSchema = z.looseObject({ id: z.string(), status: z.string(), type: z.string().optional(), startTime: z.string().optional() });
export type DnsOperation = z.infer<typeof operationSchema>;
export const responsePolicySchema = z.looseObject({ responsePolicyName: z.string(), id: z.string().optional(), description: z.string().optional() });
export type DnsResponsePolicy = z.infer<typeof responsePolicySchema>;

const projectArg = { project: projectId.optional() };
export const zoneArgs = z.object({ ...projectArg, managedZone: zoneName });
export const zonesArgs = z.object({ ...projectArg, dnsName: fqdn.optional() });
export const recordSetsArgs = z.object({
  ...projectArg,
  managedZone: zoneName,
  name: fqdn.optional(),
  type: z.string().min(1).optional(),
  /** Records per request (the API's maxResults); every page is read regardless. */
  pageSize: z.number().int().min(1).max(1000, { error: "must be from 1 to 1000" }).optional(),
});
export const responsePolicyArgs = z.object({ ...projectArg, responsePolicy: zoneName });
export const projectArgs = z.object(projectArg);
export type ZoneArgs = z.input<typeof zoneArgs>;
export type ZonesArgs = z.input<typeof zonesArgs>;
export type RecordSetsArgs = z.input<typeof recordSetsArgs>;
export type ResponsePolicyLookupArgs = z.input<typeof responsePolicyArgs>;
export type ProjectArgs = z.input<typeof projectArgs>;

function parse<T extends { project?: string | undefined }>(schema: z.ZodType<T>, input: unknown, fn: string): T & { project: string } {
  const args = parseFunctionArgs(schema, input, `dns.${fn}`);
  const project = args.project ?? defaultProject();
  if (project === undefined) throw new Error(`svc.dns.${fn}: project is required: pass it, or set svc:project (or SVC_PROJECT)`);
  return { ...args, project };
}

const path = (template: string, values: Record<string, string>): string => fillTemplate(`${API_PREFIX}${template}`, values);

export async function getProject(input: ProjectArgs = {}): Promise<DnsProject> {
  const { project } = parse(projectArgs, input, "getProject");
  return clientFor("dns").send({ method: "GET", path: path("", { project }), schema: projectSchema });
}

export async function getManagedZone(input: ZoneArgs): Promise<DnsZone> {
  const args = parse(zoneArgs, input, "getManagedZone");
  return clientFor("dns").send({ method: "GET", path: path("/managedZones/{managedZone}", args), schema: zoneSchema });
}

export async function getManagedZones(input: ZonesArgs = {}): Promise<DnsZone[]> {
  const args = parse(zonesArgs, input, "getManagedZones");
  const zones = await listAll(clientFor("dns"), path("/managedZones", args), "managedZones", { ...DNS_PAGING, query: { dnsName: args.dnsName } });
  return z.array(zoneSchema).parse(zones);
}

export async function getRecordSets(input: RecordSetsArgs): Promise<DnsRecordSet[]> {
  const args = parse(recordSetsArgs, input, "getRecordSets");
  if (args.type !== undefined && args.name === undefined) throw new Error("svc.dns.getRecordSets: type filters only together with name");
  const rrsets = await listAll(clientFor("dns"), path("/managedZones/{managedZone}/rrsets", { project: args.project, managedZone: args.managedZone }), "rrsets", {
    ...DNS_PAGING,
    pageSize: args.pageSize,
    maxPageSize: 1000,
    query: { name: args.name, type: args.type },
  });
  return z.array(recordSetSchema).parse(rrsets);
}

export async function getChanges(input: ZoneArgs): Promise<DnsChange[]> {
  const args = parse(zoneArgs, input, "getChanges");
  return z.array(changeSchema).parse(await listAll(clientFor("dns"), path("/managedZones/{managedZone}/changes", args), "changes", DNS_PAGING));
}

export async function getDnsKeys(input: ZoneArgs): Promise<DnsKey[]> {
  const args = parse(zoneArgs, input, "getDnsKeys");
  return z.array(dnsKeySchema).parse(await listAll(clientFor("dns"), path("/managedZones/{managedZone}/dnsKeys", args), "dnsKeys", DNS_PAGING));
}

export async function getZoneOperations(input: ZoneArgs): Promise<DnsOperation[]> {
  const args = parse(zoneArgs, input, "getZoneOperations");
  return z.array(operationSchema).parse(await listAll(clientFor("dns"), path("/managedZones/{managedZone}/operations", args), "operations", DNS_PAGING));
}

export async function getResponsePolicy(input: ResponsePolicyLookupArgs): Promise<DnsResponsePolicy> {
  const args = parse(responsePolicyArgs, input, "getResponsePolicy");
  return clientFor("dns").send({ method: "GET", path: path("/responsePolicies/{responsePolicy}", args), schema: responsePolicySchema });
}

export async function getResponsePolicies(input: ProjectArgs = {}): Promise<DnsResponsePolicy[]> {
  const { project } = parse(projectArgs, input, "getResponsePolicies");
  return z.array(responsePolicySchema).parse(await listAll(clientFor("dns"), path("/responsePolicies", { project }), "responsePolicies", DNS_PAGING));
}
