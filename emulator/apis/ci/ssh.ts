/**
 * Real SSH keys: checkout keys are fresh ed25519 key pairs (only the public
 * half is kept), rendered in OpenSSH format; fingerprints are what
 * `ssh-keygen -l` prints: md5 as colon-separated hex (`-E md5`, after
 * "MD5:") and sha256 as `SHA256:` + unpadded base64, both over the decoded
 * public key blob. Private keys sent to the SSH-key endpoint are parsed with
 * sshpk (PEM or OpenSSH format) and never stored.
 */
import { createHash, generateKeyPairSync } from "node:crypto";
import * as sshpk from "sshpk";
import { badRequest } from "./errors";

export interface Fingerprints {
  md5: string;
  sha256: string;
}

export interface GeneratedPublicKey extends Fingerprints {
  /** `ssh-ed25519 AAAA...` */
  publicKey: string;
}

export function generateCheckoutKey(): GeneratedPublicKey {
  const { publicKey } = generateKeyPairSync("ed25519");
  const jwk = publicKey.export({ format: "jwk" });
  if (jwk.x === undefined) throw new Error("ed25519 public key without x");
  const blob = Buffer.concat([sshString(Buffer.from("ssh-ed25519")), sshString(Buffer.from(jwk.x, "base64url"))]);
  return { publicKey: `ssh-ed25519 ${blob.toString("base64")}`, ...fingerprintsOfBlob(blob) };
}

export function fingerprintsOfBlob(blob: Buffer): Fingerprints {
  const md5 = createHash("md5").update(blob).digest("hex").match(/../g)?.join(":") ?? "";
  const sha256 = `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
  return { md5, sha256 };
}

/** Fingerprints of the public half of a private key; 400 when it is not a usable private key. */
export function privateKeyFingerprints(privateKey: string): Fingerprints {
  let key: sshpk.PrivateKey;
  try {
    key = sshpk.parsePrivateKey(privateKey, "auto");
  } catch (error) {
    if (error instanceof Error && error.name === "KeyEncryptedError") {
      throw badRequest("private_key is encrypted: passphrase-protected keys are not supported");
    }
    throw badRequest("private_key is not a valid private key (expected PEM or OpenSSH format)");
  }
  return { md5: key.fingerprint("md5").toString("hex"), sha256: key.fingerprint("sha256").toString("base64") };
}

/**
 * The form a client used to name a key: md5 (`aa:bb:...`, any case) or
 * sha256 (`SHA256:...`, with or without the prefix and base64 padding).
 */
export function parseFingerprint(text: string): { digest: "md5" | "sha256"; value: string } {
  const trimmed = text.trim();
  if (/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/i.test(trimmed)) return { digest: "md5", value: trimmed.toLowerCase() };
  const body = trimmed.replace(/^SHA256:/i, "").replace(/=+$/, "");
  return { digest: "sha256", value: `SHA256:${body}` };
}

function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}
