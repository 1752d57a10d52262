/**
 * The broken answers of the `brokenResponse` fault (see faults.ts): the
 * request has been processed, and its answer is replaced by what a
 * misbehaving proxy or load balancer sends instead.
 */
import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { BrokenResponseKind } from "./faults";

function htmlPage(status: number, title: string): string {
  return (
    `<!DOCTYPE html>\n<html><head><title>${status} ${title}</title></head>\n` +
    `<body><h1>${title}</h1><p>The upstream server did not answer in time. Please try again later.</p>` +
    `<hr><address>edge-proxy</address></body></html>\n`
  );
}

function textOf(payload: unknown): string {
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  return "";
}

/** Replaces the answer about to be sent; returns the payload to send instead. */
export function breakResponse(reply: FastifyReply, payload: unknown, kind: BrokenResponseKind): string | Readable {
  const text = textOf(payload);
  const json = (status: number, body: string): string => {
    reply.code(status);
    reply.header("content-type", "application/json; charset=utf-8");
    return body;
  };
  const successStatus = reply.statusCode === 204 || reply.statusCode >= 300 ? 200 : reply.statusCode;
  switch (kind) {
    case "brokenJson":
      // Half of the real body, sent in full: the HTTP is fine, the JSON is not.
      return json(successStatus, text.length > 1 ? text.slice(0, Math.ceil(text.length / 2)) : '{"kind": ');
    case "wrongShape": {
      let body: unknown = null;
      try {
        body = text === "" ? null : (JSON.parse(text) as unknown);
      } catch {
        body = text;
      }
      return json(200, JSON.stringify({ data: body }));
    }
    case "empty200":
      reply.code(200);
      reply.removeHeader("content-type");
      return "";
    case "html200":
    case "html502": {
      const status = kind === "html200" ? 200 : 502;
      reply.code(status);
      reply.header("content-type", "text/html; charset=utf-8");
      return htmlPage(status, status === 200 ? "Service Temporarily Unavailable" : "Bad Gateway");
    }
    case "cutBody": {
      // Declares the whole body, sends half, then the connection is closed under the client.
      const full = Buffer.from(text === "" ? '{"kind": "cut"}' : text, "utf8");
      reply.code(successStatus);
      reply.header("content-length", String(full.length));
      const half = full.subarray(0, Math.max(1, Math.floor(full.length / 2)));
      let sent = false;
      return new Readable({
        read() {
          if (sent) return;
          sent = true;
          this.push(half);
          // fastify destroys a response whose stream fails after the headers went out.
          setTimeout(() => this.destroy(new Error("svc-emulator: brokenResponse cutBody")), 5);
        },
      });
    }
  }
}
