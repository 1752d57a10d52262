/**
 * `svc.ads.getAdaptersOutput` in a Pulumi program (examples/ads-adapters),
 * with the real engine: preview and up read every page of the seeded ad
 * source, the outputs hold every adapter, typed; a bad publisher id fails the
 * preview naming the argument, with no request sent.
 */
import { MANY_ADAPTERS_AD_SOURCE_ID, MANY_ADAPTERS_COUNT, SEEDED_PUBLISHER_ID } from "../../emulator/apis/ads/seed";
import { engineSuite } from "../support/suite";
import { openStack } from "../support/stacks";

const suite = engineSuite();
const ADAPTERS_PATH = `/v1beta/accounts/${SEEDED_PUBLISHER_ID}/adSources/${MANY_ADAPTERS_AD_SOURCE_ID}/adapters`;

describe("listing ad adapters in a program (examples/ads-adapters)", () => {
  beforeEach(() => suite.emulator.reset());

  it("previews and exports every adapter of the ad source, each page read once per run", async () => {
    const test = suite.track(
      await openStack("ads-adapters", suite.emulator, {
        publisherId: { value: SEEDED_PUBLISHER_ID },
        adSourceId: { value: MANY_ADAPTERS_AD_SOURCE_ID },
        pageSize: { value: "10" },
      }),
    );
    await test.stack.preview();
    const afterPreview = await suite.emulator.requests({ pathPrefix: ADAPTERS_PATH });
    expect(afterPreview.map((request) => [request.status, request.query["pageSize"], request.query["pageToken"] !== undefined])).toEqual([
      [200, "10", false],
      [200, "10", true],
      [200, "10", true],
    ]);

    const up = await test.stack.up();
    expect(up.outputs["adapterCount"]?.value).toBe(MANY_ADAPTERS_COUNT);
    const ids = up.outputs["adapterIds"]?.value as string[];
    expect(new Set(ids).size).toBe(MANY_ADAPTERS_COUNT);
    const direct = (await suite.emulator.api("GET", ADAPTERS_PATH)).body as { adapters: Array<{ adapterId: string; platform: string; title: string }> };
    expect(ids).toEqual(direct.adapters.map((adapter) => adapter.adapterId));
    const byPlatform = up.outputs["adaptersByPlatform"]?.value as Record<string, string[]>;
    expect(Object.keys(byPlatform).sort()).toEqual(["ANDROID", "IOS"]);
    expect(Object.values(byPlatform).flat()).toHaveLength(MANY_ADAPTERS_COUNT);
    const settings = up.outputs["requiredSettings"]?.value as Array<{ adapterId: string; formats: string[]; required: string[] }>;
    expect(settings).toHaveLength(MANY_ADAPTERS_COUNT);
    for (const entry of settings) {
      expect(entry.formats.length).toBeGreaterThan(0);
      expect(entry.required).toEqual(["Placement ID"]);
    }
    // Three pages for the preview, three for up (the direct read above is one more), and no writes.
    const all = await suite.emulator.requests({ pathPrefix: "/v1beta/" });
    expect(all.filter((request) => request.method === "GET")).toHaveLength(7);
    expect(all.filter((request) => request.method !== "GET")).toEqual([]);
    // The token is a secret of the stack, never in the outputs or the state.
    expect(await test.stateText()).not.toContain(suite.emulator.token);
  });

  it("fails the preview naming publisherId for a bad publisher id, with no request sent", async () => {
    const test = suite.track(
      await openStack("ads-adapters", suite.emulator, {
        publisherId: { value: "ca-app-pub-3940256099942544" },
        adSourceId: { value: MANY_ADAPTERS_AD_SOURCE_ID },
      }),
    );
    await expect(test.stack.preview()).rejects.toThrow(/svc\.ads\.getAdapters: publisherId must be "pub-" followed by 16 characters/);
    expect(await suite.emulator.requests({ pathPrefix: "/v1beta/" })).toEqual([]);
  });
});
