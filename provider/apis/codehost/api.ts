import { defineApi } from "../../apiManifest";
import { codeHostRateLimits } from "./limits";
import { resolveCodeHostSettings } from "./settings";

export const codehostApi = defineApi({
  name: "codehost",
  doc: "The code host: its rate-limit status (`getRateLimit`); requests to it keep its primary and secondary limits.",
  emulatorBasePath: "/codehost",
  settings: resolveCodeHostSettings,
  ownSettings: [
    {
      key: "svc:codehostClientId",
      envVar: "SVC_CODEHOST_CLIENT_ID",
      doc: "An OAuth app's client id, sent with its secret as HTTP Basic when no token is set.",
    },
    { key: "svc:codehostClientSecret", envVar: "SVC_CODEHOST_CLIENT_SECRET", doc: "That OAuth app's client secret.", secret: true },
  ],
  rateLimits: () => codeHostRateLimits(),
});
