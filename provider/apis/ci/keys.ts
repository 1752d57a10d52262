/**
 * SSH key parsing and fingerprints with sshpk, in the forms the CI API and
 * `ssh-keygen -l` print: md5 as colon-separated hex, sha256 as `SHA256:` base64.
 */
import { createHash, createPrivateKey } from "node:crypto";
import * as sshpk from "sshpk";

export interface KeyFingerprints {
  readonly md5: string;
  readonly sha256: string;
}

export function publicKeyFingerprints(publicKey: string): KeyFingerprints {
  const key = sshpk.parseKey(publicKey, "auto");
  return { md5: key.fingerprint("md5").toString("hex"), sha256: key.fingerprint("sha256").toString("base64") };
}

export function privateKeyFingerprints(privateKey: string): KeyFingerprints {
  const key = sshpk.parsePrivateKey(privateKey, "auto").toPublic();
  return { md5: key.fingerprint("md5").toString("hex"), sha256: key.fingerprint("sha256").toString("base64") };
}

/**
 * Whether two private-key texts hold the same key (in any format or spacing): the service knows
 * a key by its fingerprint, so reformatting it is no change — and must not be a replacement,
 * whose create (a no-op for a key already there) would be followed by the delete of that key.
 */
export function sameKey(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "string" || typeof b !== "string" || privateKeyProblem(a) !== undefined || privateKeyProblem(b) !== undefined) return false;
  return privateKeyFingerprints(a).sha256 === privateKeyFingerprints(b).sha256;
}

/** Why a private key does not parse, or undefined when it does. */
export function privateKeyProblem(privateKey: string): string | undefined {
  try {
    sshpk.parsePrivateKey(privateKey, "auto");
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : "unreadable";
    return `is not a private key in PEM or OpenSSH format (${reason}); an encrypted key must be decrypted first`;
  }
}

/** The DER prefix of a PKCS#8 ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/**
 * Throwaway ed25519 private keys (PKCS#8 PEM) for the conformance samples: a key written into the
 * source would ship in the package and trip secret scanners, so each is derived from this process
 * (the same key at every call in it, another in the next process), and nothing is kept.
 */
export function sampleSshKey(index: 0 | 1): string {
  // The process and when it began (`performance.timeOrigin`) tell this process apart from any other.
  const seed = createHash("sha256").update(`pulumi-svc conformance sample ssh key ${index} ${process.pid} ${performance.timeOrigin}`).digest();
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" })
    .export({ type: "pkcs8", format: "pem" })
    .toString();
}
