import { defineApi } from "../../apiManifest";
import { codeHostRateLimits } from "./limits";
import { resolveCodeHostSettings } from "./settings";

export const codehostApi = defineApi({
  name: "codehost",
  doc: "The code host: its rate-limit status (`getRateLimit`); requests to it keep its primary and secondary limits.",
  emulatorBasePath: "/codehost",
  settings: resolveCodeHostSettings,
  rateLimits: () => codeHostRateLimits(),
});
