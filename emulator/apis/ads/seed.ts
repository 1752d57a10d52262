/**
 * The ad-mediation catalogue the emulator serves: one publisher with several
 * ad sources and their adapters. It is fixed (no method of the API writes),
 * deterministic, and shaped like AdMob's answers: ids are decimal strings,
 * adapters carry the platform, formats and configuration metadata.
 */

export const AD_FORMATS = ["BANNER", "INTERSTITIAL", "REWARDED", "NATIVE", "REWARDED_INTERSTITIAL", "APP_OPEN"] as const;
export type AdFormat = (typeof AD_FORMATS)[number];

export interface AdapterConfigMetadata {
  adapterConfigMetadataId: string;
  adapterConfigMetadataLabel: string;
  isRequired: boolean;
}

export interface SeedAdapter {
  adapterId: string;
  title: string;
  platform: string;
  formats: AdFormat[];
  adapterConfigMetadata: AdapterConfigMetadata[];
}

export interface SeedAdSource {
  adSourceId: string;
  title: string;
  adapters: SeedAdapter[];
}

export interface SeedPublisher {
  publisherId: string;
  adSources: SeedAdSource[];
}

/** AdMob's public sample publisher id (`pub-` and 16 digits). */
export const SEEDED_PUBLISHER_ID = "pub-3940256099942544";
/** The ad source with 25 adapters: more than one page at a small `pageSize`. */
export const MANY_ADAPTERS_AD_SOURCE_ID = "7505118203095108657";
export const MANY_ADAPTERS_COUNT = 25;
/** An ad source without adapters: its list answers `{}` (proto3 JSON leaves an empty list out). */
export const NO_ADAPTERS_AD_SOURCE_ID = "4600416542059544716";

const PLATFORMS = ["ANDROID", "IOS"] as const;

function metadata(id: number, label: string, isRequired: boolean): AdapterConfigMetadata {
  return { adapterConfigMetadataId: String(id), adapterConfigMetadataLabel: label, isRequired };
}

/** Adapter `index` of a generated ad source: platforms alternate, formats rotate through the six, ids ascend. */
function generatedAdapter(sourceNumber: number, index: number, sourceTitle: string): SeedAdapter {
  const platform = PLATFORMS[index % PLATFORMS.length] ?? "ANDROID";
  const formatCount = 1 + (index % 3);
  const formats = Array.from({ length: formatCount }, (_, offset) => AD_FORMATS[(index + offset) % AD_FORMATS.length] ?? "BANNER");
  const baseId = sourceNumber * 1000 + index * 10;
  return {
    adapterId: String(sourceNumber * 100 + index),
    title: `${sourceTitle} (${platform === "IOS" ? "iOS" : "Android"}) ${index + 1}`,
    platform,
    formats,
    adapterConfigMetadata: [metadata(baseId + 1, "Placement ID", true), ...(index % 2 === 0 ? [metadata(baseId + 2, "App ID", false)] : [])],
  };
}

function generatedSource(adSourceId: string, sourceNumber: number, title: string, count: number): SeedAdSource {
  return { adSourceId, title, adapters: Array.from({ length: count }, (_, index) => generatedAdapter(sourceNumber, index, title)) };
}

export function seedPublishers(): SeedPublisher[] {
  return [
    {
      publisherId: SEEDED_PUBLISHER_ID,
      adSources: [
        {
          adSourceId: "5450213213286189855",
          title: "AdMob Network",
          adapters: [
            {
              adapterId: "1",
              title: "AdMob Network Android SDK",
              platform: "ANDROID",
              formats: ["BANNER", "INTERSTITIAL", "REWARDED", "NATIVE", "REWARDED_INTERSTITIAL", "APP_OPEN"],
              adapterConfigMetadata: [],
            },
            {
              adapterId: "2",
              title: "AdMob Network iOS SDK",
              platform: "IOS",
              formats: ["BANNER", "INTERSTITIAL", "REWARDED", "NATIVE", "REWARDED_INTERSTITIAL", "APP_OPEN"],
              adapterConfigMetadata: [],
            },
          ],
        },
        generatedSource("1215381445328257950", 12, "Meta Audience Network", 4),
        generatedSource(MANY_ADAPTERS_AD_SOURCE_ID, 75, "Mediation Test Network", MANY_ADAPTERS_COUNT),
        { adSourceId: NO_ADAPTERS_AD_SOURCE_ID, title: "Retired Network", adapters: [] },
      ],
    },
  ];
}
