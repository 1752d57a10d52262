import { defineApi } from "../../apiManifest";

export const ciApi = defineApi({
  name: "ci",
  doc: "The continuous-integration service: checkout keys, SSH keys and project follows.",
  authStyles: {
    setting: ["svc:ciAuth", "SVC_CI_AUTH"],
    styles: { header: { header: "Ci-Token" }, basic: "basic", query: { query: "ci-token" } },
    default: "header",
    described: "header (the Ci-Token header, the default), basic (HTTP Basic with the token as user name) or query (the deprecated ci-token query parameter)",
  },
});
