/**
 * DNSSEC of a managed zone: its `dnssecConfig` rules and its signing keys
 * (dnsKeys.get/list).
 *
 * A zone that turns DNSSEC on (at creation or by patch/update, from `off` to
 * `on` or `transfer`) gets one key-signing and one zone-signing key made
 * from its `defaultKeySpecs` (Cloud DNS's defaults: RSASHA256, 2048-bit KSK,
 * 1024-bit ZSK, NSEC3). The keys are real: the public key is the DNSKEY
 * public-key field of a freshly generated key pair, the key tag is computed
 * as RFC 4034 appendix B says, and a KSK's digests are the DS digests
 * (RFC 4034 5.1.4) of its DNSKEY record at the zone apex, so they verify
 * with any DNSSEC tool. Turning DNSSEC off removes the keys.
 */
import { createHash, generateKeyPairSync } from "node:crypto";
import type { ApiCall, ApiResult } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { badRequest, invalidParameter, invalidValue, notFound } from "../../google/errors";
import { compareNumericStrings, paginate } from "./paging";
import type { DnsContext } from "./context";
import { requireZone } from "./context";
import type { DigestType, DnsKey, DnsKeyAlgorithm, DnsKeySpec, DnssecConfig, ManagedZone } from "./resources";
import type { DnssecConfigRequest } from "./schemas";
import type { ZoneEntry } from "./state";

/** What Cloud DNS uses when a zone turns DNSSEC on without key specs. */
const DEFAULT_KEY_SPECS: readonly DnsKeySpec[] = [
  { kind: "dns#dnsKeySpec", algorithm: "rsasha256", keyLength: 2048, keyType: "keySigning" },
  { kind: "dns#dnsKeySpec", algorithm: "rsasha256", keyLength: 1024, keyType: "zoneSigning" },
];
const DEFAULT_NON_EXISTENCE = "nsec3";

/** DNSKEY algorithm numbers (IANA "DNS Security Algorithm Numbers"). */
const ALGORITHM_NUMBERS: Record<DnsKeyAlgorithm, number> = {
  rsasha1: 5,
  rsasha256: 8,
  rsasha512: 10,
  ecdsap256sha256: 13,
  ecdsap384sha384: 14,
};
const RSA_KEY_LENGTHS = [1024, 1536, 2048, 2560, 3072, 3584, 4096];
const ECDSA_KEY_LENGTHS: Partial<Record<DnsKeyAlgorithm, number>> = { ecdsap256sha256: 256, ecdsap384sha384: 384 };

/** Every key spec a zone may use (the project quota's `whitelistedKeySpecs`), from the rules `checkKeySpecs` applies. */
export function allowedKeySpecs(): DnsKeySpec[] {
  const specs: DnsKeySpec[] = [];
  for (const keyType of ["keySigning", "zoneSigning"] as const) {
    for (const algorithm of Object.keys(ALGORITHM_NUMBERS) as DnsKeyAlgorithm[]) {
      const ecdsaLength = ECDSA_KEY_LENGTHS[algorithm];
      for (const keyLength of ecdsaLength !== undefined ? [ecdsaLength] : RSA_KEY_LENGTHS) {
        specs.push({ kind: "dns#dnsKeySpec", algorithm, keyLength, keyType });
      }
    }
  }
  return specs;
}

const DIGEST_TYPES: readonly DigestType[] = ["sha1", "sha256", "sha384"];
/** DS digest type numbers and hash functions (RFC 4034, RFC 4509, RFC 6605). */
const DIGEST_HASHES: Record<DigestType, string> = { sha1: "sha1", sha256: "sha256", sha384: "sha384" };
/** The digest Cloud DNS shows when the client does not ask for others. */
const RECOMMENDED_DIGEST: DigestType = "sha256";

/** The DNSKEY flags field: zone key, plus the secure-entry-point bit for a KSK. */
const ZONE_KEY_FLAGS = 256;
const SECURE_ENTRY_POINT_FLAG = 1;
const DNSSEC_PROTOCOL = 3;

/** A key as stored: its wire form without digests, plus what the digests are computed from. */
export interface StoredDnsKey {
  key: Omit<DnsKey, "digests">;
  /** The DNSKEY RDATA (flags, protocol, algorithm, public key). */
  rdata: Buffer;
}

export function isSigned(config: DnssecConfig | undefined): boolean {
  return config?.state === "on" || config?.state === "transfer";
}

