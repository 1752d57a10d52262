/**
 * The fingerprints the package computes equal what `ssh-keygen -l` prints for
 * the same key (md5 is what the CI API uses to name keys).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { privateKeyFingerprints, privateKeyProblem, publicKeyFingerprints } from "../../provider/apis/ci/keys";
import { sshKey } from "../../provider/apis/ci/sshKey";
import { diffArgs } from "../../provider/engine/plan/diff";

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "svc-keys-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function generate(name: string, ...options: string[]): string {
  const file = path.join(dir, name);
  execFileSync("ssh-keygen", ["-q", "-N", "", "-C", "test", "-f", file, ...options]);
  return file;
}

function keygenFingerprint(file: string, hash: "md5" | "sha256"): string {
  // ssh-keygen prints e.g. "256 MD5:ab:cd:... test (ED25519)".
  const line = execFileSync("ssh-keygen", ["-l", "-E", hash, "-f", file], { encoding: "utf8" });
  const field = line.split(" ")[1] ?? "";
  return hash === "md5" ? field.replace(/^MD5:/, "") : field;
}

describe.each([
  ["ed25519", ["-t", "ed25519"]],
  ["RSA (OpenSSH format)", ["-t", "rsa", "-b", "2048"]],
  ["RSA (PEM format)", ["-t", "rsa", "-b", "2048", "-m", "PEM"]],
])("a generated %s key", (name, options) => {
  it("has the md5 and sha256 fingerprints ssh-keygen prints", () => {
    const file = generate(name.replace(/\W+/g, "-"), ...options);
    const privateKey = readFileSync(file, "utf8");
    const fromPrivate = privateKeyFingerprints(privateKey);
    const fromPublic = publicKeyFingerprints(readFileSync(`${file}.pub`, "utf8"));
    expect(fromPrivate.md5).toBe(keygenFingerprint(file, "md5"));
    expect(fromPrivate.md5).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect(fromPrivate.sha256).toBe(keygenFingerprint(file, "sha256"));
    expect(fromPublic).toEqual(fromPrivate);
    expect(privateKeyProblem(privateKey)).toBeUndefined();
  });
});

it("explains a private key that does not parse, without echoing it", () => {
  const problem = privateKeyProblem("-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-key-at-all\n-----END OPENSSH PRIVATE KEY-----\n");
  expect(problem).toMatch(/is not a private key in PEM or OpenSSH format/);
  expect(problem).not.toContain("not-a-key-at-all");
});

describe("an SshKey's private key in another format", () => {
  it("is no change (the service knows the key by its fingerprint); another key is a replacement, made first", () => {
    const file = generate("reformatted", "-t", "rsa", "-b", "2048");
    const openssh = readFileSync(file, "utf8");
    // The same key written again as PEM: other text, same key.
    execFileSync("ssh-keygen", ["-q", "-p", "-N", "", "-m", "PEM", "-f", file]);
    const pem = readFileSync(file, "utf8");
    expect(pem).not.toBe(openssh);
    const state = {
      vcsType: "vcs-a",
      username: "acme",
      project: "api",
      hostname: "deploy.example.com",
      privateKey: openssh,
      fingerprint: privateKeyFingerprints(openssh).md5,
    };
    const inputs = { vcsType: "vcs-a", username: "acme", project: "api", hostname: "deploy.example.com" };
    expect(diffArgs(sshKey, state, { ...inputs, privateKey: pem }).changed).toEqual([]);
    const other = readFileSync(generate("other", "-t", "ed25519"), "utf8");
    expect(diffArgs(sshKey, state, { ...inputs, privateKey: other })).toMatchObject({ replaces: ["privateKey"], deleteBeforeReplace: false });
  });
});
