/**
 * `svc.ads.getAdapters` against the in-process emulator: every adapter of the
 * seeded ad source across pages (one request per page), typed; bad arguments
 * refused with no request sent; the API's refusals surfaced.
 */
import { getAdapters, type Adapter } from "../../provider/apis/ads/functions";
import * as sdkAds from "../../sdk/ads";
import { MANY_ADAPTERS_AD_SOURCE_ID, MANY_ADAPTERS_COUNT, NO_ADAPTERS_AD_SOURCE_ID, SEEDED_PUBLISHER_ID } from "../../emulator/apis/ads/seed";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("ads-unit-token", { instantRetries: true });
beforeAll(() => {
  process.env["SVC_ADS_TOKEN"] = emulator.current.token;
});

const SOURCE = { publisherId: SEEDED_PUBLISHER_ID, adSourceId: MANY_ADAPTERS_AD_SOURCE_ID };
const ADAPTERS_PATH = `/v1beta/accounts/${SEEDED_PUBLISHER_ID}/adSources/${MANY_ADAPTERS_AD_SOURCE_ID}/adapters`;

it("returns every adapter of the ad source across pages, one request per page, typed", async () => {
  const before = (await emulator.current.requests({ pathPrefix: ADAPTERS_PATH })).length;
  const adapters: Adapter[] = await getAdapters.on(emulator.runtime)({ ...SOURCE, pageSize: 10 });
  expect(adapters).toHaveLength(MANY_ADAPTERS_COUNT);
  expect(new Set(adapters.map((adapter) => adapter.adapterId)).size).toBe(MANY_ADAPTERS_COUNT);
  const pages = (await emulator.current.requests({ pathPrefix: ADAPTERS_PATH })).slice(before);
  expect(pages.map((request) => [request.query["pageSize"], request.query["pageToken"] !== undefined])).toEqual([
    ["10", false],
    ["10", true],
    ["10", true],
  ]);
  for (const adapter of adapters) {
    expect(adapter.name).toBe(`accounts/${SEEDED_PUBLISHER_ID}/adSources/${MANY_ADAPTERS_AD_SOURCE_ID}/adapters/${adapter.adapterId}`);
    expect(typeof adapter.title).toBe("string");
    expect(["ANDROID", "IOS"]).toContain(adapter.platform);
    expect(adapter.formats.length).toBeGreaterThan(0);
    for (const entry of adapter.adapterConfigMetadata) {
      expect(entry).toEqual({
        adapterConfigMetadataId: expect.any(String) as string,
        adapterConfigMetadataLabel: expect.any(String) as string,
        ...(entry.isRequired !== undefined && { isRequired: true }),
      });
    }
  }
  // The emulator leaves empty lists out (proto3 JSON); the result always has the arrays.
  const admob = await getAdapters.on(emulator.runtime)({ publisherId: SEEDED_PUBLISHER_ID, adSourceId: "5450213213286189855" });
  expect(admob.map((adapter) => [adapter.platform, adapter.adapterConfigMetadata])).toEqual([
    ["ANDROID", []],
    ["IOS", []],
  ]);
});

it("asks for no page size unless told, and reads an ad source without adapters as an empty list", async () => {
  const before = (await emulator.current.requests({ pathPrefix: ADAPTERS_PATH })).length;
  expect(await getAdapters.on(emulator.runtime)(SOURCE)).toHaveLength(MANY_ADAPTERS_COUNT);
  const [request, ...more] = (await emulator.current.requests({ pathPrefix: ADAPTERS_PATH })).slice(before);
  expect(more).toEqual([]);
  expect(request?.query).not.toHaveProperty("pageSize");
  expect(await getAdapters.on(emulator.runtime)({ publisherId: SEEDED_PUBLISHER_ID, adSourceId: NO_ADAPTERS_AD_SOURCE_ID })).toEqual([]);
});

it("works through the SDK's promise form outside a Pulumi program, with settings from the environment", async () => {
  expect((await sdkAds.getAdapters({ ...SOURCE, pageSize: 7 })).map((adapter) => adapter.adapterId)).toEqual(
    (await getAdapters.on(emulator.runtime)(SOURCE)).map((adapter) => adapter.adapterId),
  );
});

it.each([
  ["pub-123", /publisherId must be "pub-" followed by 16 characters .*got "pub-123"/],
  ["ca-app-pub-3940256099942544", /publisherId must be "pub-" followed by 16 characters/],
  ["pub-394025609994254", /publisherId must be "pub-" followed by 16 characters/],
])("refuses the publisher id %s, naming publisherId, with no request sent", async (publisherId, message) => {
  const before = (await emulator.current.requests()).length;
  await expect(getAdapters({ ...SOURCE, publisherId })).rejects.toThrow(/^svc\.ads\.getAdapters: /);
  await expect(getAdapters({ ...SOURCE, publisherId })).rejects.toThrow(message);
  expect((await emulator.current.requests()).length).toBe(before);
});

it("refuses a bad ad source id or page size, with no request sent", async () => {
  const before = (await emulator.current.requests()).length;
  await expect(getAdapters({ ...SOURCE, adSourceId: "a/b" })).rejects.toThrow(/adSourceId must be one ad source id \(one path segment/);
  await expect(getAdapters({ ...SOURCE, adSourceId: "" })).rejects.toThrow(/adSourceId must be one ad source id/);
  await expect(getAdapters({ ...SOURCE, adSourceId: ".." })).rejects.toThrow(/adSourceId must be one ad source id .*not "\." or "\.\."/);
  for (const pageSize of [0, -1, 20_001, 2.5]) {
    await expect(getAdapters({ ...SOURCE, pageSize })).rejects.toThrow(/pageSize must be a whole number from 1 to 20000/);
  }
  expect((await emulator.current.requests()).length).toBe(before);
});

it("surfaces the API's 404 for an unknown ad source", async () => {
  await expect(getAdapters({ ...SOURCE, adSourceId: "999" })).rejects.toThrow(/HTTP 404 \(NOT_FOUND: Requested entity was not found\.\)/);
});

it("still refuses a page that is neither a list nor empty (a proxy's wrong shape)", async () => {
  await emulator.current.faults({ brokenResponseRate: 1, brokenResponseKinds: ["wrongShape"], pathPrefix: ADAPTERS_PATH });
  try {
    // Retried as any unreadable answer is, without the waits (the emulator's runtime sleeps no time).
    await expect(getAdapters.on(emulator.runtime)(SOURCE)).rejects.toThrow(/did not match the documented shape \(\(body\): neither a kind nor adapters\)/);
  } finally {
    await emulator.current.clearFaults();
  }
});
