import { defineApi } from "../../apiManifest";

export const reportsApi = defineApi({
  name: "reports",
  doc: "Admin activity reports: watch channels on activities (token audit), the activities as a typed function, and a receiver for notifications.",
  sdkExtras: [
    { module: "activitySchema", functions: ["parseActivity", "consoleMessage"] },
    { module: "activityNames", constants: ["CLIENT_TYPES", "PRODUCT_BUCKETS", "TOKEN_EVENT_NAMES"] },
    { module: "notificationHandler", functions: ["notificationHandler"] },
  ],
  google: { scopes: ["https://www.googleapis.com/auth/admin.reports.audit.readonly"], delegated: true },
});
