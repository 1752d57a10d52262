import { defineApi } from "../../apiManifest";

export const dnsApi = defineApi({
  name: "dns",
  doc: "DNS management: zones, record sets, policies, response policies and rules, zone access policy.",
  google: {
    scopes: ["https://www.googleapis.com/auth/ndev.clouddns.readwrite"],
    accepted: {
      write: ["https://www.googleapis.com/auth/ndev.clouddns.readwrite", "https://www.googleapis.com/auth/cloud-platform"],
      read: ["https://www.googleapis.com/auth/ndev.clouddns.readonly"],
    },
  },
});
