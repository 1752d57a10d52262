/**
 * Cloud DNS v1 resources as they travel on the wire (field names and kinds
 * from the v1 discovery document). Optional fields are omitted rather than
 * sent as null, as Google does.
 */

export type JsonObject = Record<string, unknown>;

export type ZoneVisibility = "public" | "private";

export interface ResourceRecordSet {
  kind: "dns#resourceRecordSet";
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
  dnssecConfig?: DnssecConfig;
  cloudLoggingConfig?: JsonObject;
  reverseLookupConfig?: JsonObject;
  serviceDirectoryConfig?: JsonObject;
}

export const MANAGED_ZONE_MUTABLE_FIELDS = [
  "description",
  "labels",
  "privateVisibilityConfig",
  "forwardingConfig",
  "peeringConfig",
  "dnssecConfig",
  "cloudLoggingConfig",
  "reverseLookupConfig",
  "serviceDirectoryConfig",
] as const satisfies readonly (keyof ManagedZoneMutableFields)[];

/** Fields fixed at creation: a PATCH/PUT that changes them is refused. */
export const MANAGED_ZONE_IMMUTABLE_FIELDS = ["name", "dnsName", "visibility"] as const;

export interface ManagedZone extends ManagedZoneMutableFields {
  kind: "dns#managedZone";
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

export type ChangeStatus = "pending" | "done";

export interface Change {
  kind: "dns#change";
  additions?: ResourceRecordSet[];
  deletions?: ResourceRecordSet[];
  startTime: string;
  /** Sequential per zone, as a decimal string; "0" is the zone's creation. */
  id: string;
  status: ChangeStatus;
  isServing: boolean;
}

export type OperationStatus = "pending" | "done";

export interface Operation {
  kind: "dns#operation";
  id: string;
  startTime: string;
  status: OperationStatus;
  type: "update";
  user: string;
  zoneContext: { oldValue: ManagedZone; newValue: ManagedZone };
}

// ---------------------------------------------------------------- DNSSEC

export type DnsKeyAlgorithm = "rsasha1" | "rsasha256" | "rsasha512" | "ecdsap256sha256" | "ecdsap384sha384";
export type DnsKeyType = "keySigning" | "zoneSigning";
export type DigestType = "sha1" | "sha256" | "sha384";

export interface DnsKeySpec {
  kind: "dns#dnsKeySpec";
  algorithm: DnsKeyAlgorithm;
  keyLength: number;
  keyType: DnsKeyType;
}

/** `dnssecConfig` of a managed zone as stored (state, denial of existence, key specs). */
export interface DnssecConfig {
  kind: "dns#managedZoneDnsSecConfig";
  state?: "off" | "on" | "transfer";
  nonExistence?: "nsec" | "nsec3";
  defaultKeySpecs?: DnsKeySpec[];
}

export interface DnsKey {
  kind: "dns#dnsKey";
  id: string;
  algorithm: DnsKeyAlgorithm;
  keyLength: number;
  /** Base64 of the DNSKEY public key field (RFC 3110 for RSA, RFC 6605 for ECDSA). */
  publicKey: string;
  keyTag: number;
  type: DnsKeyType;
  isActive: boolean;
  creationTime: string;
  description?: string;
  /** Key-signing keys only: the DS digests of the key. */
  digests?: { type: DigestType; digest: string }[];
}

// ---------------------------------------------------------------- policies

export interface PolicyNetwork {
  kind: "dns#policyNetwork";
  networkUrl: string;
}

export interface TargetNameServer {
  kind: "dns#policyAlternativeNameServerConfigTargetNameServer";
  ipv4Address?: string;
  ipv6Address?: string;
  forwardingPath?: "default" | "private";
}

export interface Policy {
  kind: "dns#policy";
  id: string;
  name: string;
  description: string;
  enableInboundForwarding: boolean;
  enableLogging: boolean;
  /** Omitted when empty, as Google omits empty lists. */
  networks?: PolicyNetwork[];
  alternativeNameServerConfig?: {
    kind: "dns#policyAlternativeNameServerConfig";
    targetNameServers: TargetNameServer[];
    outboundEndpoints?: { kind: "dns#policyAlternativeNameServerConfigOutboundEndpoint"; name: string }[];
  };
  dns64Config?: {
    kind: "dns#policyDns64Config";
    scope: { kind: "dns#policyDns64ConfigScope"; allQueries?: boolean };
  };
}

export interface ResponsePolicy {
  kind: "dns#responsePolicy";
  id: string;
  responsePolicyName: string;
  description?: string;
  networks?: { kind: "dns#responsePolicyNetwork"; networkUrl: string }[];
  gkeClusters?: { kind: "dns#responsePolicyGKECluster"; gkeClusterName: string }[];
  labels?: Record<string, string>;
}

export type ResponsePolicyRuleBehavior = "behaviorUnspecified" | "bypassResponsePolicy";

export interface ResponsePolicyRule {
  kind: "dns#responsePolicyRule";
  ruleName: string;
  dnsName: string;
  behavior?: ResponsePolicyRuleBehavior;
  localData?: { localDatas: ResourceRecordSet[] };
}

export interface Project {
  kind: "dns#project";
  id: string;
  number: string;
  quota: JsonObject;
}
