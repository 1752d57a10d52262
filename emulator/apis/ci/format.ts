/**
 * The CI API's response formats, chosen by the `Accept` header as the
 * service documents it: absent or empty gives EDN; a header naming
 * `application/json` gives compact JSON; any other value (`text/plain`,
 * `*\/*`, ...) gives pretty-printed JSON. Error bodies follow the same rule.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { RenderedBody } from "../../api";
import { toEdn } from "./edn";

export type CiFormat = "edn" | "json" | "pretty";

export const EDN_CONTENT_TYPE = "application/edn; charset=utf-8";
export const CI_JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export function negotiateFormat(accept: string | string[] | undefined): CiFormat {
  const value = Array.isArray(accept) ? accept.join(",") : (accept ?? "");
  if (value.trim() === "") return "edn";
  const mediaTypes = value.split(",").map((range) => (range.split(";")[0] ?? "").trim().toLowerCase());
  return mediaTypes.includes("application/json") ? "json" : "pretty";
}

export function renderCiBody(body: unknown, headers: IncomingHttpHeaders): RenderedBody {
  switch (negotiateFormat(headers.accept)) {
    case "edn":
      return { contentType: EDN_CONTENT_TYPE, payload: toEdn(body) };
    case "json":
      return { contentType: CI_JSON_CONTENT_TYPE, payload: JSON.stringify(body) };
    case "pretty":
      return { contentType: CI_JSON_CONTENT_TYPE, payload: prettyJson(body) };
  }
}

/**
 * Pretty JSON in the layout of Jackson's default pretty printer, which the
 * real service's output shows (`"key" : value`, two-space indentation per
 * object level, arrays inline: `[ 1, 2 ]`, `[ {` ... `} ]`, empty `[ ]`/`{ }`).
 */
export function prettyJson(value: unknown, indent = ""): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null";
  if (typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[ ]";
    return `[ ${value.map((item: unknown) => prettyJson(item === undefined ? null : item, indent)).join(", ")} ]`;
  }
  const inner = `${indent}  `;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .map(([key, member]) => `${inner}${JSON.stringify(key)} : ${prettyJson(member, inner)}`);
  if (members.length === 0) return "{ }";
  return `{\n${members.join(",\n")}\n${indent}}`;
}
