import { defineApi } from "../../apiManifest";

export const quotasApi = defineApi({
  name: "quotas",
  doc: "Cloud Quotas: quota preferences and quota adjuster settings; quota infos and preferences as functions.",
  // Cloud Quotas documents no narrower scope than cloud-platform.
  google: { scopes: ["https://www.googleapis.com/auth/cloud-platform"] },
});
