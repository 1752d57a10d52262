/**
 * A custom read function's pages are the executor's: it plans one listing (sent through
 * `sendPlanned`, the executor's one sender), which the executor reads page by page on the call's
 * budget, each page parsed once in the call path with its items, and nothing parsed after the
 * call. By offset (CI's builds), by token with each page kept whole (the quota preferences and
 * their unreachable locations; the activities and the next page's token).
 */
import { getProjectBuilds } from "../../provider/apis/ci/functions";
import { getQuotaPreferences } from "../../provider/apis/quotas/functions";
import { getActivities } from "../../provider/apis/reports/functions";
import * as executor from "../../provider/engine/executor/context";
import type { PlannedRequest } from "../../provider/engine/kinds";
import { parsesDuring } from "../support/parseCount";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("custom-pages", { instantRetries: true, emulator: { quotas: { unreachable: ["us-moon1"] } } });

beforeAll(() => {
  process.env["SVC_CI_TOKEN"] = emulator.current.token;
});

/** What `work` planned through the executor's one sender, the answers the emulator gave meanwhile, and the parses of them. */
async function sentDuring(work: () => Promise<unknown>): Promise<{ planned: PlannedRequest[]; answered: number; parses: number; again: number }> {
  const planned = jest.spyOn(executor, "sendPlanned");
  const before = (await emulator.current.requests()).length;
  try {
    const { parses, again } = await parsesDuring(work);
    const answered = (await emulator.current.requests()).length - before;
    return { planned: planned.mock.calls.map(([request]) => request), answered, parses, again };
  } finally {
    planned.mockRestore();
  }
}

it("getActivities: every page one planned listing, each activity parsed once, as its page is read", async () => {
  let activities: unknown[] = [];
  const all = await sentDuring(async () => ({ activities } = await getActivities.on(emulator.runtime)({ userKey: "all", maxResults: 100 })));
  expect(activities).toHaveLength(250);
  expect(all).toMatchObject({ answered: 3, parses: 3, again: 0 });
  expect(all.planned).toHaveLength(1);
  let next: string | undefined;
  const one = await sentDuring(
    async () => ({ nextPageToken: next } = await getActivities.on(emulator.runtime)({ userKey: "all", maxResults: 100, pages: "one" })),
  );
  expect(one).toMatchObject({ planned: [expect.objectContaining({ paging: expect.objectContaining({ maxPages: 1 }) })], answered: 1, parses: 1, again: 0 });
  // The next page, from its token: the last 50 of the 250 after two pages of 100.
  const rest = await getActivities.on(emulator.runtime)({ userKey: "all", maxResults: 100, pages: "one", pageToken: next! });
  const third = await getActivities.on(emulator.runtime)({ userKey: "all", maxResults: 100, pages: "one", pageToken: rest.nextPageToken! });
  expect([rest.activities.length, third.activities.length, third.nextPageToken]).toEqual([100, 50, undefined]);
});

it("getProjectBuilds: the pages by offset one planned listing, each page parsed once", async () => {
  let builds: unknown[] = [];
  const project = { vcsType: "vcs-a" as const, username: "acme", project: "monorepo" };
  const counted = await sentDuring(async () => (builds = await getProjectBuilds.on(emulator.runtime)({ ...project, allPages: true })));
  expect(builds.length).toBeGreaterThan(100);
  expect(counted.planned).toHaveLength(1);
  expect(counted.answered).toBe(Math.floor(builds.length / 100) + 1);
  expect(counted).toMatchObject({ parses: counted.answered, again: 0 });
  expect(await getProjectBuilds.on(emulator.runtime)({ ...project, allPages: true, limit: 7, maxBuilds: 10 })).toHaveLength(10);
});

it("getQuotaPreferences: every page one planned listing, each kept whole (its unreachable locations), parsed once", async () => {
  const parent = `${emulator.current.url}/v1/organizations/123456789012/locations/global/quotaPreferences`;
  for (const [id, quotaId] of [
    ["n", "NETWORKS-per-project"],
    ["c", "CPUS-ALL-REGIONS-per-project"],
    ["g", "GPUS-ALL-REGIONS-per-project"],
  ]) {
    const made = await fetch(`${parent}?quotaPreferenceId=${id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${emulator.current.token}`, "content-type": "application/json" },
      body: JSON.stringify({ service: "compute.googleapis.com", quotaId, quotaConfig: { preferredValue: "9007199254740993" } }),
    });
    expect(made.status).toBe(200);
  }
  let result: Awaited<ReturnType<typeof getQuotaPreferences>> | undefined;
  const counted = await sentDuring(async () => (result = await getQuotaPreferences.on(emulator.runtime)({ organization: "123456789012", pageSize: 1 })));
  expect(result?.quotaPreferences.map((preference) => preference.quotaId).sort()).toEqual([
    "CPUS-ALL-REGIONS-per-project",
    "GPUS-ALL-REGIONS-per-project",
    "NETWORKS-per-project",
  ]);
  expect(result?.unreachable).toEqual(["us-moon1"]);
  expect(counted.planned).toHaveLength(1);
  expect(counted.answered).toBeGreaterThanOrEqual(3);
  expect(counted).toMatchObject({ parses: counted.answered, again: 0 });
});
