/**
 * CI checkout keys and SSH keys over real HTTP. Fingerprints are checked
 * against `ssh-keygen -l` on the served public keys, and the private keys
 * sent to the SSH-key endpoint must never reach the request log.
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Emulator } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";

const PERSONAL = "ci-keys-personal";
const PROJECT_TOKEN = "ci-keys-project";
const PROJECT = "/api/v1.1/project/vcs-a/acme/api-service";
const KEYS = `${PROJECT}/checkout-key`;
const SSH_KEY = `${PROJECT}/ssh-key`;
const SSH_KEYGEN = "/usr/bin/ssh-keygen";

interface CheckoutKey {
  public_key: string;
  type: string;
  fingerprint: string;
  preferred: boolean;
  time: string;
}

interface CiResponse<Body = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: Body;
}

let emulator: Emulator;
let baseUrl: string;
let workDir: string;

beforeAll(async () => {
  emulator = createEmulator({ ci: { personalTokens: [PERSONAL], projectTokens: { [PROJECT_TOKEN]: "vcs-a/acme/api-service" } } });
  baseUrl = await emulator.listen(0);
  workDir = mkdtempSync(path.join(tmpdir(), "ci-keys-"));
});
afterAll(async () => {
  await emulator.close();
  rmSync(workDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await fetch(`${baseUrl}/_emulator/reset`, { method: "POST" });
});

async function ci<Body = unknown>(
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; accept?: string } = {},
): Promise<CiResponse<Body>> {
  const { token = PERSONAL, body, accept = "application/json" } = options;
  const headers: Record<string, string> = { "ci-token": token, accept };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: (text === "" ? undefined : JSON.parse(text)) as Body };
}

interface CiObjects {
  ci: { checkoutKeys: unknown[]; sshKeys: unknown[]; follows: unknown[] };
}

async function objects(): Promise<CiObjects> {
  return (await (await fetch(`${baseUrl}/_emulator/objects`)).json()) as CiObjects;
}

let fileCounter = 0;
function tempFile(contents: string): string {
  fileCounter += 1;
  const file = path.join(workDir, `key-${fileCounter}`);
  writeFileSync(file, contents, { mode: 0o600 });
  return file;
}

/** What `ssh-keygen -l` prints for a key file: `<bits> <fingerprint> <comment> (<type>)`. */
function sshKeygenFingerprint(file: string, digest: "md5" | "sha256"): string {
  const output = execFileSync(SSH_KEYGEN, ["-l", "-E", digest, "-f", file], { encoding: "utf8" });
  const fingerprint = output.split(" ")[1] ?? "";
  return digest === "md5" ? fingerprint.replace(/^MD5:/, "") : fingerprint;
}

async function createKey(type: "deploy-key" | "vcs-user-key"): Promise<CheckoutKey> {
  const result = await ci<CheckoutKey>("POST", KEYS, { body: { type } });
  expect(result.status).toBe(200);
  return result.body;
}

