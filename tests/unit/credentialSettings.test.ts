/**
 * The credential settings as `check` reads them, without network: a key set in plain text is
 * refused, the static token still wins, delegation and impersonation are checked against each other.
 */
import { NO_CONFIG, resolveApiSettings, settingsOf, type ConfigSource } from "../../provider/config";
import { credentialPlan, describeSource } from "../../provider/google/credentials/settings";

/** The stack configuration the settings are read with (a test may set one). */
let config: ConfigSource = NO_CONFIG;

const KEY = JSON.stringify({
  type: "service_account",
  client_email: "deployer@p.iam.gserviceaccount.com",
  private_key: "-----BEGIN PRIVATE KEY-----\nMIIsecretmaterial\n-----END PRIVATE KEY-----\n",
  private_key_id: "k1",
});

afterEach(() => {
  config = NO_CONFIG;
});

describe("the credential settings", () => {
  it("refuses svc:credentials set in plain text, without showing it", () => {
    config = { get: (key) => (key === "svc:credentials" ? KEY : undefined), isSecret: () => false };
    expect(() => credentialPlan("dns", settingsOf(config, {}))).toThrow(
      /svc:credentials is set in plain text; .*pulumi config set svc:credentials <value> --secret/,
    );
    expect(() => credentialPlan("dns", settingsOf(config, {}))).not.toThrow(/MIIsecretmaterial/);
  });

  it("takes a secret svc:credentials, and names the key's account (never its content) in messages", () => {
    config = { get: (key) => (key === "svc:credentials" ? KEY : undefined), isSecret: () => true };
    const plan = credentialPlan("dns", settingsOf(config, {}));
    expect(plan.source).toMatchObject({ kind: "file", file: { type: "service_account" } });
    expect(describeSource(plan)).toBe("the service-account key of deployer@p.iam.gserviceaccount.com in svc:credentials / SVC_CREDENTIALS");
  });

  it("keeps the static token first: the API then uses no credential chain", () => {
    expect(resolveApiSettings("dns", settingsOf(config, { SVC_EMULATOR_URL: "http://e", SVC_DNS_TOKEN: "static", SVC_CREDENTIALS: KEY }))).toMatchObject({
      token: "static",
      authStyle: "bearer",
    });
    expect(resolveApiSettings("dns", settingsOf(config, { SVC_EMULATOR_URL: "http://e", SVC_CREDENTIALS: KEY }))).toMatchObject({
      token: "",
      authStyle: "google-credentials",
    });
    expect(resolveApiSettings("ci", settingsOf(config, { SVC_EMULATOR_URL: "http://e", SVC_CI_TOKEN: "t" })).authStyle).toEqual({ header: "Ci-Token" });
  });

  it("applies svc:subject to the Workspace APIs only, and refuses it beside impersonation or without a key", () => {
    const env = { SVC_CREDENTIALS: KEY, SVC_SUBJECT: "ana@example.com", CLOUDSDK_CONFIG: "/nonexistent" };
    expect(credentialPlan("calendar", settingsOf(config, env)).subject).toBe("ana@example.com");
    expect(credentialPlan("dns", settingsOf(config, env)).subject).toBeUndefined();
    expect(() => credentialPlan("calendar", settingsOf(config, { ...env, SVC_IMPERSONATE_SERVICE_ACCOUNT: "x@p.iam.gserviceaccount.com" }))).toThrow(
      /cannot be combined/,
    );
    expect(() => credentialPlan("calendar", settingsOf(config, { SVC_SUBJECT: "ana@example.com", CLOUDSDK_CONFIG: "/nonexistent" }))).toThrow(
      /needs a service-account key .* the metadata server's/,
    );
  });

  it("asks the narrowest scope each API documents", () => {
    const scopes = (api: "dns" | "calendar" | "quotas" | "reports" | "ads"): readonly string[] =>
      credentialPlan(api, settingsOf(config, { SVC_CREDENTIALS: KEY })).scopes;
    expect(
      [scopes("dns"), scopes("calendar"), scopes("quotas"), scopes("reports"), scopes("ads")].map((list) =>
        list.map((scope) => scope.replace("https://www.googleapis.com/auth/", "")),
      ),
    ).toEqual([["ndev.clouddns.readwrite"], ["calendar"], ["cloud-platform"], ["admin.reports.audit.readonly"], ["ads.readonly"]]);
  });
});
