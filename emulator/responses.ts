import type { FastifyReply } from "fastify";
import type { ApiResult, RenderedBody } from "./api";
import type { ApiError, ErrorFamily } from "./errors";
import { renderError } from "./errors";
import { backendError } from "./google/errors";
import type { FieldSelection } from "./google/partial-response";
import { selectFields } from "./google/partial-response";

/** What Google's APIs send; every JSON response of the emulator uses it. */
export const JSON_CONTENT_TYPE = "application/json; charset=UTF-8";

/** Serializes a body for the wire; an API may bring its own (`ApiModule.renderBody`). */
export type BodyRenderer = (body: unknown) => RenderedBody;

export const renderJson: BodyRenderer = (body) => ({ contentType: JSON_CONTENT_TYPE, payload: JSON.stringify(body) });

export function sendResult(reply: FastifyReply, result: ApiResult, render: BodyRenderer = renderJson): FastifyReply {
  reply.code(result.status);
  if (result.headers !== undefined) reply.headers(result.headers);
  if (result.body === undefined) return reply.send();
  const { contentType, payload } = render(result.body);
  reply.header("content-type", contentType);
  return reply.send(payload);
}

export function sendError(reply: FastifyReply, family: ErrorFamily, error: ApiError, render: BodyRenderer = renderJson): FastifyReply {
  const rendered = renderError(family, error);
  return sendResult(reply, { status: rendered.status, headers: rendered.headers, body: rendered.body }, render);
}

/** A successful result cut down to the `fields` the client asked for. */
export function partialResult(result: ApiResult, selection: FieldSelection): ApiResult {
  if (result.body === undefined || result.status < 200 || result.status >= 300) return result;
  return { ...result, body: selectFields(result.body, selection) };
}

/**
 * Turns a response that is about to be sent into the 503 a client sees when
 * the real response was lost on the way; returns the body to send instead.
 */
export function replaceWithLostResponse(reply: FastifyReply, family: ErrorFamily, render: BodyRenderer): string {
  return replaceWithError(reply, family, backendError(503), render);
}

/** Turns a response that is about to be sent into the rendering of `error`; returns the body to send instead. */
export function replaceWithError(reply: FastifyReply, family: ErrorFamily, error: ApiError, render: BodyRenderer): string {
  const rendered = renderError(family, error);
  const { contentType, payload } = render(rendered.body);
  reply.code(rendered.status);
  reply.headers(rendered.headers);
  reply.header("content-type", contentType);
  return payload;
}
