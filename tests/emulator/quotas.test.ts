/**
 * The Cloud Quotas emulator over HTTP: names and int64 strings, the AIP-193
 * envelope, updateMask (absent: every field; unknown path: 400), allowMissing,
 * validateOnly, etags (409 ABORTED), the safety checks against the seeded usage,
 * increases reconciling on the emulator's clock then granted up to the ceiling,
 * list filter/orderBy/paging, quota infos, and adjuster settings inheritance.
 */
import type { TestEmulator } from "./helpers";
import { startEmulator, TOKEN } from "./helpers";

let emulator: TestEmulator;
let clock = Date.parse("2026-01-01T00:00:00Z");
beforeAll(async () => {
  emulator = await startEmulator({ tokens: [TOKEN], now: () => new Date(clock), quotas: { reconcileMs: 60_000, unreachable: ["us-moon1"] } });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset", { token: null });
});

interface Preference {
  name: string;
  etag: string;
  reconciling?: boolean;
  justification?: string;
  contactEmail?: string;
  dimensions?: Record<string, string>;
  quotaConfig: { preferredValue: string; grantedValue: string; stateDetail?: string; traceId?: string; annotations?: Record<string, string> };
}
interface Aip193 {
  error: { code: number; status: string; message: string; details: Array<{ "@type": string; reason: string; domain: string }> };
}

const PARENT = "/v1/projects/q-project/locations/global";
const cpus = (value: string, extra: Record<string, unknown> = {}) => ({
  service: "compute.googleapis.com",
  quotaId: "CPUS-per-project-region",
  dimensions: { region: "us-central1" },
  quotaConfig: { preferredValue: value },
  contactEmail: "ops@example.com",
  ...extra,
});
const create = (body: unknown, query = "?quotaPreferenceId=cpus", parent = PARENT) =>
  emulator.request<Preference & Aip193>("POST", `${parent}/quotaPreferences${query}`, { body });
const patch = (query: string, body: unknown, id = "cpus") =>
  emulator.request<Preference & Aip193>("PATCH", `${PARENT}/quotaPreferences/${id}${query}`, { body });
const get = (id = "cpus") => emulator.request<Preference & Aip193>("GET", `${PARENT}/quotaPreferences/${id}`);

