/**
 * The request bodies the emulated APIs read: JSON as Google's reader takes it, and forms for the
 * APIs that accept them. What cannot be read is an API error, rendered by the request's API.
 */
import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors";
import { parseFormBody } from "./form-body";
import { parseError } from "./google/errors";

/**
 * A JSON value as Google's reader takes it: `__proto__` keys dropped, and an integer written with
 * more digits than a double holds exactly (above 2^53) kept as its decimal text, which proto3 JSON
 * reads as the same number for every numeric field (an int64 `9007199254740993` stays exact; a
 * number as text is a number to it). JSON.parse's source text (the reviver's `context.source`) is
 * what makes that possible; the parsed double has already lost the digits.
 */
export function parseJson(text: string): unknown {
  return JSON.parse(text, (key, value: unknown, context?: { source?: string }) => {
    if (key === "__proto__") return undefined;
    const source = context?.source;
    if (typeof value === "number" && !Number.isSafeInteger(value) && source !== undefined && /^-?\d+$/.test(source)) return source;
    return value;
  });
}

/** Google's JSON reader (parseJson); an empty body counts as no body. */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, rawBody, done) => {
    const text = typeof rawBody === "string" ? rawBody : rawBody.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    try {
      done(null, parseJson(text));
    } catch {
      done(parseError(), undefined);
    }
  });
}

/** Form bodies for the APIs that take them; to the others a form is an unsupported media type, as before. */
export function installFormBodyParser(app: FastifyInstance, acceptsForms: (apiName: string | undefined) => boolean): void {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (request, rawBody, done) => {
    if (!acceptsForms(request.routeOptions.config.apiName)) {
      done(new ApiError({ httpStatus: 415, reason: "badRequest", message: "Unsupported Media Type: application/x-www-form-urlencoded" }), undefined);
      return;
    }
    done(null, parseFormBody(typeof rawBody === "string" ? rawBody : rawBody.toString("utf8")));
  });
}
