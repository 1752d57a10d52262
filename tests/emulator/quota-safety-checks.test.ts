/**
 * A quota preference that ignores both safety checks, created and updated against the emulator
 * through `dynamicProvider`: `ignoreSafetyChecks` is a repeated field, so each check goes as its
 * own occurrence of the parameter (`?ignoreSafetyChecks=A&ignoreSafetyChecks=B`, as HTTP/JSON
 * transcoding reads a repeated field), exactly as the step's plan says. And a refusal is put down
 * to a safety check only when the answer gives the check as its reason, not when a message merely
 * names one.
 */
import { quotaPreference } from "../../provider/apis/quotas/quotaPreference";
import type { Args } from "../../provider/engine/declaration/declaration";
import { CONTROL_INPUTS, diffArgs } from "../../provider/engine/plan/diff";
import { planStep } from "../../provider/engine/plan/planStep";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import type { ApiError } from "../../provider/http/answer";
import { createApiClient } from "../../provider/http/client";
import { testBudget } from "../support/budget";
import { followsPlan } from "../support/planLog";
import { providerEmulator } from "../support/providerEmulator";
import { recorder, recordingRuntime } from "../support/recorder";
import { startEmulator, TOKEN, type TestEmulator } from "./helpers";

const PROJECT = "safety-project";
const emulator = providerEmulator("safety-token-3391", { project: PROJECT, instantRetries: true });
const recording = recorder();
const runtime = recordingRuntime(recording);
const provider = dynamicProvider(quotaPreference, runtime);

const BOTH = ["QUOTA_DECREASE_BELOW_USAGE", "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH"];
const COLLECTION = `v1/projects/${PROJECT}/locations/global/quotaPreferences`;
// The seeded quota: 24 by default in us-central1, 20 in use. 5, then 2, is below the usage and a cut of far more than 10%.
const INPUTS = {
  project: PROJECT,
  quotaPreferenceId: "cpus",
  service: "compute.googleapis.com",
  quotaId: "CPUS-per-project-region",
  dimensions: { region: "us-central1" },
  preferredValue: "5",
  ignoreSafetyChecks: BOTH,
};
const objectOf = (values: Args): Args => Object.fromEntries(Object.entries(values).filter(([key]) => !CONTROL_INPUTS.has(key)));

async function checked(given: Args): Promise<Args> {
  const { inputs, failures } = await provider.check({}, given);
  expect(failures).toBeUndefined();
  return inputs ?? {};
}

it("creates and updates a preference ignoring both safety checks, each check one occurrence of the parameter", async () => {
  const news = await checked(INPUTS);
  const before = recording.recorded.length;
  const created = await followsPlan(recording, "", planStep("create", { declaration: quotaPreference, olds: {}, news: objectOf(news) }), () =>
    provider.create(news),
  );
  expect([created.outs["preferredValue"], created.outs["grantedValue"]]).toEqual(["5", "5"]);

  const lower = await checked({ ...INPUTS, preferredValue: "2" });
  const diff = diffArgs(quotaPreference, created.outs, lower);
  const plan = planStep("update", { declaration: quotaPreference, id: created.id, olds: created.outs, news: objectOf(lower), diff });
  const updated = await followsPlan(recording, "", plan, () => provider.update(created.id, created.outs, lower));
  expect([updated.outs["preferredValue"], updated.outs["grantedValue"]]).toEqual(["2", "2"]);

  // The writes as they went over the wire: the query string as sent.
  const writes = recording.recorded.slice(before).filter((request) => request.method !== "GET");
  expect(writes.map((request) => `${request.method} ${request.path}${request.search} ${request.status}`)).toEqual([
    `POST /${COLLECTION}?quotaPreferenceId=cpus&ignoreSafetyChecks=QUOTA_DECREASE_BELOW_USAGE&ignoreSafetyChecks=QUOTA_DECREASE_PERCENTAGE_TOO_HIGH 200`,
    `PATCH /${COLLECTION}/cpus?ignoreSafetyChecks=QUOTA_DECREASE_BELOW_USAGE&ignoreSafetyChecks=QUOTA_DECREASE_PERCENTAGE_TOO_HIGH&updateMask=quotaConfig.preferredValue 200`,
  ]);
  // The emulator read the same: the parameter twice, one check each.
  const served = await emulator.current.requests({ pathPrefix: `/${COLLECTION}` });
  expect(served.filter((request) => request.method !== "GET").map((request) => request.query["ignoreSafetyChecks"])).toEqual([BOTH, BOTH]);
});

// A request outside the contract on purpose: sent to an emulator of its own, which no contract ledger watches.
describe("a refusal", () => {
  let plain: TestEmulator;
  beforeAll(async () => {
    plain = await startEmulator({ tokens: [TOKEN] });
  });
  afterAll(() => plain.close());

  it("names a safety check only when the answer gives it as the reason", async () => {
    const client = createApiClient({ api: "quotas", baseUrl: plain.baseUrl, token: TOKEN }, { log: () => undefined });
    const body = { service: INPUTS.service, quotaId: INPUTS.quotaId, dimensions: INPUTS.dimensions, quotaConfig: { preferredValue: "5" } };
    const refusal = (query: Record<string, string>): Promise<ApiError> =>
      client.send({ method: "POST", path: COLLECTION, query, body, repeat: "idempotent" }, testBudget()).then(
        () => {
          throw new Error("the emulator took the request");
        },
        (error: unknown) => error as ApiError,
      );
    const explain = (error: ApiError): string | undefined => quotaPreference.hooks?.explainRefusal?.(error, INPUTS, "create")?.message;

    // A real safety-check refusal: the answer's reason is the check.
    const tripped = await refusal({ quotaPreferenceId: "cpus", ignoreSafetyChecks: "QUOTA_DECREASE_BELOW_USAGE" });
    expect(explain(tripped)).toMatch(/refused the preferred value by its safety check QUOTA_DECREASE_PERCENTAGE_TOO_HIGH.*ignoreSafetyChecks/s);
    // A malformed request whose message quotes the checks' names is no safety check: the API's own error stands.
    const malformed = await refusal({ quotaPreferenceId: "cpus", ignoreSafetyChecks: BOTH.join(",") });
    expect([malformed.status, malformed.apiMessage]).toEqual([400, expect.stringContaining("QUOTA_DECREASE_BELOW_USAGE")]);
    expect(explain(malformed)).toBeUndefined();
  });
});
