/** Checkout keys and additional SSH keys of a project. */
import type { ApiResult } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import type { CiContext } from "./context";
import { badRequest, checkoutKeyNotFound } from "./errors";
import type { CiProjectRequest } from "./request";
import { userOf } from "./request";
import type { CheckoutKeyRecord } from "./resources";
import { checkoutKeyWire } from "./resources";
import { checkoutKeyCreateSchema, parseCiBody, sshKeyCreateSchema, sshKeyDeleteSchema } from "./schemas";
import { generateCheckoutKey, parseFingerprint, privateKeyFingerprints } from "./ssh";
import type { ProjectEntry } from "./state";

type Digest = "md5" | "sha256";

function parseDigest(raw: string | undefined): Digest | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (raw === "md5" || raw === "sha256") return raw;
  throw badRequest(`digest must be md5 or sha256, got '${raw}'`);
}

/** The oldest remaining key of a project is its preferred key. */
function isPreferred(entry: ProjectEntry, key: CheckoutKeyRecord): boolean {
  return entry.checkoutKeys[0] === key;
}

/** GET .../checkout-key?digest=md5|sha256 (md5 by default). */
export function listCheckoutKeys(_context: CiContext, { call, entry }: CiProjectRequest): ApiResult {
  const digest = parseDigest(firstQueryValue(call.query, "digest")) ?? "md5";
  return { status: 200, body: entry.checkoutKeys.map((key) => checkoutKeyWire(key, digest, isPreferred(entry, key), "list")) };
}

/**
 * POST .../checkout-key (personal token). A `vcs-user-key` is the calling
 * user's key for the project: asking again returns the key the user already
 * has instead of making another.
 */
export function createCheckoutKey(context: CiContext, { call, caller, entry }: CiProjectRequest): ApiResult {
  const { type } = parseCiBody(checkoutKeyCreateSchema, call.body, { required: true });
  const { login } = userOf(caller);
  const storedType = type === "vcs-user-key" ? "user-key" : "deploy-key";
  if (storedType === "user-key") {
    const existing = entry.checkoutKeys.find((key) => key.type === "user-key" && key.owner === login);
    if (existing !== undefined) return { status: 200, body: checkoutKeyWire(existing, "md5", isPreferred(entry, existing), "single") };
  }
  const generated = generateCheckoutKey();
  const key: CheckoutKeyRecord = {
    type: storedType,
    owner: login,
    publicKey: generated.publicKey,
    md5: generated.md5,
    sha256: generated.sha256,
    time: context.now().toISOString(),
    sequence: context.store.nextSequence(),
  };
  entry.checkoutKeys.push(key);
  return { status: 200, body: checkoutKeyWire(key, "md5", isPreferred(entry, key), "single") };
}

/** GET .../checkout-key/{fingerprint}: answered in the digest the path used, unless `?digest=` says otherwise. */
export function getCheckoutKey(_context: CiContext, { call, entry }: CiProjectRequest): ApiResult {
  const { key, digest } = requireCheckoutKey(entry, pathParam(call, "fingerprint"));
  const answerDigest = parseDigest(firstQueryValue(call.query, "digest")) ?? digest;
  return { status: 200, body: checkoutKeyWire(key, answerDigest, isPreferred(entry, key), "single") };
}

export function deleteCheckoutKey(_context: CiContext, { call, entry }: CiProjectRequest): ApiResult {
  const { key } = requireCheckoutKey(entry, pathParam(call, "fingerprint"));
  entry.checkoutKeys.splice(entry.checkoutKeys.indexOf(key), 1);
  return { status: 200, body: { message: "ok" } };
}

function requireCheckoutKey(entry: ProjectEntry, fingerprint: string): { key: CheckoutKeyRecord; digest: Digest } {
  const wanted = parseFingerprint(fingerprint);
  const key = entry.checkoutKeys.find((candidate) => (wanted.digest === "md5" ? candidate.md5 : candidate.sha256) === wanted.value);
  if (key === undefined) throw checkoutKeyNotFound();
  return { key, digest: wanted.digest };
}

/**
 * POST .../ssh-key: stores the hostname and the md5 fingerprint of the key's
 * public half (never the private key); 200 with an empty body. Adding the
 * same key for the same hostname again changes nothing.
 */
export function addSshKey(_context: CiContext, { call, entry }: CiProjectRequest): ApiResult {
  const body = parseCiBody(sshKeyCreateSchema, call.body, { required: true });
  const fingerprints = privateKeyFingerprints(body.private_key);
  const exists = entry.sshKeys.some((key) => key.hostname === body.hostname && key.fingerprint === fingerprints.md5);
  if (!exists) entry.sshKeys.push({ hostname: body.hostname, fingerprint: fingerprints.md5, sha256: fingerprints.sha256 });
  return { status: 200 };
}

/** DELETE .../ssh-key: 200 with an empty body, whether or not such a key existed (as the service answers). */
export function deleteSshKey(_context: CiContext, { call, entry }: CiProjectRequest): ApiResult {
  const body = parseCiBody(sshKeyDeleteSchema, call.body, { required: true });
  const wanted = parseFingerprint(body.fingerprint);
  entry.sshKeys = entry.sshKeys.filter((key) => !(key.hostname === body.hostname && (wanted.digest === "md5" ? key.fingerprint : key.sha256) === wanted.value));
  return { status: 200 };
}
