/**
 * Looks through every file of a release, and every member of its archives (tarballs, wheels,
 * module zips), for a token, key or credential: the forms of the well-known ones (a PEM private
 * key with its body, a Google key file's `private_key`, AWS, GitHub, npm, PyPI, Google API and
 * OAuth, Slack tokens), credential files by name (.npmrc, .pypirc, .netrc, .env, id_rsa), and any
 * literal value the caller knows to be secret (a test's tokens, the environment's). A finding
 * names the file, the member and the kind, never the value.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { filesUnder } from "./checksums";

const PATTERNS: ReadonlyArray<readonly [kind: string, pattern: RegExp]> = [
  // The header alone is in every TLS library (Node's binary holds it): a key is a header and a body.
  // The body's line breaks may be real or escaped (`\n` in a JavaScript or JSON string).
  ["a PEM private key", /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----(?:\s|\\[nr]){0,4}(?:[A-Za-z0-9+/=]{40,}(?:\s|\\[nr]){0,4}){2,}/],
  ["a key file's private_key", /"private_key"\s*:\s*"-----BEGIN/],
  ["an AWS access key id", /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
  ["a GitHub token", /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{50,})/],
  ["an npm token", /\bnpm_[A-Za-z0-9]{36}\b|_authToken\s*=\s*[^\s$]/],
  ["a PyPI token", /\bpypi-AgE[A-Za-z0-9_-]{50,}/],
  ["a Google API key", /\bAIza[0-9A-Za-z_-]{35}\b/],
  ["a Google OAuth token", /\bya29\.[0-9A-Za-z_-]{20,}|\b1\/\/0[0-9A-Za-z_-]{30,}/],
  ["a Slack token", /\bxox[abposr]-[0-9A-Za-z-]{10,}/],
];

const CREDENTIAL_FILES = /(^|\/)(\.npmrc|\.pypirc|\.netrc|\.env|id_rsa|id_ed25519|credentials\.json|application_default_credentials\.json)$/;

export interface Finding {
  readonly file: string;
  /** The member of an archive, when the finding is inside one. */
  readonly member?: string;
  readonly kind: string;
}

function scanText(text: string, secrets: readonly string[]): string[] {
  const kinds = PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
  if (secrets.some((secret) => text.includes(secret))) kinds.push("a value known to be secret");
  return kinds;
}

function scanFile(file: string, shown: string, secrets: readonly string[], member?: string): Finding[] {
  const findings: Finding[] = [];
  const name = member ?? shown;
  if (CREDENTIAL_FILES.test(name)) findings.push({ file: shown, ...(member !== undefined && { member }), kind: "a credential file" });
  for (const kind of scanText(readFileSync(file).toString("latin1"), secrets)) findings.push({ file: shown, ...(member !== undefined && { member }), kind });
  return findings;
}

const ARCHIVE = /\.(tar\.gz|tgz|whl|zip)$/;

/** Scans `dir` and the members of its archives; `secrets` are literal values that must appear nowhere (at least 8 characters each). */
export function scanForCredentials(dir: string, secrets: readonly string[] = []): { scanned: number; findings: Finding[] } {
  const literal = secrets.filter((secret) => secret.length >= 8);
  const findings: Finding[] = [];
  let scanned = 0;
  for (const file of filesUnder(dir)) {
    const full = path.join(dir, file);
    findings.push(...scanFile(full, file, literal));
    scanned++;
    if (!ARCHIVE.test(file)) continue;
    const unpacked = mkdtempSync(path.join(os.tmpdir(), "svc-scan-"));
    try {
      if (/\.(whl|zip)$/.test(file)) execFileSync("unzip", ["-q", full, "-d", unpacked]);
      else execFileSync("tar", ["-xzf", full, "-C", unpacked]);
      for (const member of filesUnder(unpacked)) {
        findings.push(...scanFile(path.join(unpacked, member), file, literal, member));
        scanned++;
      }
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  }
  return { scanned, findings };
}

/** Values of the environment whose names say they are secret (tokens, keys, passwords), for `scanForCredentials`. */
export function secretsOfEnvironment(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env)
    .filter(([name, value]) => /TOKEN|SECRET|PASSWORD|PASSPHRASE|API_KEY|PRIVATE_KEY|CREDENTIAL/i.test(name) && value !== undefined && value.length >= 8)
    .map(([, value]) => value as string);
}
