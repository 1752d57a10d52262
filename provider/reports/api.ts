import { defineApi } from "../apiManifest";

export const reportsApi = defineApi({
  name: "reports",
  doc: "Admin activity reports: watch channels on activities (token audit), the activities as a typed function, and a receiver for notifications.",
  google: { scopes: ["https://www.googleapis.com/auth/admin.reports.audit.readonly"], delegated: true },
});
