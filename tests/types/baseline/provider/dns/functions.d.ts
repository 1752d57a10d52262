import { z } from "zod";
export declare const projectSchema: z.ZodObject<{
    id: z.ZodString;
    number: z.ZodOptional<z.ZodString>;
    quota: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$loose>;
export type DnsProject = z.infer<typeof projectSchema>;
export declare const zoneSchema: z.ZodObject<{
    name: z.ZodString;
    dnsName: z.ZodString;
    id: z.ZodOptional<z.ZodString>;
    visibility: z.ZodOptional<z.ZodString>;
    nameServers: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$loose>;
export type DnsZone = z.infer<typeof zoneSchema>;
export declare const recordSetSchema: z.ZodObject<{
    name: z.ZodString;
    type: z.ZodString;
    ttl: z.ZodOptional<z.ZodNumber>;
    rrdatas: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$loose>;
export type DnsRecordSet = z.infer<typeof recordSetSchema>;
export declare const changeSchema: z.ZodObject<{
    id: z.ZodString;
    status: z.ZodString;
    startTime: z.ZodOptional<z.ZodString>;
    additions: z.ZodOptional<z.ZodArray<z.ZodObject<{}, z.core.$loose>>>;
    deletions: z.ZodOptional<z.ZodArray<z.ZodObject<{}, z.core.$loose>>>;
}, z.core.$loose>;
export type DnsChange = z.infer<typeof changeSchema>;
export declare const dnsKeySchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodOptional<z.ZodString>;
    algorithm: z.ZodOptional<z.ZodString>;
    keyTag: z.ZodOptional<z.ZodNumber>;
    isActive: z.ZodOptional<z.ZodBoolean>;
}, z.core.$loose>;
export type DnsKey = z.infer<typeof dnsKeySchema>;
export declare const operationSchema: z.ZodObject<{
    id: z.ZodString;
    status: z.ZodString;
    type: z.ZodOptional<z.ZodString>;
    startTime: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export type DnsOperation = z.infer<typeof operationSchema>;
export declare const responsePolicySchema: z.ZodObject<{
    responsePolicyName: z.ZodString;
    id: z.ZodOptional<z.ZodString>;
    description: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export type DnsResponsePolicy = z.infer<typeof responsePolicySchema>;
export declare const zoneArgs: z.ZodObject<{
    managedZone: z.ZodString;
    project: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const zonesArgs: z.ZodObject<{
    dnsName: z.ZodOptional<z.ZodString>;
    project: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const recordSetsArgs: z.ZodObject<{
    managedZone: z.ZodString;
    name: z.ZodOptional<z.ZodString>;
    type: z.ZodOptional<z.ZodString>;
    pageSize: z.ZodOptional<z.ZodNumber>;
    project: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const responsePolicyArgs: z.ZodObject<{
    responsePolicy: z.ZodString;
    project: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const projectArgs: z.ZodObject<{
    project: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type ZoneArgs = z.input<typeof zoneArgs>;
export type ZonesArgs = z.input<typeof zonesArgs>;
export type RecordSetsArgs = z.input<typeof recordSetsArgs>;
export type ResponsePolicyLookupArgs = z.input<typeof responsePolicyArgs>;
export type ProjectArgs = z.input<typeof projectArgs>;
export declare function getProject(input?: ProjectArgs): Promise<DnsProject>;
export declare function getManagedZone(input: ZoneArgs): Promise<DnsZone>;
export declare function getManagedZones(input?: ZonesArgs): Promise<DnsZone[]>;
export declare function getRecordSets(input: RecordSetsArgs): Promise<DnsRecordSet[]>;
export declare function getChanges(input: ZoneArgs): Promise<DnsChange[]>;
export declare function getDnsKeys(input: ZoneArgs): Promise<DnsKey[]>;
export declare function getZoneOperations(input: ZoneArgs): Promise<DnsOperation[]>;
export declare function getResponsePolicy(input: ResponsePolicyLookupArgs): Promise<DnsResponsePolicy>;
export declare function getResponsePolicies(input?: ProjectArgs): Promise<DnsResponsePolicy[]>;
