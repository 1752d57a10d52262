// Reading data into a program with a function: the mediation adapters of one
// ad source of an AdMob publisher account, every page, as typed outputs.
// Nothing is created; the function runs in the program's own process on
// every preview and up.
//
// Configuration: publisherId ("pub-" and 16 characters), adSourceId, and
// optionally pageSize (adapters per request; every page is read regardless).
// The token is svc:adsToken (an OAuth access token with the ads.readonly
// scope, set with --secret) or SVC_ADS_TOKEN.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();

const adapters = svc.ads.getAdaptersOutput({
  publisherId: config.require("publisherId"),
  adSourceId: config.require("adSourceId"),
  pageSize: config.getNumber("pageSize"),
});

export const adapterCount = adapters.apply((list) => list.length);
export const adapterIds = adapters.apply((list) => list.map((adapter) => adapter.adapterId));
export const adaptersByPlatform = adapters.apply((list) => {
  const byPlatform: Record<string, string[]> = {};
  for (const adapter of list) (byPlatform[adapter.platform] ??= []).push(adapter.title);
  return byPlatform;
});
// The typed fields: formats are the spec's six values, config metadata says what each adapter needs.
export const requiredSettings = adapters.apply((list) =>
  list.map((adapter) => ({
    adapterId: adapter.adapterId,
    formats: adapter.formats,
    required: adapter.adapterConfigMetadata.filter((entry) => entry.isRequired === true).map((entry) => entry.adapterConfigMetadataLabel),
  })),
);
