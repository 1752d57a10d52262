/**
 * Who may talk to the emulator. It listens on loopback and its control endpoints need no token, so
 * a web page the developer has open is the threat: a page of another site can send a "simple" POST
 * (no preflight) to `http://127.0.0.1:<port>/_emulator/reset`, and a page whose name it makes
 * resolve to 127.0.0.1 (DNS rebinding) is even same-origin with what it reaches. Two rules, checked
 * before anything else runs (no recording, no fault, no handler), for every route:
 *
 * - **Host**: the request must name the emulator by an address (an IP literal: the browser connects
 *   where it says, so it is never a rebinding), `localhost`, the host it was started with or one
 *   allowed by `--allow-host`. A request without a Host header is no browser's and passes.
 * - **Origin**, for every method that can change something (all but GET, HEAD and OPTIONS): a
 *   browser's `Sec-Fetch-Site` must be `same-origin` or `none`, and its `Origin` the emulator's
 *   own. A request with neither (curl, the SDKs, tests) passes.
 */
import { isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SAME_ORIGIN_FETCHES = new Set(["same-origin", "none"]);

/** The host names the emulator answers to besides addresses and `localhost`, lowercase, without a port. */
export class AllowedHosts {
  private readonly names = new Set<string>();

  constructor(names: readonly string[] = []) {
    for (const name of names) this.add(name);
  }

  /** A name to answer to (`--host`, `--allow-host`); addresses and wildcards need no entry. */
  add(name: string): void {
    const host = bareHost(name);
    if (host !== "" && isIP(host) === 0) this.names.add(host);
  }

  allows(host: string): boolean {
    return isIP(host) !== 0 || host === "localhost" || this.names.has(host);
  }
}

/** `Example.COM:8085` -> `example.com`, `[::1]:8085` -> `::1`, a trailing dot dropped. */
function bareHost(header: string): string {
  const trimmed = header.trim().toLowerCase();
  const host = trimmed.startsWith("[") ? trimmed.slice(1, trimmed.indexOf("]")) : trimmed.replace(/:\d*$/, "");
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Why the request is refused (a 403 saying what to do instead), or undefined when it may go on. */
export function refusal(request: FastifyRequest, allowed: AllowedHosts): ApiError | undefined {
  const hostHeader = header(request, "host");
  if (hostHeader !== undefined && !allowed.allows(bareHost(hostHeader))) {
    const name = bareHost(hostHeader);
    return forbidden(
      `This emulator answers only to its own addresses, and the request named the host "${hostHeader}". ` +
        "A web page can reach a local server through a name that resolves to 127.0.0.1 (DNS rebinding), so other names are refused. " +
        `Use the address the emulator printed (http://127.0.0.1:<port> or http://localhost:<port>), or start it with --allow-host ${name} to answer to that name too.`,
    );
  }
  if (SAFE_METHODS.has(request.method)) return undefined;
  const own = `${request.protocol}://${hostHeader ?? ""}`;
  const fetchSite = header(request, "sec-fetch-site");
  const origin = header(request, "origin");
  const crossSite =
    fetchSite !== undefined && !SAME_ORIGIN_FETCHES.has(fetchSite.toLowerCase())
      ? `Sec-Fetch-Site: ${fetchSite}`
      : origin !== undefined && origin.toLowerCase() !== own.toLowerCase()
        ? `Origin ${origin}`
        : undefined;
  if (crossSite === undefined) return undefined;
  return forbidden(
    `Refused a ${request.method} from a web page of another origin (${crossSite}; this emulator is ${own}): a page of any site could otherwise ` +
      "reset the emulator, inject faults or change its objects. Use the emulator's own console (/_ui), or send the request from a tool " +
      "such as curl, an SDK or a test, which sends no Origin.",
  );
}

function forbidden(message: string): ApiError {
  return new ApiError({ httpStatus: 403, reason: "forbidden", message });
}

/** Checks every request first: one refused is not recorded, faulted or handled, so it changes nothing. */
export function guardRequests(app: FastifyInstance, allowed: AllowedHosts): void {
  app.addHook("onRequest", async (request) => {
    const refused = refusal(request, allowed);
    if (refused !== undefined) throw refused;
  });
}