/**
 * The zone's next `dnssecConfig` from a request one. A signed zone gets its
 * key specs and denial-of-existence filled in (kept from the current config
 * when it is already signed), and those two can only change while DNSSEC is
 * off, as Cloud DNS documents. `path` names the field in the request.
 */
export function nextDnssecConfig(
  zone: Pick<ManagedZone, "visibility" | "dnssecConfig"> | undefined,
  visibility: ManagedZone["visibility"],
  requested: DnssecConfigRequest,
  path: string,
): DnssecConfig {
  const config: DnssecConfig = { kind: "dns#managedZoneDnsSecConfig" };
  if (requested.state !== undefined) config.state = requested.state;
  if (requested.nonExistence !== undefined) config.nonExistence = requested.nonExistence;
  if (requested.defaultKeySpecs !== undefined) {
    config.defaultKeySpecs = requested.defaultKeySpecs.map(({ algorithm, keyLength, keyType }) => ({
      kind: "dns#dnsKeySpec",
      algorithm,
      keyLength,
      keyType,
    }));
    checkKeySpecs(config.defaultKeySpecs, `${path}.defaultKeySpecs`);
  }
  if (!isSigned(config)) return config;
  if (visibility === "private") {
    throw badRequest("invalid", `Invalid value for '${path}.state': '${config.state ?? ""}' (DNSSEC is only available for public zones).`);
  }
  const current = zone?.dnssecConfig;
  if (isSigned(current) && current !== undefined) {
    config.nonExistence ??= current.nonExistence;
    config.defaultKeySpecs ??= structuredClone(current.defaultKeySpecs);
    if (config.nonExistence !== current.nonExistence) throw changedWhileSigned(`${path}.nonExistence`);
    if (JSON.stringify(config.defaultKeySpecs) !== JSON.stringify(current.defaultKeySpecs)) {
      throw changedWhileSigned(`${path}.defaultKeySpecs`);
    }
  }
  config.nonExistence ??= DEFAULT_NON_EXISTENCE;
  config.defaultKeySpecs ??= structuredClone([...DEFAULT_KEY_SPECS]);
  return config;
}

/**
 * Creates or removes the zone's keys after its DNSSEC state went from
 * `before` to the zone's current config; `now` is the time of the request
 * that changed it (new keys are created at that time).
 */
export function syncDnsKeys(entry: ZoneEntry, before: DnssecConfig | undefined, now: Date): void {
  const signed = isSigned(entry.zone.dnssecConfig);
  if (!signed) {
    entry.dnsKeys = [];
    return;
  }
  if (isSigned(before)) return;
  const creationTime = now.toISOString();
  for (const spec of entry.zone.dnssecConfig?.defaultKeySpecs ?? DEFAULT_KEY_SPECS) {
    entry.dnsKeys.push(generateKey(spec, String(entry.nextDnsKeyNumber), creationTime));
    entry.nextDnsKeyNumber += 1;
  }
}

export function getDnsKey(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const digestTypes = parseDigestTypes(call);
  const keyId = pathParam(call, "dnsKeyId");
  const stored = entry.dnsKeys.find((candidate) => candidate.key.id === keyId);
  if (stored === undefined) throw notFound("parameters.dnsKeyId", keyId);
  return { status: 200, body: renderKey(stored, entry.zone.dnsName, digestTypes) };
}

