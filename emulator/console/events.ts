/**
 * Server-sent events: the live request log. The connection is taken from fastify (it stays open),
 * each event is one JSON row, a comment every 15 s keeps proxies from closing it, and the
 * subscription ends with the connection (the emulator's close ends every connection).
 */
import type { FastifyReply, FastifyRequest } from "fastify";

const KEEP_ALIVE_MS = 15_000;

export function streamEvents(request: FastifyRequest, reply: FastifyReply, subscribe: (send: (data: string) => boolean) => () => void): void {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", connection: "keep-alive" });
  response.write(": live\n\n");
  const unsubscribe = subscribe((data) => response.write(`event: request\ndata: ${data}\n\n`));
  const keepAlive = setInterval(() => response.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
  keepAlive.unref();
  request.raw.on("close", () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
