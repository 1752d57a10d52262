/**
 * How the DNS API pages and the work it finishes after answering: its page parameters, its zone
 * operations and its record changes, polled until done by the shared poller (google/poll.ts).
 */
import { z } from "zod";
import type { Paging } from "../../google/listing";
import { stringField, type PollKind } from "../../google/poll";

/** DNS names the page size `maxResults` (the newer Google APIs: `pageSize`). */
export const DNS_PAGING: Paging = { pageParam: "pageToken", pageSizeParam: "maxResults" };

export const operationWire = z.looseObject({ id: z.string(), status: z.enum(["pending", "done"]), type: z.string().optional() });
export const changeWire = z.looseObject({ id: z.string(), status: z.enum(["pending", "done"]) });

/** A zone operation (`managedZoneOperations`): `id`, `status` pending or done. */
export const ZONE_OPERATION_POLL: PollKind = {
  name: "zoneOperation",
  schema: operationWire,
  pending: (answer) => {
    const id = stringField(answer, "id");
    if (id === undefined) return undefined;
    return { id, done: stringField(answer, "status") === "done", what: `zone operation ${id} (${stringField(answer, "type") ?? "update"})` };
  },
  schedule: "operation",
  until: "finish",
};

/** A record change (`changes`): `id`, `status` pending or done; every answer of changes.create is one. */
export const CHANGE_POLL: PollKind = {
  name: "change",
  schema: changeWire,
  pending: (answer) => {
    const id = stringField(answer, "id");
    return id === undefined ? undefined : { id, done: stringField(answer, "status") === "done", what: `record change ${id}` };
  },
  schedule: "quick",
  until: "be done",
};