export function listDnsKeys(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const digestTypes = parseDigestTypes(call);
  const page = paginate({
    listId: `dns.dnsKeys:${entry.project}/${entry.zone.id}`,
    sortedItems: entry.dnsKeys,
    keyOf: (stored) => stored.key.id,
    compareKeys: compareNumericStrings,
    query: call.query,
  });
  return {
    status: 200,
    body: {
      kind: "dns#dnsKeysListResponse",
      dnsKeys: page.items.map((stored) => renderKey(stored, entry.zone.dnsName, digestTypes)),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}

function changedWhileSigned(path: string) {
  return badRequest("invalid", `Invalid value for '${path}': it can only be changed while DNSSEC is off.`);
}

/** One key-signing and one zone-signing key, each with a length its algorithm allows. */
function checkKeySpecs(specs: readonly DnsKeySpec[], path: string): void {
  specs.forEach((spec, index) => {
    const ecdsaLength = ECDSA_KEY_LENGTHS[spec.algorithm];
    const lengthOk = ecdsaLength !== undefined ? spec.keyLength === ecdsaLength : RSA_KEY_LENGTHS.includes(spec.keyLength);
    if (!lengthOk) throw invalidValue(`${path}[${index}].keyLength`, spec.keyLength);
  });
  for (const keyType of ["keySigning", "zoneSigning"] as const) {
    if (specs.filter((spec) => spec.keyType === keyType).length !== 1) {
      throw badRequest("invalid", `Invalid value for '${path}': exactly one ${keyType} key spec is required.`);
    }
  }
}

/** `digestType`: a comma-separated list of sha1, sha256, sha384; absent means the recommended one. */
function parseDigestTypes(call: ApiCall): DigestType[] {
  const raw = firstQueryValue(call.query, "digestType");
  if (raw === undefined || raw.trim() === "") return [RECOMMENDED_DIGEST];
  const types: DigestType[] = [];
  for (const part of raw.split(",")) {
    const type = DIGEST_TYPES.find((candidate) => candidate === part.trim().toLowerCase());
    if (type === undefined) throw invalidParameter("digestType", `Invalid value for 'parameters.digestType': '${raw}'`);
    if (!types.includes(type)) types.push(type);
  }
  return types;
}

function generateKey(spec: DnsKeySpec, id: string, creationTime: string): StoredDnsKey {
  const publicKey = publicKeyField(spec);
  const flags = ZONE_KEY_FLAGS | (spec.keyType === "keySigning" ? SECURE_ENTRY_POINT_FLAG : 0);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(flags, 0);
  header.writeUInt8(DNSSEC_PROTOCOL, 2);
  header.writeUInt8(ALGORITHM_NUMBERS[spec.algorithm], 3);
  const rdata = Buffer.concat([header, publicKey]);
  return {
    key: {
      kind: "dns#dnsKey",
      id,
      algorithm: spec.algorithm,
      keyLength: spec.keyLength,
      publicKey: publicKey.toString("base64"),
      keyTag: keyTag(rdata),
      type: spec.keyType,
      isActive: true,
      creationTime,
    },
    rdata,
  };
}

/** The DNSKEY public-key field: RFC 3110 (exponent length, exponent, modulus) or RFC 6605 (x, y). */
function publicKeyField(spec: DnsKeySpec): Buffer {
  if (spec.algorithm === "ecdsap256sha256" || spec.algorithm === "ecdsap384sha384") {
    const namedCurve = spec.algorithm === "ecdsap256sha256" ? "P-256" : "P-384";
    const jwk = generateKeyPairSync("ec", { namedCurve }).publicKey.export({ format: "jwk" });
    return Buffer.concat([Buffer.from(jwk.x ?? "", "base64url"), Buffer.from(jwk.y ?? "", "base64url")]);
  }
  const jwk = generateKeyPairSync("rsa", { modulusLength: spec.keyLength }).publicKey.export({ format: "jwk" });
  const exponent = Buffer.from(jwk.e ?? "", "base64url");
  const modulus = Buffer.from(jwk.n ?? "", "base64url");
  const exponentLength = exponent.length < 256 ? Buffer.from([exponent.length]) : Buffer.from([0, exponent.length >> 8, exponent.length & 0xff]);
  return Buffer.concat([exponentLength, exponent, modulus]);
}

/** RFC 4034 appendix B. */
function keyTag(rdata: Buffer): number {
  let accumulator = 0;
  for (let index = 0; index < rdata.length; index += 1) {
    accumulator += index % 2 === 0 ? (rdata[index] ?? 0) << 8 : (rdata[index] ?? 0);
  }
  accumulator += (accumulator >> 16) & 0xffff;
  return accumulator & 0xffff;
}

function renderKey(stored: StoredDnsKey, zoneDnsName: string, digestTypes: readonly DigestType[]): DnsKey {
  const key: DnsKey = structuredClone(stored.key);
  if (key.type === "keySigning") {
    const owner = wireName(zoneDnsName);
    key.digests = digestTypes.map((type) => ({
      type,
      digest: createHash(DIGEST_HASHES[type]).update(owner).update(stored.rdata).digest("hex").toUpperCase(),
    }));
  }
  return key;
}

/** A domain name in canonical wire form (RFC 4034 6.2): lowercase, length-prefixed labels, root label last. */
function wireName(name: string): Buffer {
  const labels = name
    .toLowerCase()
    .split(".")
    .filter((label) => label !== "");
  return Buffer.concat([...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, "ascii")])), Buffer.from([0])]);
}
