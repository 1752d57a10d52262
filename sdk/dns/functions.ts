import type * as Queries from "../../provider/dns/functions";

import { lazily, outputFunction, promiseFunction } from "../internal/functions";

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
} from "../../provider/dns/functions";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)
const queries = lazily(() => require("../../provider/dns/functions") as typeof Queries);

/** A DNS project: its number and quotas. `project` defaults to `svc:project`. */
export const getProject = promiseFunction(queries, "getProject");
/** {@link getProject} as an Output. */
export const getProjectOutput = outputFunction(queries, "getProject");

/** One managed zone, by name or numeric id. */
export const getManagedZone = promiseFunction(queries, "getManagedZone");
/** {@link getManagedZone} as an Output. */
export const getManagedZoneOutput = outputFunction(queries, "getManagedZone");

/** Every managed zone of the project, optionally only those of one `dnsName`. */
export const getManagedZones = promiseFunction(queries, "getManagedZones");
/** {@link getManagedZones} as an Output. */
export const getManagedZonesOutput = outputFunction(queries, "getManagedZones");

/** Every record set of a zone (all pages), optionally only of one `name` (and `type`). */
export const getRecordSets = promiseFunction(queries, "getRecordSets");
/** {@link getRecordSets} as an Output. */
export const getRecordSetsOutput = outputFunction(queries, "getRecordSets");

/** The record changes of a zone. */
export const getChanges = promiseFunction(queries, "getChanges");
/** {@link getChanges} as an Output. */
export const getChangesOutput = outputFunction(queries, "getChanges");

/** The DNSSEC keys of a zone. */
export const getDnsKeys = promiseFunction(queries, "getDnsKeys");
/** {@link getDnsKeys} as an Output. */
export const getDnsKeysOutput = outputFunction(queries, "getDnsKeys");

/** The operations (updates) of a zone. */
export const getZoneOperations = promiseFunction(queries, "getZoneOperations");
/** {@link getZoneOperations} as an Output. */
export const getZoneOperationsOutput = outputFunction(queries, "getZoneOperations");

/** One response policy. */
export const getResponsePolicy = promiseFunction(queries, "getResponsePolicy");
/** {@link getResponsePolicy} as an Output. */
export const getResponsePolicyOutput = outputFunction(queries, "getResponsePolicy");

/** Every response policy of the project. */
export const getResponsePolicies = promiseFunction(queries, "getResponsePolicies");
/** {@link getResponsePolicies} as an Output. */
export const getResponsePoliciesOutput = outputFunction(queries, "getResponsePolicies");
