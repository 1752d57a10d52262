/**
 * A process's read functions run in its one runtime, which its root (provider/index.ts) holds:
 * called directly, through the SDK or beside the process's providers, they share its token
 * sources (one token exchange for them all), its clients (their rate-limit gates and limiters) and
 * its engine. Against the emulator's token endpoint, with a service-account key as a user gives it.
 */
import { mkdtempSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createEmulator, type Emulator } from "../../emulator/server";
import { getManagedZones } from "../../provider/apis/dns/functions";
import { processRuntime, providerFor } from "../../provider/index";
import * as sdk from "../../sdk";
import { programRuntime } from "../../sdk/internal/functions";
import { emulatorCredential } from "../support/googleCredentials";

const env = { ...process.env };
let emulator: Emulator;

beforeAll(async () => {
  emulator = createEmulator();
  const url = await emulator.listen(0, "127.0.0.1");
  const key = await emulatorCredential(url, "service-accounts", { name: "reader" });
  // The key's token exchange, no static token; no gcloud file of the machine.
  for (const name of Object.keys(process.env)) if (/^(SVC_|GOOGLE_)/.test(name)) delete process.env[name];
  Object.assign(process.env, {
    SVC_EMULATOR_URL: url,
    SVC_CREDENTIALS: JSON.stringify(key),
    SVC_PROJECT: "runtime-project",
    CLOUDSDK_CONFIG: mkdtempSync(path.join(os.tmpdir(), "svc-gcloud-")),
  });
});

afterAll(async () => {
  process.env = { ...env };
  await emulator.close();
});

const tokensIssued = (): number => emulator.accessTokens.report().issued.length;

it("a function called directly twice exchanges one token, through one client", async () => {
  const before = tokensIssued();
  expect(await getManagedZones()).toEqual([]);
  expect(await getManagedZones()).toEqual([]);
  expect(tokensIssued() - before).toBe(1);
  expect(processRuntime().clientFor("dns")).toBe(processRuntime().clientFor("dns"));
});

it("the SDK's functions and the process's providers share that runtime, and its token", async () => {
  const before = tokensIssued();
  expect(programRuntime()).toBe(processRuntime());
  const zones = providerFor("dns:ManagedZone");
  const inputs = (await zones.check({}, { name: "shared-runtime", dnsName: "shared.example." })).inputs ?? {};
  const { id, outs } = await zones.create(inputs);
  expect((await sdk.dns.getManagedZones()).map((zone) => zone.name)).toEqual(["shared-runtime"]);
  expect((await getManagedZones()).map((zone) => zone.name)).toEqual(["shared-runtime"]);
  await zones.delete(id, outs);
  expect(tokensIssued() - before).toBe(0);
});
