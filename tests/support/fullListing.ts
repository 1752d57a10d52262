/**
 * Everything an emulator holds, as its clients would list it: `/_emulator/objects` plus each API's
 * own list endpoints for what those name (zones with their record sets and changes, policies,
 * calendars with their rules and events, checkout keys, quota preferences, issues). Two listings
 * compare equal when a restart kept every object and whatever the answers derive from (ids,
 * etags, sync tokens, completion times).
 */
export interface Listing {
  objects: Record<string, Record<string, unknown[]>>;
  lists: Record<string, unknown>;
}

/** A test's objects in every API that keeps any, made through the APIs; returns nothing to keep. */
export async function populate(baseUrl: string, token: string): Promise<void> {
  const call = requester(baseUrl, token);
  const zones = "/dns/v1/projects/keep/managedZones";
  await call("POST", zones, { name: "kept", dnsName: "kept.example.", description: "kept across restarts" });
  await call("POST", `${zones}/kept/rrsets`, { name: "www.kept.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.7"] });
  await call("POST", `${zones}/kept/changes`, { additions: [{ name: "kept.example.", type: "TXT", ttl: 60, rrdatas: ['"v=1"'] }] });
  await call("POST", `${zones}/kept:setIamPolicy`, { policy: { bindings: [{ role: "roles/dns.reader", members: ["user:ann@example.com"] }] } });
  await call("POST", "/dns/v1/projects/keep/policies", { name: "kept-policy", description: "", networks: [] });
  const rp = await call("POST", "/dns/v1/projects/keep/responsePolicies", { responsePolicyName: "kept-rp", description: "" });
  if (rp.status !== 200) throw new Error(`response policy: ${rp.status}`);
  await call("POST", "/dns/v1/projects/keep/responsePolicies/kept-rp/rules", { ruleName: "block", dnsName: "bad.example.", behavior: "bypassResponsePolicy" });
  const calendar = (await call("POST", "/calendar/v3/calendars", { summary: "Kept" })).body as { id: string };
  const calendarPath = `/calendar/v3/calendars/${encodeURIComponent(calendar.id)}`;
  await call("POST", `${calendarPath}/acl`, { scope: { type: "user", value: "ann@example.com" }, role: "reader" });
  await call("POST", `${calendarPath}/events`, {
    summary: "Kept event",
    start: { dateTime: "2030-01-07T09:00:00Z" },
    end: { dateTime: "2030-01-07T09:30:00Z" },
  });
  await call("POST", "/api/v1.1/project/vcs-a/acme/monorepo/follow", undefined, "ci");
  await call("POST", "/api/v1.1/project/vcs-a/acme/monorepo/checkout-key", { type: "deploy-key" }, "ci");
  await call("POST", "/v1/projects/keep/locations/global/quotaPreferences?quotaPreferenceId=cpus", {
    service: "compute.googleapis.com",
    quotaId: "CPUS-per-project-region",
    dimensions: { region: "us-central1" },
    quotaConfig: { preferredValue: "1000" },
  });
  await call("POST", "/codehost/repos/acme/widgets/issues", { title: "kept issue" });
  const account = await fetch(`${baseUrl}/_emulator/tokens/service-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "kept-account", delegation: ["example.com"] }),
  });
  if (account.status !== 200) throw new Error(`service account: ${account.status}`);
}

/**
 * Waits until nothing changes by itself any more: answers derived from the clock (a DNS change
 * `pending` for 50 ms, a quota increase `reconciling` for 2 s) would otherwise differ between a
 * listing and one taken after a restart, as they should.
 */
export async function settled(baseUrl: string, token: string, timeoutMs = 30_000): Promise<void> {
  const call = requester(baseUrl, token);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const objects = (await (await fetch(`${baseUrl}/_emulator/objects`)).json()) as Listing["objects"];
    const names = (objects["quotas"]?.["quotaPreferences"] ?? []).map((item) => (item as { name: string }).name);
    const reconciling = [];
    for (const name of names) if (((await call("GET", `/v1/${name}`)).body as { reconciling?: boolean }).reconciling === true) reconciling.push(name);
    if (reconciling.length === 0) break;
    if (Date.now() > deadline) throw new Error(`still reconciling after ${timeoutMs} ms: ${reconciling.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

export async function fullListing(baseUrl: string, token: string): Promise<Listing> {
  const call = requester(baseUrl, token);
  const objects = (await (await fetch(`${baseUrl}/_emulator/objects`)).json()) as Listing["objects"];
  const lists: Record<string, unknown> = {};
  const get = async (path: string, as: "bearer" | "ci" = "bearer"): Promise<void> => {
    const answer = await call("GET", path, undefined, as);
    // A calendar's event list says when it is read (`updated`): the one field no restart keeps.
    const { updated: _updated, ...body } = (answer.body ?? {}) as Record<string, unknown>;
    lists[path] = { status: answer.status, body: Array.isArray(answer.body) ? answer.body : body };
  };
  const projects = new Set((objects["dns"]?.["managedZones"] ?? []).map((zone) => (zone as { project: string }).project));
  for (const kind of ["policies", "responsePolicies"]) for (const item of objects["dns"]?.[kind] ?? []) projects.add((item as { project: string }).project);
  for (const project of projects) {
    const base = `/dns/v1/projects/${project}`;
    await get(`${base}/managedZones`);
    await get(`${base}/policies`);
    await get(`${base}/responsePolicies`);
    for (const zone of objects["dns"]?.["managedZones"] ?? []) {
      const { name } = zone as { name: string; project: string };
      if ((zone as { project: string }).project !== project) continue;
      for (const below of ["", "/rrsets", "/changes", "/operations"]) await get(`${base}/managedZones/${name}${below}`);
      const iam = await call("POST", `${base}/managedZones/${name}:getIamPolicy`, { options: { requestedPolicyVersion: 3 } });
      lists[`${base}/managedZones/${name}:getIamPolicy`] = iam.body;
    }
    for (const policy of objects["dns"]?.["responsePolicies"] ?? []) {
      const { responsePolicyName, project: owner } = policy as { responsePolicyName: string; project: string };
      if (owner === project) await get(`${base}/responsePolicies/${responsePolicyName}/rules`);
    }
  }
  await get("/calendar/v3/users/me/calendarList");
  const listed = (lists["/calendar/v3/users/me/calendarList"] as { body: { items?: Array<{ id: string }> } }).body.items ?? [];
  for (const { id } of listed) {
    for (const below of ["", "/acl", "/events"]) await get(`/calendar/v3/calendars/${encodeURIComponent(id)}${below}`);
  }
  const slugs = new Set(
    [...(objects["ci"]?.["checkoutKeys"] ?? []), ...(objects["ci"]?.["follows"] ?? [])].map((item) => (item as { project: string }).project),
  );
  for (const slug of slugs) await get(`/api/v1.1/project/${slug}/checkout-key`, "ci");
  await get("/api/v1.1/projects", "ci");
  const parents = new Set(
    (objects["quotas"]?.["quotaPreferences"] ?? []).map((item) => (item as { name: string }).name.replace(/\/quotaPreferences\/.*$/, "")),
  );
  for (const parent of parents) await get(`/v1/${parent}/quotaPreferences`);
  const repos = new Set((objects["codehost"]?.["issues"] ?? []).map((item) => `${(item as { owner: string }).owner}/${(item as { repo: string }).repo}`));
  for (const repo of repos) await get(`/codehost/repos/${repo}/issues`);
  return { objects, lists };
}

type Requester = (method: string, path: string, body?: unknown, as?: "bearer" | "ci") => Promise<{ status: number; body: unknown }>;

function requester(baseUrl: string, token: string): Requester {
  return async (method, path, body, as = "bearer") => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(as === "bearer" ? { authorization: `Bearer ${token}` } : { "ci-token": token }),
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text === "" ? undefined : JSON.parse(text);
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { status: response.status, body: parsed };
  };
}
