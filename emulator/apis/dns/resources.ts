/**
 * Cloud DNS v1 resources as they travel on the wire (field names and kinds
 * from the v1 discovery document). Optional fields are omitted rather than
 * sent as null, as Google does.
 */

export type JsonObject = Record<string, unknown>;

export type ZoneVisibility = 'public' | 'private';

export interface ResourceRecordSet {
  kind: 'dns#resourceRecordSet';
  name: string;
  type: string;
  ttl: number;
  /** Absent when the record set answers through a `routingPolicy` instead. */
  rrdatas?: string[];
  signatureRrdatas?: string[];
  routingPolicy?: JsonObject;
}

/** The fields a client may change after creation (PATCH/PUT). */
export interface ManagedZoneMutableFields {
  description?: string;
  labels?: Record<string, string>;
  privateVisibilityConfig?: JsonObject;
  forwardingConfig?: JsonObject;
  peeringConfig?: JsonObject;
  dnssecConfig?: JsonObject;
  cloudLoggingConfig?: JsonObject;
  reverseLookupConfig?: JsonObject;
  serviceDirectoryConfig?: JsonObject;
}

export const MANAGED_ZONE_MUTABLE_FIELDS = [
  'description',
  'labels',
  'privateVisibilityConfig',
  'forwardingConfig',
  'peeringConfig',
  'dnssecConfig',
  'cloudLoggingConfig',
  'reverseLookupConfig',
  'serviceDirectoryConfig',
] as const satisfies readonly (keyof ManagedZoneMutableFields)[];

/** Fields fixed at creation: a PATCH/PUT that changes them is refused. */
export const MANAGED_ZONE_IMMUTABLE_FIELDS = ['name', 'dnsName', 'visibility'] as const;

export interface ManagedZone extends ManagedZoneMutableFields {
  kind: 'dns#managedZone';
  name: string;
  dnsName: string;
  /** uint64 as a decimal string. */
  id: string;
  nameServers: string[];
  /** RFC 3339. */
  creationTime: string;
  visibility: ZoneVisibility;
  nameServerSet?: string;
}

export type ChangeStatus = 'pending' | 'done';

export interface Change {
  kind: 'dns#change';
  additions?: ResourceRecordSet[];
  deletions?: ResourceRecordSet[];
  startTime: string;
  /** Sequential per zone, as a decimal string; "0" is the zone's creation. */
  id: string;
  status: ChangeStatus;
  isServing: boolean;
}

export interface Operation {
  kind: 'dns#operation';
  id: string;
  startTime: string;
  status: 'done';
  type: 'update';
  user: string;
  zoneContext: { oldValue: ManagedZone; newValue: ManagedZone };
}

export interface Project {
  kind: 'dns#project';
  id: string;
  number: string;
  quota: JsonObject;
}
