import * as pulumi from "@pulumi/pulumi";
import * as queries from "../../provider/dns/functions";
import type {
  DnsChange,
  DnsKey,
  DnsOperation,
  DnsProject,
  DnsRecordSet,
  DnsResponsePolicy,
  DnsZone,
  ProjectArgs,
  RecordSetsArgs,
  ResponsePolicyLookupArgs,
  ZoneArgs,
  ZonesArgs,
} from "../../provider/dns/functions";
import { outputOf, useProgramConfig } from "../internal/functions";

export type {
  DnsChange,
  DnsKey,
  DnsOperation,
  DnsProject,
  DnsRecordSet,
  DnsResponsePolicy,
  DnsZone,
  ProjectArgs,
  RecordSetsArgs,
  ResponsePolicyLookupArgs,
  ZoneArgs,
  ZonesArgs,
};

type Inputs<T> = { [K in keyof T]: pulumi.Input<T[K]> };

/** A DNS project: its number and quotas. `project` defaults to `svc:project`. */
export function getProject(args: ProjectArgs = {}): Promise<DnsProject> {
  useProgramConfig();
  return queries.getProject(args);
}
/** {@link getProject} as an Output. */
export function getProjectOutput(args: Inputs<ProjectArgs> = {}): pulumi.Output<DnsProject> {
  return outputOf(getProject, args as pulumi.Input<ProjectArgs>);
}

/** One managed zone, by name or numeric id. */
export function getManagedZone(args: ZoneArgs): Promise<DnsZone> {
  useProgramConfig();
  return queries.getManagedZone(args);
}
/** {@link getManagedZone} as an Output. */
export function getManagedZoneOutput(args: Inputs<ZoneArgs>): pulumi.Output<DnsZone> {
  return outputOf(getManagedZone, args as pulumi.Input<ZoneArgs>);
}

/** Every managed zone of the project, optionally only those of one `dnsName`. */
export function getManagedZones(args: ZonesArgs = {}): Promise<DnsZone[]> {
  useProgramConfig();
  return queries.getManagedZones(args);
}
/** {@link getManagedZones} as an Output. */
export function getManagedZonesOutput(args: Inputs<ZonesArgs> = {}): pulumi.Output<DnsZone[]> {
  return outputOf(getManagedZones, args as pulumi.Input<ZonesArgs>);
}

/** Every record set of a zone (all pages), optionally only of one `name` (and `type`). */
export function getRecordSets(args: RecordSetsArgs): Promise<DnsRecordSet[]> {
  useProgramConfig();
  return queries.getRecordSets(args);
}
/** {@link getRecordSets} as an Output. */
export function getRecordSetsOutput(args: Inputs<RecordSetsArgs>): pulumi.Output<DnsRecordSet[]> {
  return outputOf(getRecordSets, args as pulumi.Input<RecordSetsArgs>);
}

/** The record changes of a zone. */
export function getChanges(args: ZoneArgs): Promise<DnsChange[]> {
  useProgramConfig();
  return queries.getChanges(args);
}
/** {@link getChanges} as an Output. */
export function getChangesOutput(args: Inputs<ZoneArgs>): pulumi.Output<DnsChange[]> {
  return outputOf(getChanges, args as pulumi.Input<ZoneArgs>);
}

/** The DNSSEC keys of a zone. */
export function getDnsKeys(args: ZoneArgs): Promise<DnsKey[]> {
  useProgramConfig();
  return queries.getDnsKeys(args);
}
/** {@link getDnsKeys} as an Output. */
export function getDnsKeysOutput(args: Inputs<ZoneArgs>): pulumi.Output<DnsKey[]> {
  return outputOf(getDnsKeys, args as pulumi.Input<ZoneArgs>);
}

/** The operations (updates) of a zone. */
export function getZoneOperations(args: ZoneArgs): Promise<DnsOperation[]> {
  useProgramConfig();
  return queries.getZoneOperations(args);
}
/** {@link getZoneOperations} as an Output. */
export function getZoneOperationsOutput(args: Inputs<ZoneArgs>): pulumi.Output<DnsOperation[]> {
  return outputOf(getZoneOperations, args as pulumi.Input<ZoneArgs>);
}

/** One response policy. */
export function getResponsePolicy(args: ResponsePolicyLookupArgs): Promise<DnsResponsePolicy> {
  useProgramConfig();
  return queries.getResponsePolicy(args);
}
/** {@link getResponsePolicy} as an Output. */
export function getResponsePolicyOutput(args: Inputs<ResponsePolicyLookupArgs>): pulumi.Output<DnsResponsePolicy> {
  return outputOf(getResponsePolicy, args as pulumi.Input<ResponsePolicyLookupArgs>);
}

/** Every response policy of the project. */
export function getResponsePolicies(args: ProjectArgs = {}): Promise<DnsResponsePolicy[]> {
  useProgramConfig();
  return queries.getResponsePolicies(args);
}
/** {@link getResponsePolicies} as an Output. */
export function getResponsePoliciesOutput(args: Inputs<ProjectArgs> = {}): pulumi.Output<DnsResponsePolicy[]> {
  return outputOf(getResponsePolicies, args as pulumi.Input<ProjectArgs>);
}
