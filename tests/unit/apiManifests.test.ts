/** The API as the unit: each API's facts live in its manifest, and the shared code reads them from there. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { API_MANIFESTS } from "../../provider/apis";
import { apiNames, NO_CONFIG, resolveApiSettings, settingNames, settingsOf, type ConfigSource } from "../../provider/config";
import { credentialPlan } from "../../provider/google/credentials/settings";
import { REPO_ROOT } from "../support/toolchain";

/** The settings are read with no stack configuration: the environment given alone. */
const config: ConfigSource = NO_CONFIG;

const EMULATOR = "http://127.0.0.1:9";

describe("settings come from each API's manifest", () => {
  it.each(API_MANIFESTS.map((manifest) => [manifest.name, manifest] as const))("%s", (name, manifest) => {
    expect(apiNames()).toContain(name);
    expect(settingNames(name)).toEqual({
      baseUrl: [`svc:${name}BaseUrl`, `SVC_${name.toUpperCase()}_BASE_URL`],
      token: [`svc:${name}Token`, `SVC_${name.toUpperCase()}_TOKEN`],
    });
    const settings = resolveApiSettings(name, settingsOf(config, { SVC_EMULATOR_URL: EMULATOR, [`SVC_${name.toUpperCase()}_TOKEN`]: "t" }));
    expect(settings.baseUrl).toBe(`${EMULATOR}${manifest.emulatorBasePath ?? ""}`);
    expect(settings.token).toBe("t");
    const tokenless = { SVC_EMULATOR_URL: EMULATOR, HOME: "/nonexistent", CLOUDSDK_CONFIG: "/nonexistent" };
    if (manifest.google !== undefined) {
      // No static token: the credential chain, asking for the manifest's scopes.
      expect(resolveApiSettings(name, settingsOf(config, tokenless)).authStyle).toBe("google-credentials");
      expect(credentialPlan(name, settingsOf(config, tokenless)).scopes).toEqual(manifest.google.scopes);
      // `svc:subject` applies to the APIs the manifest says are delegated (and needs a key there); the others ignore it.
      const delegating = { ...tokenless, SVC_SUBJECT: "ann@example.com" };
      if (manifest.google.delegated === true)
        expect(() => credentialPlan(name, settingsOf(config, delegating))).toThrow("svc:subject (domain-wide delegation) needs a service-account key");
      else expect(credentialPlan(name, settingsOf(config, delegating)).subject).toBeUndefined();
    } else if (manifest.settings === undefined) {
      expect(() => resolveApiSettings(name, settingsOf(config, tokenless))).toThrow(`The ${name} API token is not set`);
    }
  });

  it("a base address that is not an http(s) URL is refused naming the setting it came from", () => {
    expect(() => resolveApiSettings("dns", settingsOf(config, { SVC_EMULATOR_URL: "npm warn something", SVC_DNS_TOKEN: "t" }))).toThrow(
      'svc:emulatorUrl (or SVC_EMULATOR_URL) is "npm warn something", which is not an http(s) address',
    );
    expect(() => resolveApiSettings("dns", settingsOf(config, { SVC_DNS_BASE_URL: "dns.googleapis.com", SVC_DNS_TOKEN: "t" }))).toThrow(
      "svc:dnsBaseUrl (or SVC_DNS_BASE_URL) is",
    );
  });

  it("token forms chosen by a setting are refused by name when unknown", () => {
    const manifest = API_MANIFESTS.find((candidate) => candidate.authStyles !== undefined);
    expect(manifest).toBeDefined();
    const [configKey, envVar] = manifest!.authStyles!.setting;
    expect(() =>
      resolveApiSettings(
        manifest!.name,
        settingsOf(config, { SVC_EMULATOR_URL: EMULATOR, [`SVC_${manifest!.name.toUpperCase()}_TOKEN`]: "t", [envVar]: "carrier-pigeon" }),
      ),
    ).toThrow(`${configKey} (or ${envVar}) is "carrier-pigeon"; it must be one of`);
  });
});

/** Every TypeScript file under `folder`, at any depth; the APIs' own emulator plug-ins (`emulator/apis/`) are theirs, not shared. */
function filesUnder(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder)).flatMap((entry) => {
    const relative = `${folder}/${entry}`;
    if (relative === "emulator/apis") return [];
    if (statSync(path.join(REPO_ROOT, relative)).isDirectory()) return filesUnder(relative);
    return relative.endsWith(".ts") ? [relative] : [];
  });
}

/** The code outside the APIs' folders, every file under the shared folders: it may name no API (comments and docs aside). */
const SHARED = [
  "provider/config.ts",
  "provider/stackConfig.ts",
  "provider/runtime.ts",
  "scripts/generate.ts",
  ...["provider/engine", "provider/http", "provider/google", "emulator", "scripts/generator", "plugin"].flatMap(filesUnder),
];

/**
 * An API named in code: its name quoted or compared, or as part of an identifier (`DNS_PAGING`,
 * `PAGING_DNS`, `googleDns`): what belongs to one API lives in its folder.
 */
function namesApi(code: string, name: string): boolean {
  const upper = name.toUpperCase();
  const capital = `${upper.slice(0, 1)}${name.slice(1)}`;
  return new RegExp(`["'\`]${name}["'\`]|=== ?["']${name}|\\b${upper}_|_${upper}\\b|[a-z]${capital}(?![a-z])`).test(code);
}

it("no shared file names an API in its code", () => {
  expect(SHARED.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const file of SHARED) {
    const code = readFileSync(path.join(REPO_ROOT, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:])\/\/.*$/gm, "$1");
    for (const name of apiNames()) {
      if (namesApi(code, name)) found.push(`${file}: ${name}`);
    }
  }
  expect(found).toEqual([]);
});

it("finds an API named in code as a quoted name, a comparison or part of an identifier", () => {
  expect(
    ['const a = "dns";', "if (api === 'dns')", "export const DNS_PAGING = {};", "const PAGING_DNS = 1;", "const googleDns = 1;"].map((code) =>
      namesApi(code, "dns"),
    ),
  ).toEqual([true, true, true, true, true]);
  expect(["const dnsName = zone.dnsName;", "const dnssec = 1;", "const records = 1;"].map((code) => namesApi(code, "dns"))).toEqual([false, false, false]);
});
