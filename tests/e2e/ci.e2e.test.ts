/**
 * The CI resources end to end with the real Pulumi engine against the
 * emulator: lifecycle, import, secrecy of the SSH key and the token, and
 * creates under rate limiting.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runConformance } from "../support/conformance";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";
import { openStack, type TestStack } from "../support/stacks";
import { requireEngine } from "../support/toolchain";

const PROJECT = "/api/v1.1/project/vcs-a/acme/api-service";

let emulator: RunningEmulator;
let keyDir: string;

beforeAll(async () => {
  requireEngine();
  emulator = await startEmulator();
  keyDir = mkdtempSync(path.join(os.tmpdir(), "svc-ci-keys-"));
});

afterAll(async () => {
  await emulator?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await emulator.reset();
});

interface CiObjects {
  ci: { checkoutKeys: unknown[]; sshKeys: Array<{ fingerprint: string; hostname: string }>; follows: unknown[] };
}

function generateKey(name: string): { privateKey: string; md5: string } {
  const file = path.join(keyDir, name);
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "e2e", "-f", file]);
  const printed = execFileSync("ssh-keygen", ["-l", "-E", "md5", "-f", file], { encoding: "utf8" });
  return { privateKey: readFileSync(file, "utf8"), md5: (printed.split(" ")[1] ?? "").replace(/^MD5:/, "") };
}

describe("a CI project (examples/ci-project)", () => {
  let test: TestStack;

  afterEach(async () => {
    await test?.dispose();
  });

  it("goes through the conformance run: follows, adds keys, stays quiet on preview and refresh, replaces on a changed input, destroys everything", async () => {
    const key = generateKey("lifecycle");
    test = await openStack("ci-project", emulator, {
      org: { value: "acme" },
      project: { value: "api-service" },
      keyCount: { value: "1" },
      sshPrivateKey: { value: key.privateKey, secret: true },
    });
    let fingerprints: string[] = [];
    await runConformance(test, emulator, {
      created: 4,
      afterUp: async (outputs) => {
        expect(typeof outputs["firstBuildNumber"]?.value).toBe("number");
        expect(outputs["buildCount"]?.value).toBe(13); // 12 seeded jobs and the first build of the follow
        expect(outputs["deployKeyFingerprint"]?.value).toBe(key.md5);
        fingerprints = outputs["fingerprints"]?.value as string[];
        expect(fingerprints).toHaveLength(1);
        const objects = (await emulator.objects()) as unknown as CiObjects;
        expect(objects.ci.checkoutKeys).toHaveLength(1);
        expect(objects.ci.sshKeys).toEqual([expect.objectContaining({ hostname: "deploy.example.com", fingerprint: key.md5 })]);
        expect(objects.ci.follows).toHaveLength(1);
      },
      // No update endpoint: every changed input replaces.
      updates: [],
      replaces: [
        {
          what: "a new key type replaces the checkout key",
          config: { keyType: { value: "vcs-user-key" } },
          changes: { same: 3, replace: 1 },
          verify: async () => {
            const after = (await emulator.ciApi("GET", `${PROJECT}/checkout-key`)).body as Array<{ type: string; fingerprint: string }>;
            expect(after.map((k) => k.type)).toEqual(["vcs-user-key"]);
            expect(after.map((k) => k.fingerprint)).not.toEqual(expect.arrayContaining(fingerprints));
          },
        },
        {
          what: "a new host replaces the SSH key: the old one is deleted by fingerprint and host",
          config: { sshHost: { value: "deploy2.example.com" } },
          changes: { same: 3, replace: 1 },
          verify: async () => {
            const sshDeletes = (await emulator.requests({ method: "DELETE" })).filter((r) => r.path.endsWith("/ssh-key"));
            expect(sshDeletes.at(-1)?.body).toEqual({ fingerprint: key.md5, hostname: "deploy.example.com" });
            expect(((await emulator.objects()) as unknown as CiObjects).ci.sshKeys).toEqual([
              expect.objectContaining({ hostname: "deploy2.example.com", fingerprint: key.md5 }),
            ]);
          },
        },
        {
          what: "another project replaces everything that belongs to the project, the follow included",
          config: { project: { value: "monorepo" } },
          changes: { same: 1, replace: 3 },
          verify: async () => {
            const moved = (await emulator.objects()) as unknown as CiObjects;
            expect(moved.ci.follows).toEqual([expect.objectContaining({ project: expect.stringContaining("monorepo") })]);
          },
        },
      ],
      // The example takes no import ids; examples/ci-import covers adoption below.
      imports: [],
      nothingLeft: (objects) => expect((objects as unknown as CiObjects).ci).toEqual(expect.objectContaining({ checkoutKeys: [], sshKeys: [], follows: [] })),
    });
  });

  it("removes from the state a checkout key deleted outside Pulumi, without failing the refresh", async () => {
    test = await openStack("ci-project", emulator, { org: { value: "acme" }, project: { value: "api-service" } });
    const up = await test.stack.up();
    const [fingerprint] = up.outputs["fingerprints"]?.value as string[];
    const removed = await emulator.ciApi("DELETE", `${PROJECT}/checkout-key/${encodeURIComponent(fingerprint ?? "")}`);
    expect(removed.status).toBe(200);
    expect((await test.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, delete: 1 });
    await test.stack.destroy();
  });

  it("keeps the SSH private key and the token out of the state, the engine output and the request log", async () => {
    const key = generateKey("secrecy");
    test = await openStack("ci-project", emulator, {
      org: { value: "acme" },
      project: { value: "api-service" },
      keyCount: { value: "0" },
      sshPrivateKey: { value: key.privateKey, secret: true },
    });
    const output: string[] = [];
    await test.stack.up({ onOutput: (line) => output.push(line) });
    await test.stack.preview({ onOutput: (line) => output.push(line) });
    const keyBody = key.privateKey.split("\n")[1] as string; // a line of the key's base64 body
    const state = await test.stateText();
    const log = JSON.stringify(await emulator.requests());
    for (const text of [state, output.join(""), log]) {
      expect(text).not.toContain(keyBody);
      expect(text).not.toContain(emulator.token);
    }
    // The key did reach the emulator (which parsed it), and its log shows it redacted.
    expect(log).toContain("REDACTED");
    const sshKey = (await test.stateResources()).find((r) => r.type === "pulumi-nodejs:dynamic/ci:SshKey");
    expect(JSON.stringify(sshKey?.outputs?.["privateKey"])).toContain("ciphertext");
    expect(JSON.stringify(sshKey?.inputs?.["privateKey"])).toContain("ciphertext");
    await test.stack.destroy();
    expect(((await emulator.objects()) as unknown as CiObjects).ci.sshKeys).toEqual([]);
  });

  it("creates exactly 10 checkout keys under 30% 429s with Retry-After", async () => {
    test = await openStack("ci-project", emulator, { org: { value: "acme" }, project: { value: "api-service" }, keyCount: { value: "10" } });
    await emulator.faults({ rate429: 0.3, retryAfterSeconds: 1, pathPrefix: "/api/v1.1/", seed: 4 });
    const up = await test.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 12 });
    await emulator.clearFaults();
    const keys = (await emulator.ciApi("GET", `${PROJECT}/checkout-key`)).body as unknown[];
    expect(keys).toHaveLength(10);
    expect((await emulator.stats()).total).toBeGreaterThan(12);
    await test.stack.destroy();
  });
});

describe("adoption with { import } (examples/ci-import)", () => {
  let test: TestStack;

  afterEach(async () => {
    await test?.dispose();
  });

  it("adopts a follow and a checkout key that exist only in the emulator; the next preview is empty", async () => {
    expect((await emulator.ciApi("POST", `${PROJECT}/follow`)).status).toBe(200);
    const created = await emulator.ciApi("POST", `${PROJECT}/checkout-key`, { type: "deploy-key" });
    expect(created.status).toBe(200);
    const fingerprint = (created.body as { fingerprint: string }).fingerprint;
    const writesBefore = (await emulator.requests()).filter((r) => r.method !== "GET").length;

    test = await openStack("ci-import", emulator, {
      org: { value: "acme" },
      project: { value: "api-service" },
      keyFingerprint: { value: fingerprint },
    });
    const up = await test.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    expect(up.outputs["keyId"]?.value).toBe(`vcs-a/acme/api-service/${fingerprint}`);
    expect((await emulator.requests()).filter((r) => r.method !== "GET").length).toBe(writesBefore);
    expect((await test.stack.preview()).changeSummary).toEqual({ same: 3 });

    await test.stack.destroy();
    const left = (await emulator.objects()) as unknown as CiObjects;
    expect(left.ci).toEqual(expect.objectContaining({ checkoutKeys: [], follows: [] }));
  });
});
