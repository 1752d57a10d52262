/** The API as the unit: each API's facts live in its manifest, and the shared code reads them from there. */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { API_MANIFESTS } from "../../provider/apis";
import { apiNames, resolveApiSettings, settingNames } from "../../provider/config";
import { credentialPlan } from "../../provider/google/credentials/settings";
import { REPO_ROOT } from "../support/toolchain";

const EMULATOR = "http://127.0.0.1:9";

describe("settings come from each API's manifest", () => {
  it.each(API_MANIFESTS.map((manifest) => [manifest.name, manifest] as const))("%s", (name, manifest) => {
    expect(apiNames()).toContain(name);
    expect(settingNames(name)).toEqual({
      baseUrl: [`svc:${name}BaseUrl`, `SVC_${name.toUpperCase()}_BASE_URL`],
      token: [`svc:${name}Token`, `SVC_${name.toUpperCase()}_TOKEN`],
    });
    const settings = resolveApiSettings(name, { SVC_EMULATOR_URL: EMULATOR, [`SVC_${name.toUpperCase()}_TOKEN`]: "t" });
    expect(settings.baseUrl).toBe(`${EMULATOR}${manifest.emulatorBasePath ?? ""}`);
    expect(settings.token).toBe("t");
    const tokenless = { SVC_EMULATOR_URL: EMULATOR, HOME: "/nonexistent", CLOUDSDK_CONFIG: "/nonexistent" };
    if (manifest.google !== undefined) {
      // No static token: the credential chain, asking for the manifest's scopes.
      expect(resolveApiSettings(name, tokenless).authStyle).toBe("google-credentials");
      expect(credentialPlan(name, tokenless).scopes).toEqual(manifest.google.scopes);
      // `svc:subject` applies to the APIs the manifest says are delegated (and needs a key there); the others ignore it.
      const delegating = { ...tokenless, SVC_SUBJECT: "ann@example.com" };
      if (manifest.google.delegated === true)
        expect(() => credentialPlan(name, delegating)).toThrow("svc:subject (domain-wide delegation) needs a service-account key");
      else expect(credentialPlan(name, delegating).subject).toBeUndefined();
    } else if (manifest.settings === undefined) {
      expect(() => resolveApiSettings(name, tokenless)).toThrow(`The ${name} API token is not set`);
    }
  });

  it("a base address that is not an http(s) URL is refused naming the setting it came from", () => {
    expect(() => resolveApiSettings("dns", { SVC_EMULATOR_URL: "npm warn something", SVC_DNS_TOKEN: "t" })).toThrow(
      'svc:emulatorUrl (or SVC_EMULATOR_URL) is "npm warn something", which is not an http(s) address',
    );
    expect(() => resolveApiSettings("dns", { SVC_DNS_BASE_URL: "dns.googleapis.com", SVC_DNS_TOKEN: "t" })).toThrow("svc:dnsBaseUrl (or SVC_DNS_BASE_URL) is");
  });

  it("token forms chosen by a setting are refused by name when unknown", () => {
    const manifest = API_MANIFESTS.find((candidate) => candidate.authStyles !== undefined);
    expect(manifest).toBeDefined();
    const [configKey, envVar] = manifest!.authStyles!.setting;
    expect(() =>
      resolveApiSettings(manifest!.name, { SVC_EMULATOR_URL: EMULATOR, [`SVC_${manifest!.name.toUpperCase()}_TOKEN`]: "t", [envVar]: "carrier-pigeon" }),
    ).toThrow(`${configKey} (or ${envVar}) is "carrier-pigeon"; it must be one of`);
  });
});

/** The code outside the APIs' folders: it may name no API (comments and docs aside). */
const SHARED = [
  "provider/config.ts",
  "provider/stackConfig.ts",
  "provider/clients.ts",
  "scripts/generate.ts",
  ...["provider/engine", "provider/http", "provider/google", "emulator", "emulator/google", "emulator/google/tokens", "scripts/generator", "plugin"].flatMap(
    (folder) =>
      readdirSync(path.join(REPO_ROOT, folder))
        .filter((file) => file.endsWith(".ts"))
        .map((file) => `${folder}/${file}`),
  ),
];

it("no shared file names an API in its code", () => {
  const found: string[] = [];
  for (const file of SHARED) {
    const code = readFileSync(path.join(REPO_ROOT, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:])\/\/.*$/gm, "$1");
    for (const name of apiNames()) {
      if (new RegExp(`["'\`]${name}["'\`]|=== ?["']${name}`).test(code)) found.push(`${file}: ${name}`);
    }
  }
  expect(found).toEqual([]);
});
