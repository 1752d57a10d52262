import { defineApi } from "../../apiManifest";

export const adsApi = defineApi({
  name: "ads",
  doc: "Ad mediation (AdMob v1beta): the adapters of an ad source, a read-only function.",
  google: {
    scopes: ["https://www.googleapis.com/auth/ads.readonly"],
    accepted: { write: ["https://www.googleapis.com/auth/ads.monetization"], read: ["https://www.googleapis.com/auth/ads.readonly"] },
  },
});
