/**
 * VPC network bindings of DNS server policies and response policies. A
 * network is named by its full Compute Engine URL; the same network may be
 * spelled with another host or API version, so bindings compare the
 * `projects/{project}/global/networks/{network}` part.
 */
import { ApiError } from "../../errors";
import { invalidValue } from "../../google/errors";

export interface NetworkBinding {
  networkUrl: string;
}

export function networkKey(networkUrl: string): string {
  const start = networkUrl.indexOf("/projects/");
  return (start === -1 ? networkUrl : networkUrl.slice(start + 1)).toLowerCase();
}

/**
 * Refuses a network listed twice (400) or already bound to another resource
 * of the same kind (409), e.g. a second DNS server policy on one network.
 * `boundTo` names the resource that holds a network, if any other does.
 */
export function checkNetworkBindings(networks: readonly NetworkBinding[], path: string, what: string, boundTo: (key: string) => string | undefined): void {
  const seen = new Set<string>();
  networks.forEach(({ networkUrl }, index) => {
    const key = networkKey(networkUrl);
    const fieldPath = `${path}[${index}].networkUrl`;
    if (seen.has(key)) throw invalidValue(fieldPath, networkUrl, "The network is listed more than once.");
    seen.add(key);
    const holder = boundTo(key);
    if (holder !== undefined) {
      throw new ApiError({
        httpStatus: 409,
        reason: "alreadyExists",
        message: `The network '${networkUrl}' ('${fieldPath}') is already bound to the ${what} '${holder}'; a network can have only one ${what}.`,
      });
    }
  });
}