describe("quota preferences", () => {
  it("creates under each parent kind and version, names as the API forms them, int64 as strings, contactEmail never answered", async () => {
    for (const [parent, name] of [
      [PARENT, "projects/q-project/locations/global/quotaPreferences/cpus"],
      ["/v1beta/folders/456789012345/locations/global", "folders/456789012345/locations/global/quotaPreferences/cpus"],
      ["/v1/organizations/123456789012/locations/global", "organizations/123456789012/locations/global/quotaPreferences/cpus"],
    ] as const) {
      const made = await create(cpus("24"), "?quotaPreferenceId=cpus", parent);
      expect([made.status, made.body.name, made.body.quotaConfig]).toEqual([200, name, { preferredValue: "24", grantedValue: "24" }]);
      expect(made.body).not.toHaveProperty("contactEmail");
    }
    const assigned = await create(cpus("24", { dimensions: { region: "us-east1" } }), "");
    expect(assigned.body.name).toMatch(/^projects\/q-project\/locations\/global\/quotaPreferences\/[a-z0-9_-]+$/);
    expect((await create(cpus("24"))).status).toBe(409);
  });

  it("answers errors in the AIP-193 envelope and refuses what the API refuses", async () => {
    const low = await create(cpus("-2"));
    expect([low.status, low.body.error.status, low.body.error.details[0]?.domain]).toEqual([400, "INVALID_ARGUMENT", "cloudquotas.googleapis.com"]);
    expect((await create(cpus("24", { dimensions: { user: "a" } }))).body.error.message).toMatch(/'user' and 'resource' are reserved/);
    expect((await create(cpus("24"), "", "/v1/projects/q-project/locations/us-east1")).status).toBe(400);
    expect((await create({ ...cpus("24"), colour: "red" })).body.error.message).toMatch(/Unknown name "colour"/);
    expect((await get("nothing")).body.error.status).toBe("NOT_FOUND");
  });

  it("patches only the masked paths; without a mask overwrites every field; refuses unknown paths and immutable changes", async () => {
    await create(cpus("24", { justification: "why", quotaConfig: { preferredValue: "24", annotations: { a: "b" } } }));
    const masked = await patch("?updateMask=justification", { justification: "because", quotaConfig: { preferredValue: "1" } });
    expect([masked.status, masked.body.justification, masked.body.quotaConfig.preferredValue]).toEqual([200, "because", "24"]);
    const whole = await patch("", cpus("23"));
    expect([whole.body.justification, whole.body.quotaConfig.annotations, whole.body.quotaConfig.preferredValue]).toEqual([undefined, undefined, "23"]);
    expect((await patch("?updateMask=colour", cpus("23"))).body.error).toEqual(expect.objectContaining({ code: 400, status: "INVALID_ARGUMENT" }));
    expect((await patch("?updateMask=dimensions", cpus("23", { dimensions: { region: "us-east1" } }))).body.error.message).toMatch(/immutable/);
  });

  it("checks the etag (409 ABORTED), creates with allowMissing, writes nothing with validateOnly", async () => {
    const made = await create(cpus("24"));
    const changed = await patch("?updateMask=justification", { justification: "x", etag: made.body.etag });
    expect(changed.body.etag).not.toBe(made.body.etag);
    const stale = await patch("?updateMask=justification", { justification: "y", etag: made.body.etag });
    expect([stale.status, stale.body.error.status]).toEqual([409, "ABORTED"]);
    const dry = await patch("?updateMask=justification&validateOnly=true", { justification: "dry" });
    expect([dry.body.justification, (await get()).body.justification]).toEqual(["dry", "x"]);
    const missing = await patch("?allowMissing=true", cpus("24", { dimensions: { region: "us-east1" } }), "made-by-patch");
    expect([missing.status, (await get("made-by-patch")).status]).toEqual([200, 200]);
  });

  it("refuses a decrease below usage or by more than 10% unless the check is ignored; grants decreases at once", async () => {
    await create(cpus("24"));
    const below = await patch("?updateMask=quotaConfig.preferredValue", { quotaConfig: { preferredValue: "19" } });
    expect([below.status, below.body.error.status, below.body.error.details[0]?.reason]).toEqual([400, "FAILED_PRECONDITION", "QUOTA_DECREASE_BELOW_USAGE"]);
    const cut = await patch("?updateMask=quotaConfig.preferredValue&ignoreSafetyChecks=QUOTA_DECREASE_BELOW_USAGE", { quotaConfig: { preferredValue: "19" } });
    expect(cut.body.error.details[0]?.reason).toBe("QUOTA_DECREASE_PERCENTAGE_TOO_HIGH");
    const both = "ignoreSafetyChecks=QUOTA_DECREASE_BELOW_USAGE&ignoreSafetyChecks=QUOTA_DECREASE_PERCENTAGE_TOO_HIGH";
    const granted = await patch(`?updateMask=quotaConfig.preferredValue&${both}`, { quotaConfig: { preferredValue: "19" } });
    expect([granted.body.quotaConfig.grantedValue, granted.body.reconciling]).toEqual(["19", undefined]);
  });

  it("keeps an increase reconciling until its time, then grants up to the ceiling and says why in stateDetail", async () => {
    await create(cpus("24"));
    const asked = await patch("?updateMask=quotaConfig.preferredValue", { quotaConfig: { preferredValue: "9007199254740993" } });
    expect([asked.body.reconciling, asked.body.quotaConfig.grantedValue, typeof asked.body.quotaConfig.traceId]).toEqual([true, "24", "string"]);
    const listed = await emulator.request<{ quotaPreferences: Preference[]; unreachable: string[] }>(
      "GET",
      `${PARENT}/quotaPreferences?filter=reconciling%3Dtrue`,
    );
    expect([listed.body.quotaPreferences.length, listed.body.unreachable]).toEqual([1, ["us-moon1"]]);
    clock += 60_000;
    const decided = await get();
    expect([decided.body.reconciling, decided.body.quotaConfig.grantedValue, decided.body.quotaConfig.preferredValue]).toEqual([
      undefined,
      "200",
      "9007199254740993",
    ]);
    expect(decided.body.quotaConfig.stateDetail).toMatch(/granted 200 of the requested 9007199254740993/);
  });

  it("lists in pages, ordered as asked", async () => {
    for (const [id, quotaId] of [
      ["a", "NETWORKS-per-project"],
      ["b", "CPUS-ALL-REGIONS-per-project"],
      ["c", "INSTANCES-per-project-region"],
    ]) {
      await create({ service: "compute.googleapis.com", quotaId, quotaConfig: { preferredValue: "100" } }, `?quotaPreferenceId=${id}`);
    }
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page = await emulator.request<{ quotaPreferences: Preference[]; nextPageToken?: string }>(
        "GET",
        `${PARENT}/quotaPreferences?orderBy=quota_id&pageSize=2${token === undefined ? "" : `&pageToken=${token}`}`,
      );
      ids.push(...page.body.quotaPreferences.map((p) => p.name.split("/").at(-1) ?? ""));
      token = page.body.nextPageToken;
    } while (token !== undefined);
    expect(ids).toEqual(["b", "c", "a"]);
    expect((await emulator.request("GET", `${PARENT}/quotaPreferences?orderBy=colour`)).status).toBe(400);
  });
});

