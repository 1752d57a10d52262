import type * as Queries from "../../provider/dns/functions";
export type { DnsChange, DnsKey, DnsOperation, DnsProject, DnsRecordSet, DnsResponsePolicy, DnsZone, ProjectArgs, RecordSetsArgs, ResponsePolicyLookupArgs, ZoneArgs, ZonesArgs, } from "../../provider/dns/functions";
export declare const getProject: typeof Queries.getProject;
export declare const getProjectOutput: (args: {
    project?: import("@pulumi/pulumi").Input<string | undefined>;
} | undefined) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    id: string;
    number?: string | undefined;
    quota?: Record<string, unknown> | undefined;
}>;
export declare const getManagedZone: typeof Queries.getManagedZone;
export declare const getManagedZoneOutput: (args: {
    managedZone: import("@pulumi/pulumi").Input<string>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
}) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    name: string;
    dnsName: string;
    id?: string | undefined;
    visibility?: string | undefined;
    nameServers?: string[] | undefined;
}>;
export declare const getManagedZones: typeof Queries.getManagedZones;
export declare const getManagedZonesOutput: (args: {
    dnsName?: import("@pulumi/pulumi").Input<string | undefined>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
} | undefined) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    name: string;
    dnsName: string;
    id?: string | undefined;
    visibility?: string | undefined;
    nameServers?: string[] | undefined;
}[]>;
export declare const getRecordSets: typeof Queries.getRecordSets;
export declare const getRecordSetsOutput: (args: {
    managedZone: import("@pulumi/pulumi").Input<string>;
    name?: import("@pulumi/pulumi").Input<string | undefined>;
    type?: import("@pulumi/pulumi").Input<string | undefined>;
    pageSize?: import("@pulumi/pulumi").Input<number | undefined>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
}) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    name: string;
    type: string;
    ttl?: number | undefined;
    rrdatas?: string[] | undefined;
}[]>;
export declare const getChanges: typeof Queries.getChanges;
export declare const getChangesOutput: (args: {
    managedZone: import("@pulumi/pulumi").Input<string>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
}) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    id: string;
    status: string;
    startTime?: string | undefined;
    additions?: {
        [x: string]: unknown;
    }[] | undefined;
    deletions?: {
        [x: string]: unknown;
    }[] | undefined;
}[]>;
export declare const getDnsKeys: typeof Queries.getDnsKeys;
export declare const getDnsKeysOutput: (args: {
    managedZone: import("@pulumi/pulumi").Input<string>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
}) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    id: string;
    type?: string | undefined;
    algorithm?: string | undefined;
    keyTag?: number | undefined;
    isActive?: boolean | undefined;
}[]>;
export declare const getZoneOperations: typeof Queries.getZoneOperations;
export declare const getZoneOperationsOutput: (args: {
    managedZone: import("@pulumi/pulumi").Input<string>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
}) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    id: string;
    status: string;
    type?: string | undefined;
    startTime?: string | undefined;
}[]>;
export declare const getResponsePolicy: typeof Queries.getResponsePolicy;
export declare const getResponsePolicyOutput: (args: {
    responsePolicy: import("@pulumi/pulumi").Input<string>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
}) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    responsePolicyName: string;
    id?: string | undefined;
    description?: string | undefined;
}>;
export declare const getResponsePolicies: typeof Queries.getResponsePolicies;
export declare const getResponsePoliciesOutput: (args: {
    project?: import("@pulumi/pulumi").Input<string | undefined>;
} | undefined) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    responsePolicyName: string;
    id?: string | undefined;
    description?: string | undefined;
}[]>;
