/**
 * How each API's credentials travel on a request (ky's beforeRequest hook), by auth style. The
 * credential chain's access token (`google-credentials`) is set per attempt by the client instead,
 * since it changes as it is refreshed.
 */
import type { ApiSettings, AuthStyle } from "../config";

export function authHooks(settings: ApiSettings, style: AuthStyle): (request: Request) => Request | void {
  return (request) => {
    request.headers.set("Accept", "application/json");
    if (typeof style === "object") {
      if ("header" in style) {
        request.headers.set(style.header, settings.token);
        return;
      }
      const url = new URL(request.url);
      url.searchParams.set(style.query, settings.token);
      return new Request(url, request);
    }
    switch (style) {
      case "bearer":
        request.headers.set("Authorization", `Bearer ${settings.token}`);
        return;
      case "basic":
        request.headers.set("Authorization", `Basic ${Buffer.from(`${settings.token}:`).toString("base64")}`);
        return;
      case "client-basic":
        request.headers.set("Authorization", `Basic ${Buffer.from(`${settings.clientId ?? ""}:${settings.token}`).toString("base64")}`);
        return;
      case "none":
      case "google-credentials": // set per attempt: the token changes as it is refreshed
        return;
    }
  };
}