describe("quota infos", () => {
  it("lists the seeded compute quotas in pages and reads one with its dimensions and values", async () => {
    const first = await emulator.request<{ quotaInfos: Array<{ quotaId: string }>; nextPageToken?: string }>(
      "GET",
      `${PARENT}/services/compute.googleapis.com/quotaInfos?pageSize=5`,
    );
    expect([first.body.quotaInfos.length, typeof first.body.nextPageToken]).toEqual([5, "string"]);
    const info = await emulator.request<Record<string, unknown>>("GET", `${PARENT}/services/compute.googleapis.com/quotaInfos/CPUS-per-project-region`);
    expect(info.body).toEqual(
      expect.objectContaining({
        name: "projects/q-project/locations/global/services/compute.googleapis.com/quotaInfos/CPUS-per-project-region",
        dimensions: ["region"],
        isPrecise: true,
        containerType: "PROJECT",
        quotaIncreaseEligibility: { isEligible: true },
        dimensionsInfos: expect.arrayContaining([{ dimensions: { region: "us-central1" }, details: { value: "24" }, applicableLocations: ["us-central1"] }]),
      }),
    );
    expect((await emulator.request("GET", `${PARENT}/services/nothing.googleapis.com/quotaInfos`)).status).toBe(404);
  });
});

describe("quota adjuster settings", () => {
  const settings = (project: string) => `/v1beta/projects/${project}/locations/global/quotaAdjusterSettings`;

  it("inherit from the folder, the organization or the default until the project sets its own", async () => {
    const inherited = async (project: string) => (await emulator.request<Record<string, unknown>>("GET", settings(project))).body;
    expect(await inherited("team-project")).toEqual(
      expect.objectContaining({ enablement: "DISABLED", inherited: true, inheritedFrom: "folders/456789012345" }),
    );
    expect(await inherited("org-project")).toEqual(
      expect.objectContaining({ enablement: "ENABLED", inherited: true, inheritedFrom: "organizations/123456789012" }),
    );
    expect(await inherited("lonely-project")).toEqual(expect.objectContaining({ enablement: "DISABLED", inheritedFrom: "default" }));
    const own = await emulator.request<Record<string, unknown>>("PATCH", `${settings("team-project")}?updateMask=enablement`, {
      body: { enablement: "ENABLED" },
    });
    expect(own.body).toEqual(expect.objectContaining({ enablement: "ENABLED" }));
    expect(own.body).not.toHaveProperty("inherited");
    const stale = await emulator.request<Aip193>("PATCH", `${settings("team-project")}?updateMask=enablement`, {
      body: { enablement: "DISABLED", etag: 'W/"old"' },
    });
    expect([stale.status, stale.body.error.status]).toEqual([409, "ABORTED"]);
    await emulator.request("PATCH", `${settings("team-project")}?updateMask=inherited`, { body: { inherited: true } });
    expect(await inherited("team-project")).toEqual(expect.objectContaining({ enablement: "DISABLED", inheritedFrom: "folders/456789012345" }));
    expect((await emulator.request("GET", "/v1beta/folders/456789012345/locations/global/quotaAdjusterSettings")).status).toBe(404);
    expect((await emulator.request("GET", settings("team-project").replace("v1beta", "v1"))).status).toBe(404);
  });
});
