/**
 * The request bodies the emulated APIs read: JSON as Google's reader takes it, and forms for the
 * APIs that accept them. What cannot be read is an API error, rendered by the request's API.
 */
import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors";
import { parseFormBody } from "./form-body";
import { parseError } from "./google/errors";

/** Google's JSON reader; an empty body counts as no body, and `__proto__` keys are dropped. */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, rawBody, done) => {
    const text = typeof rawBody === "string" ? rawBody : rawBody.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    try {
      done(
        null,
        JSON.parse(text, (key, value: unknown) => (key === "__proto__" ? undefined : value)),
      );
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
