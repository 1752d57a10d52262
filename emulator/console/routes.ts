/**
 * The web console at `/_ui`, served by the emulator's own fastify instance beside the internal
 * endpoints and behind the same binding (loopback unless `--host` says otherwise). Pages are
 * rendered on the server from the live state; a small script adds the live log, keyboard moves and
 * the controls' requests to `/_emulator/...`. Console requests are not recorded, faulted or
 * delayed, and every answer goes through the secret scrubber.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ApiModule } from "../api";
import type { FaultInjector } from "../faults";
import type { TokenAuthority } from "../google/tokens/authority";
import type { RequestRecorder } from "../recorder";
import type { ServiceSpeed } from "../speed";
import { asset } from "./assets";
import { controlsPage } from "./controls-page";
import { html, type Html, link, page } from "./html";
import { apiPage, findNode, nodePage, overviewPage, type ObjectSource } from "./objects-page";
import { CONSOLE_PREFIX } from "./paths";
import { detailHtml, detailOf, logQuerySchema, matches, requestsPage, rowOf, selectRows } from "./requests-page";
import type { SecretScrubber } from "./scrub";
import { streamEvents } from "./events";
// The route `config` typing (`internal: true`).
import type {} from "../request-state";

export interface ConsoleServices {
  apis: readonly ApiModule[];
  recorder: RequestRecorder;
  faults: FaultInjector;
  speed: ServiceSpeed;
  accessTokens: TokenAuthority;
  scrubber: SecretScrubber;
}

export function registerConsole(app: FastifyInstance, services: ConsoleServices): void {
  const { apis, recorder, scrubber } = services;
  const options = { config: { internal: true } };
  const sources: ObjectSource[] = apis.flatMap((api) => (api.objects === undefined ? [] : [{ name: api.name, objects: api.objects }]));
  const sendHtml = (reply: FastifyReply, body: Html, status = 200): FastifyReply =>
    reply.code(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").send(scrubber.scrub(body.text));
  const sendJson = (reply: FastifyReply, body: unknown): FastifyReply =>
    reply
      .header("content-type", "application/json; charset=utf-8")
      .header("cache-control", "no-store")
      .send(scrubber.scrub(JSON.stringify(body)));
  // The one rendering of the console's errors: a page that says what was not found and where to go.
  const notFound = (reply: FastifyReply, what: string): FastifyReply =>
    sendHtml(
      reply,
      page(
        "Not found",
        "",
        html`<p>${what}</p>
          <p><a href="${link("/objects")}">Back to the objects</a></p>`,
      ),
      404,
    );

  app.get(CONSOLE_PREFIX, options, async (_request, reply) => reply.redirect(link("/objects")));
  app.get(`${CONSOLE_PREFIX}/`, options, async (_request, reply) => reply.redirect(link("/objects")));

  app.get(`${CONSOLE_PREFIX}/assets/:name`, options, async (request, reply) => {
    const found = asset((request.params as { name: string }).name);
    if (found === undefined) {
      return reply
        .code(404)
        .header("content-type", "text/plain; charset=utf-8")
        .send("This console file is not built: run `npm run build` (the package ships it in dist/emulator/console/).");
    }
    return reply.header("content-type", found.contentType).header("cache-control", "no-cache").send(found.body);
  });

  app.get(`${CONSOLE_PREFIX}/objects`, options, async (_request, reply) => sendHtml(reply, overviewPage(sources)));

  app.get(`${CONSOLE_PREFIX}/objects/:api`, options, async (request, reply) => {
    const source = sources.find((candidate) => candidate.name === (request.params as { api: string }).api);
    return source === undefined ? notFound(reply, "No API of that name shows objects here.") : sendHtml(reply, apiPage(source));
  });

  app.get(`${CONSOLE_PREFIX}/objects/:api/*`, options, async (request, reply) => {
    const params = request.params as { api: string; "*": string };
    const source = sources.find((candidate) => candidate.name === params.api);
    const keys = params["*"].split("/").filter((key) => key !== "");
    const trail = source === undefined ? undefined : findNode(source, keys);
    if (source === undefined || trail === undefined || trail.length === 0) return notFound(reply, "This object is gone (deleted, or the emulator was reset).");
    const query = request.query as { group?: string; page?: string };
    return sendHtml(
      reply,
      nodePage(source, keys, trail, { ...(query.group !== undefined && { group: query.group }), page: Number(query.page ?? "1") || 1 }, recorder.logged()),
    );
  });

  app.get(`${CONSOLE_PREFIX}/requests`, options, async (request, reply) => {
    const query = logQuerySchema.parse(request.query);
    const log = recorder.logged();
    const selected = query.selected === undefined ? undefined : log[query.selected - 1];
    return sendHtml(
      reply,
      requestsPage(
        apis.map((api) => api.name),
        query,
        selectRows(log, query),
        selected === undefined ? undefined : detailOf(selected),
      ),
    );
  });

  app.get(`${CONSOLE_PREFIX}/data/requests`, options, async (request, reply) =>
    sendJson(reply, { rows: selectRows(recorder.logged(), logQuerySchema.parse(request.query)) }),
  );

  app.get(`${CONSOLE_PREFIX}/data/requests/:id`, options, async (request, reply) => {
    const entry = recorder.logged()[Number((request.params as { id: string }).id) - 1];
    if (entry === undefined) return notFound(reply, "No request of that number since the log was last reset.");
    return sendJson(reply, { ...detailOf(entry), html: detailHtml(detailOf(entry)).text });
  });

  app.get(`${CONSOLE_PREFIX}/events`, options, async (request, reply) => {
    const query = logQuerySchema.parse(request.query);
    streamEvents(request, reply, (send) => recorder.onComplete((entry) => matches(entry, query) && send(scrubber.scrub(JSON.stringify(rowOf(entry))))));
  });

  app.get(`${CONSOLE_PREFIX}/controls`, options, async (_request, reply) =>
    sendHtml(
      reply,
      controlsPage({
        apis: apis.filter((api) => api.routes.length > 0).map((api) => ({ name: api.name, pathPrefix: api.pathPrefixes[0] ?? "/" })),
        faults: services.faults.current(),
        speed: services.speed.current(),
        tokenLifetimeSeconds: services.accessTokens.lifetimeSeconds,
        serviceAccounts: services.accessTokens.accountsSnapshot(),
        tokenStats: services.accessTokens.report(),
      }),
    ),
  );
}
