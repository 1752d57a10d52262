import type { FastifyReply } from "fastify";
import type { ApiResult, RenderedBody } from "./api";
import type { ApiError, ErrorFamily } from "./errors";
import { renderError } from "./errors";

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
