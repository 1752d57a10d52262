/**
 * SSH key parsing and fingerprints with sshpk, in the forms the CI API and
 * `ssh-keygen -l` print: md5 as colon-separated hex, sha256 as `SHA256:` base64.
 */
import { generateKeyPairSync } from "node:crypto";
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

let sampleKeys: string[] | undefined;

/**
 * Throwaway ed25519 private keys (PKCS#8 PEM) for the conformance samples, made on first
 * use: a key written into the source would ship in the package and trip secret scanners.
 */
export function sampleSshKey(index: 0 | 1): string {
  sampleKeys ??= [0, 1].map(() => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  return sampleKeys[index] as string;
}
