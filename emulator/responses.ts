import type { FastifyReply } from 'fastify';
import type { ApiResult } from './api';
import type { ApiError, ErrorFamily } from './errors';
import { renderError } from './errors';

/** What Google's APIs send; every JSON response of the emulator uses it. */
export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

export function sendResult(reply: FastifyReply, result: ApiResult): FastifyReply {
  reply.code(result.status);
  if (result.headers !== undefined) reply.headers(result.headers);
  if (result.body === undefined) return reply.send();
  reply.header('content-type', JSON_CONTENT_TYPE);
  return reply.send(JSON.stringify(result.body));
}

export function sendError(reply: FastifyReply, family: ErrorFamily, error: ApiError): FastifyReply {
  const rendered = renderError(family, error);
  return sendResult(reply, { status: rendered.status, headers: rendered.headers, body: rendered.body });
}
