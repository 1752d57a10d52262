/**
 * Cloud Quotas end to end with the real engine (examples/quotas): the shared
 * conformance run over preferences of a project (v1), a folder (v1beta) and an
 * organization (v1, an int64 above 2^53) and a project's adjuster settings; then,
 * on one stack, what the issue asks to be shown: update masks of exactly the
 * changed paths, a contactEmail-only update, an out-of-band change between
 * refresh and up, the safety checks and `ignoreSafetyChecks` (one check, then both, each its own
 * occurrence of the repeated parameter), bad input refused at
 * preview with no request, and a destroy that changes nothing and says so.
 */
import { runConformance } from "../support/conformance";
import { writesDuring } from "../support/requests";
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const suite = engineSuite();
const PROJECT = "e2e-project";
const CPUS = `/v1/projects/${PROJECT}/locations/global/quotaPreferences/cpus-us-central1`;
const BIG = "9007199254740993";
const ADJUSTER = "/v1beta/projects/team-project/locations/global/quotaAdjusterSettings";

interface QuotaObjects {
  quotas: { quotaPreferences: Array<{ name: string; preferredValue: string }>; quotaAdjusterSettings: Array<{ name: string; enablement: string }> };
}
const quotaObjects = async (): Promise<QuotaObjects["quotas"]> => ((await suite.emulator.objects()) as unknown as QuotaObjects).quotas;
const masked = (mask: string, body: Record<string, unknown>) => ({
  method: "PATCH",
  body: { ...body, etag: expect.stringMatching(/^W\//) },
  query: { updateMask: mask },
});

describe("quota preferences and adjuster settings (examples/quotas)", () => {
  beforeEach(() => suite.emulator.reset());

  it("passes the conformance run: each parent kind, both versions, adjuster settings; masks of exactly the changed paths; an int64 above 2^53 through up, refresh and import", async () => {
    const test = suite.track(await openStack("quotas", suite.emulator, { functions: { value: "false" } }));
    await runConformance(test, suite.emulator, {
      created: 5,
      afterUp: async (outputs) => {
        expect(outputs["bigPreferred"]?.value).toBe(BIG);
        // waitForGrant waited for the decision: granted up to the seeded ceiling, the shortfall in words.
        expect(outputs["bigGranted"]?.value).toBe("1000");
        expect(outputs["bigStateDetail"]?.value).toMatch(/Partially approved: granted 1000 of the requested 9007199254740993/);
        expect(outputs["adjusterInheritedFrom"]?.value).toBe("");
        const names = (await quotaObjects()).quotaPreferences.map((preference) => preference.name);
        expect(names).toEqual(
          expect.arrayContaining([
            `projects/${PROJECT}/locations/global/quotaPreferences/cpus-us-central1`,
            "organizations/123456789012/locations/global/quotaPreferences/instances-us-east1",
            expect.stringMatching(/^folders\/456789012345\/locations\/global\/quotaPreferences\//),
          ]),
        );
        // Created through v1beta: the adjuster has no POST, only the PATCH that adopts it.
        expect(
          (await suite.emulator.requests({ pathPrefix: ADJUSTER })).filter((r) => r.method !== "GET").map((r) => [r.method, r.query["updateMask"]]),
        ).toEqual([["PATCH", "enablement"]]);
      },
      updates: [
        {
          what: "a lower preferred value: one PATCH masking quotaConfig.preferredValue, under the etag",
          config: { cpusValue: { value: "22" } },
          changes: { same: 4, update: 1 },
          writes: [{ path: CPUS, ...masked("quotaConfig.preferredValue", { quotaConfig: { preferredValue: "22" } }) }],
        },
        {
          what: "contactEmail alone (never read back) is an update of exactly contactEmail",
          config: { cpusContact: { value: "platform@example.com" } },
          changes: { same: 4, update: 1 },
          writes: [{ path: CPUS, ...masked("contactEmail", { contactEmail: "platform@example.com" }) }],
        },
        {
          what: "the justification and the adjuster's enablement: one masked PATCH each",
          config: { cpusJustification: { value: "fewer batch jobs" }, adjusterEnablement: { value: "DISABLED" } },
          changes: { same: 3, update: 2 },
        },
      ],
      replaces: [
        {
          what: "another region (dimensions) replaces the folder's preference; the old one stays at the service",
          config: { folderRegion: { value: "us-east1" } },
          changes: { same: 4, replace: 1 },
          verify: async () => {
            const onFolder = (await quotaObjects()).quotaPreferences.filter((preference) => preference.name.startsWith("folders/"));
            expect(onFolder).toHaveLength(2);
          },
        },
      ],
      imports: [
        { what: "the project's preference, by its full name", urnSuffix: "::cpus", configKey: "importCpus" },
        { what: "the organization's preference: 9007199254740993 read back exactly", urnSuffix: "::org-instances", configKey: "importBig" },
        { what: "the adjuster settings", urnSuffix: "::adjuster", configKey: "importAdjuster" },
      ],
      // Nothing can be deleted: every preference stays with its value, the adjuster as it was left.
      nothingLeft: (objects) => {
        const quotas = (objects as unknown as QuotaObjects).quotas;
        expect(quotas.quotaPreferences.map((preference) => preference.preferredValue).sort()).toEqual(["22", "24", "24", BIG].sort());
        expect(quotas.quotaAdjusterSettings).toEqual([{ name: "projects/team-project/locations/global/quotaAdjusterSettings", enablement: "DISABLED" }]);
      },
    });
  });

  it("refuses bad input at preview, fails an out-of-band change and a decrease below usage with words that say what to do, and destroys without a changing request", async () => {
    const test = suite.track(await openStack("quotas", suite.emulator, { functions: { value: "false" } }));
    const { stack } = test;

    // Bad input: every mistake named at preview, and nothing sent to the service.
    const before = (await suite.emulator.requests()).length;
    const failedPreview = (): Promise<string> =>
      stack.preview().then(
        () => "",
        (error: unknown) => String(error),
      );
    await stack.setAllConfig({
      cpusMistakes: { value: JSON.stringify({ preferredValue: "-2", apiVersion: "v2" }) },
      cpusExtraDimensions: { value: JSON.stringify({ user: "alice" }) },
    });
    const refused = await failedPreview();
    expect(refused).toMatch(/preferredValue.*below -1/s);
    expect(refused).toMatch(/apiVersion.*"v1" or "v1beta".*v2/s);
    expect(refused).toMatch(/dimensions.*"user"/s);
    await stack.removeConfig("cpusExtraDimensions");
    await stack.setConfig("cpusMistakes", { value: JSON.stringify({ folder: "456789012345" }) });
    expect(await failedPreview()).toMatch(/folder.*cannot be given together with project/s);
    await stack.removeConfig("cpusMistakes");
    await stack.setConfig("adjusterMistakes", { value: JSON.stringify({ folder: "456789012345" }) });
    expect(await failedPreview()).toMatch(/QuotaAdjusterSettings.*unknown argument.*folder/s);
    await stack.removeConfig("adjusterMistakes");
    expect((await suite.emulator.requests()).slice(before)).toEqual([]);

    await stack.up();
    await stack.refresh();
    // Someone lowers the preference between the refresh and the up (no etag: they overwrite).
    expect((await suite.emulator.api("PATCH", `${CPUS}?updateMask=quotaConfig.preferredValue`, { quotaConfig: { preferredValue: "23" } })).status).toBe(200);
    await stack.setConfig("cpusValue", { value: "21" });
    const drift = await stack.up().then(
      () => "",
      (error: unknown) => String(error),
    );
    expect(drift).toMatch(/changed outside this stack.*preferredValue: the stack last saw "24", the service now has "23", the program wants "21"/s);
    const tries = (await suite.emulator.requests({ method: "PATCH", pathPrefix: CPUS })).slice(1);
    expect(tries.map((request) => [request.status, typeof (request.body as { etag?: unknown }).etag])).toEqual([[409, "string"]]);
    await stack.refresh();
    await stack.up();
    expect((await suite.emulator.api("GET", CPUS)).body).toEqual(expect.objectContaining({ quotaConfig: expect.objectContaining({ preferredValue: "21" }) }));

    // Below the seeded usage (20), a cut of under 10%: refused naming ignoreSafetyChecks; with it, granted.
    await stack.setConfig("cpusValue", { value: "19" });
    expect(
      await stack.up().then(
        () => "",
        (error: unknown) => String(error),
      ),
    ).toMatch(/QUOTA_DECREASE_BELOW_USAGE.*ignoreSafetyChecks/s);
    await stack.setConfig("cpusIgnore", { value: "QUOTA_DECREASE_BELOW_USAGE" });
    await stack.up();
    const lowered = (await suite.emulator.requests({ method: "PATCH", pathPrefix: CPUS })).at(-1);
    expect([lowered?.status, lowered?.query["ignoreSafetyChecks"]]).toEqual([200, "QUOTA_DECREASE_BELOW_USAGE"]);
    expect((await suite.emulator.api("GET", CPUS)).body).toEqual(
      expect.objectContaining({ quotaConfig: expect.objectContaining({ preferredValue: "19", grantedValue: "19" }) }),
    );
    // Both checks (19 -> 10: below the usage, and a cut of nearly half): each one occurrence of the repeated parameter.
    const both = ["QUOTA_DECREASE_BELOW_USAGE", "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH"];
    await stack.setConfig("cpusIgnore", { value: both.join(",") });
    await stack.setConfig("cpusValue", { value: "10" });
    await stack.up();
    const lowest = (await suite.emulator.requests({ method: "PATCH", pathPrefix: CPUS })).at(-1);
    expect([lowest?.status, lowest?.query["ignoreSafetyChecks"]]).toEqual([200, both]);
    expect((await suite.emulator.api("GET", CPUS)).body).toEqual(
      expect.objectContaining({ quotaConfig: expect.objectContaining({ preferredValue: "10", grantedValue: "10" }) }),
    );

    const output: string[] = [];
    const writes = await writesDuring(suite.emulator, () => stack.destroy({ onOutput: (line) => output.push(line) }));
    expect(writes).toEqual([]);
    expect(output.join("")).toMatch(
      /quota preference projects\/e2e-project\/locations\/global\/quotaPreferences\/cpus-us-central1 stays at the service with its value 10/,
    );
  });
});
