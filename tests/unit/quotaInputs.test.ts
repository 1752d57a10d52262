/**
 * The quota resources' inputs at check (no request: the settings point at a
 * closed port): the int64 preferred value as a string or a safe integer, the
 * one parent, reserved dimensions, the API version, and what the diff makes of
 * a contactEmail change and of an id the service assigned.
 */
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { quotaPreference } from "../../provider/apis/quotas/quotaPreference";
import { offlineSettings } from "../support/providerEmulator";

offlineSettings();
beforeEach(() => {
  process.env["SVC_QUOTAS_TOKEN"] = "t0ken";
});

const provider = dynamicProvider(quotaPreference);
const valid = { project: "quota-project", service: "compute.googleapis.com", quotaId: "CPUS-per-project-region", preferredValue: "24" };
const failures = async (inputs: Record<string, unknown>): Promise<Array<{ property: string; reason: string }>> =>
  (await provider.check({}, inputs)).failures ?? [];

describe("QuotaPreference check", () => {
  it("takes the preferred value as a decimal string (above 2^53 kept as given), a safe integer, or -1", async () => {
    expect((await provider.check({}, { ...valid, preferredValue: "9007199254740993" })).inputs).toEqual(
      expect.objectContaining({ preferredValue: "9007199254740993", apiVersion: "v1" }),
    );
    expect(await failures({ ...valid, preferredValue: 48 })).toEqual([]);
    expect(await failures({ ...valid, preferredValue: "-1" })).toEqual([]);
  });

  it.each([
    ["a value below -1", { preferredValue: "-2" }, "preferredValue", /at least -1.*"-2" \(below -1\)/],
    ["a number beyond the safe integers", { preferredValue: 2 ** 53 + 2 }, "preferredValue", /not a safe integer.*decimal string/],
    ["a value that is no number", { preferredValue: "12a" }, "preferredValue", /whole number of at least -1/],
    ["a user dimension", { dimensions: { user: "alice" } }, "dimensions", /must not have the key "user"/],
    ["an unknown API version", { apiVersion: "v2" }, "apiVersion", /"v1" or "v1beta".*"v2"/],
    ["a second parent", { folder: "456789012345" }, "folder", /cannot be given together with project/],
    ["no parent", { project: undefined }, "project", /exactly one of project, folder or organization/],
    ["a malformed contact", { contactEmail: "ops" }, "contactEmail", /email address/],
  ])("refuses %s, naming the property", async (_what, change, property, reason) => {
    const found = await failures({ ...valid, ...change });
    expect(found).toEqual(expect.arrayContaining([{ property, reason: expect.stringMatching(reason) }]));
  });
});

describe("QuotaPreference diff", () => {
  const stored = {
    ...valid,
    quotaPreferenceId: "assigned-1",
    contactEmail: "ops@example.com",
    apiVersion: "v1",
    dimensions: {},
    annotations: {},
    justification: "",
  };

  it("a contactEmail change alone is an update (the service never answers it; the stored input is compared)", async () => {
    expect(await provider.diff("id", stored, { ...valid, contactEmail: "platform@example.com", apiVersion: "v1" })).toEqual({
      changes: true,
      detailedDiff: { contactEmail: "update" },
    });
  });

  it("an id the service assigned is no change when the program leaves it out; the same value as a number is none either", async () => {
    expect(await provider.diff("id", stored, { ...valid, preferredValue: 24, contactEmail: "ops@example.com", apiVersion: "v1" })).toEqual({ changes: false });
  });

  it("another quota replaces, keeping the old preference at the service (new one made first)", async () => {
    expect(await provider.diff("id", stored, { ...valid, quotaId: "INSTANCES-per-project-region", contactEmail: "ops@example.com", apiVersion: "v1" })).toEqual(
      {
        changes: true,
        replaces: ["quotaId"],
        detailedDiff: { quotaId: "update-replace" },
      },
    );
  });
});