describe("checkout keys", () => {
  it("creates a real ed25519 deploy key whose fingerprints are what ssh-keygen computes", async () => {
    const key = await createKey("deploy-key");
    expect(key).toEqual({
      public_key: expect.stringMatching(/^ssh-ed25519 AAAA[A-Za-z0-9+/]+=*$/),
      type: "deploy-key",
      fingerprint: expect.stringMatching(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/),
      preferred: true,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const publicKeyFile = tempFile(`${key.public_key}\n`);
    expect(key.fingerprint).toBe(sshKeygenFingerprint(publicKeyFile, "md5"));

    const sha256 = await ci<CheckoutKey[]>("GET", `${KEYS}?digest=sha256`);
    expect(sha256.body).toEqual([{ ...key, fingerprint: sshKeygenFingerprint(publicKeyFile, "sha256") }]);
    expect(sha256.body[0]?.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it("lists keys with md5 by default and says vcs-user-key in the list, user-key elsewhere", async () => {
    const deploy = await createKey("deploy-key");
    const user = await createKey("vcs-user-key");
    expect(user.type).toBe("user-key");
    expect(user.preferred).toBe(false);

    const list = await ci<CheckoutKey[]>("GET", KEYS);
    expect(list.body).toEqual([
      { ...deploy, preferred: true },
      { ...user, type: "vcs-user-key" },
    ]);
    expect((await ci<CheckoutKey[]>("GET", `${KEYS}?digest=md5`)).body).toEqual(list.body);
    expect((await ci("GET", `${KEYS}?digest=sha1`)).status).toBe(400);

    const single = await ci<CheckoutKey>("GET", `${KEYS}/${user.fingerprint}`);
    expect(single.body).toEqual(user);

    // The user's key is returned again instead of a second one.
    const again = await createKey("vcs-user-key");
    expect(again).toEqual(user);
    expect((await ci<CheckoutKey[]>("GET", KEYS)).body).toHaveLength(2);
    expect((await ci<{ user_key_fingerprint: string | null }>("GET", "/api/v1.1/me")).body.user_key_fingerprint).toBe(user.fingerprint);

    // A project token can read keys, but only a user can create them.
    expect((await ci("GET", KEYS, { token: PROJECT_TOKEN })).status).toBe(200);
    expect((await ci("POST", KEYS, { token: PROJECT_TOKEN, body: { type: "deploy-key" } })).status).toBe(403);
  });

  it("gets a key by md5 or by URL-encoded sha256, and deletes it", async () => {
    const first = await createKey("deploy-key");
    const second = await createKey("deploy-key");
    const sha256 = sshKeygenFingerprint(tempFile(`${second.public_key}\n`), "sha256");

    const bySha = await ci<CheckoutKey>("GET", `${KEYS}/${encodeURIComponent(sha256)}`);
    expect(bySha.status).toBe(200);
    expect(bySha.body).toEqual({ ...second, fingerprint: sha256 });
    const byShaAsMd5 = await ci<CheckoutKey>("GET", `${KEYS}/${encodeURIComponent(sha256)}?digest=md5`);
    expect(byShaAsMd5.body.fingerprint).toBe(second.fingerprint);
    expect((await ci<CheckoutKey>("GET", `${KEYS}/${second.fingerprint.toUpperCase()}`)).body.fingerprint).toBe(second.fingerprint);

    const deleted = await ci("DELETE", `${KEYS}/${first.fingerprint}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "ok" });
    const missing = await ci("GET", `${KEYS}/${first.fingerprint}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Checkout key not found" });
    expect((await ci("DELETE", `${KEYS}/${first.fingerprint}`)).status).toBe(404);

    // The oldest remaining key becomes the preferred one.
    expect((await ci<CheckoutKey[]>("GET", KEYS)).body).toEqual([{ ...second, preferred: true }]);
    expect((await ci("DELETE", `${KEYS}/${encodeURIComponent(sha256)}`)).body).toEqual({ message: "ok" });
    expect((await objects()).ci.checkoutKeys).toEqual([]);
  });

  it("refuses a missing or unknown key type with 400", async () => {
    for (const body of [undefined, {}, { type: "user-key" }, { type: "deploy-key", extra: 1 }]) {
      const result = await ci<{ message: string }>("POST", KEYS, { body });
      expect([body, result.status]).toEqual([body, 400]);
      expect(result.body.message).toEqual(expect.any(String));
    }
    expect((await ci<{ message: string }>("POST", KEYS, { body: { type: "rsa" } })).body.message).toBe("type must be one of deploy-key, vcs-user-key");
    expect((await objects()).ci.checkoutKeys).toEqual([]);
  });

  it("reports client-created keys in /_emulator/objects and forgets them on reset", async () => {
    const key = await createKey("deploy-key");
    expect((await objects()).ci.checkoutKeys).toEqual([{ project: "vcs-a/acme/api-service", type: "deploy-key", fingerprint: key.fingerprint }]);
    await fetch(`${baseUrl}/_emulator/reset`, { method: "POST" });
    expect((await objects()).ci).toEqual({ checkoutKeys: [], sshKeys: [], follows: [] });
  });
});

describe("SSH keys", () => {
  function opensshKeyPair(): { privateKey: string; publicKeyFile: string } {
    fileCounter += 1;
    const file = path.join(workDir, `id-${fileCounter}`);
    execFileSync(SSH_KEYGEN, ["-q", "-t", "ed25519", "-N", "", "-C", "emulator-test", "-f", file]);
    return { privateKey: readFileSync(file, "utf8"), publicKeyFile: `${file}.pub` };
  }

  it("adds a key (OpenSSH format) with an empty 200, storing hostname and md5 fingerprint, never the private key", async () => {
    const { privateKey, publicKeyFile } = opensshKeyPair();
    const added = await ci("POST", SSH_KEY, { body: { hostname: "deploy.example.test", private_key: privateKey } });
    expect(added.status).toBe(200);
    expect(added.text).toBe("");
    expect(added.headers.get("content-type")).toBeNull();

    const fingerprint = sshKeygenFingerprint(publicKeyFile, "md5");
    expect((await objects()).ci.sshKeys).toEqual([{ project: "vcs-a/acme/api-service", hostname: "deploy.example.test", fingerprint }]);

    const log = await (await fetch(`${baseUrl}/_emulator/requests?method=POST&pathPrefix=${SSH_KEY}`)).text();
    expect(log).not.toContain("PRIVATE KEY");
    expect(JSON.parse(log)).toEqual({
      requests: [expect.objectContaining({ body: { hostname: "deploy.example.test", private_key: "[REDACTED]" }, status: 200 })],
    });

    // The same key for the same host again changes nothing.
    await ci("POST", SSH_KEY, { body: { hostname: "deploy.example.test", private_key: privateKey } });
    expect((await objects()).ci.sshKeys).toHaveLength(1);

    const deleted = await ci("DELETE", SSH_KEY, { body: { fingerprint, hostname: "deploy.example.test" } });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await objects()).ci.sshKeys).toEqual([]);
    // Deleting a key that is not there answers 200 as well, as the service does.
    expect((await ci("DELETE", SSH_KEY, { body: { fingerprint, hostname: "deploy.example.test" } })).status).toBe(200);
  });

  it("accepts a PEM RSA key and a project token", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
    const result = await ci("POST", SSH_KEY, { token: PROJECT_TOKEN, body: { hostname: "git.example.test", private_key: pem } });
    expect(result.status).toBe(200);

    const spkiFile = tempFile(publicKey.export({ type: "spki", format: "pem" }).toString());
    const sshPublicKey = execFileSync(SSH_KEYGEN, ["-i", "-m", "PKCS8", "-f", spkiFile], { encoding: "utf8" });
    const fingerprint = sshKeygenFingerprint(tempFile(sshPublicKey), "md5");
    expect((await objects()).ci.sshKeys).toEqual([{ project: "vcs-a/acme/api-service", hostname: "git.example.test", fingerprint }]);
  });

  it("refuses a key that does not parse with 400, and a body without the required fields", async () => {
    const notAKey = await ci("POST", SSH_KEY, { body: { hostname: "h", private_key: "not a key" } });
    expect(notAKey.status).toBe(400);
    expect(notAKey.body).toEqual({ message: "private_key is not a valid private key (expected PEM or OpenSSH format)" });
    const { publicKeyFile } = opensshKeyPair();
    const publicOnly = await ci("POST", SSH_KEY, { body: { hostname: "h", private_key: readFileSync(publicKeyFile, "utf8") } });
    expect(publicOnly.status).toBe(400);
    expect((await ci("POST", SSH_KEY, { body: { hostname: "h" } })).body).toEqual({ message: "private_key is required" });
    expect((await ci("POST", SSH_KEY, { body: { private_key: "x" } })).body).toEqual({ message: "hostname is required" });
    expect((await ci("DELETE", SSH_KEY, { body: { hostname: "h" } })).body).toEqual({ message: "fingerprint is required" });
    expect((await objects()).ci.sshKeys).toEqual([]);

    const log = await (await fetch(`${baseUrl}/_emulator/requests?pathPrefix=${SSH_KEY}`)).text();
    expect(log).not.toContain("ssh-ed25519");
    expect(log).not.toContain("not a key");
  });

  it("refuses a passphrase-protected key with 400", async () => {
    fileCounter += 1;
    const file = path.join(workDir, `encrypted-${fileCounter}`);
    execFileSync(SSH_KEYGEN, ["-q", "-t", "ed25519", "-N", "secret-passphrase", "-f", file]);
    const result = await ci<{ message: string }>("POST", SSH_KEY, { body: { hostname: "h", private_key: readFileSync(file, "utf8") } });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/encrypted/);
  });
});
