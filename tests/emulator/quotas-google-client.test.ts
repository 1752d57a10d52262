/**
 * The quota emulator as Google's own Node client sees it: `@google-cloud/cloudquotas` (v1
 * `CloudQuotasClient`, v1beta `CloudQuotasClient` and `QuotaAdjusterSettingsManagerClient`) on
 * its HTTP/JSON transport, which sends `$alt=json;enum-encoding=int`, writes enums as numbers
 * and reads them back as numbers. Every answer is also checked strictly against the client's own
 * protos (tests/support/protoJson.ts), since the client's decoder skips what it does not know.
 */
import { protos, v1, v1beta } from "@google-cloud/cloudquotas";
import { readFileSync } from "node:fs";
import { OAuth2Client } from "google-auth-library";
import type { INamespace } from "protobufjs";
import { ProtoJsonChecker } from "../support/protoJson";
import type { TestEmulator } from "./helpers";
import { startEmulator, TOKEN } from "./helpers";

interface Exchange {
  readonly method: string;
  readonly url: URL;
  readonly requestBody: unknown;
  readonly status: number;
  readonly answer: unknown;
}

const exchanges: Exchange[] = [];
let emulator: TestEmulator;
const checker = new ProtoJsonChecker(JSON.parse(readFileSync(require.resolve("@google-cloud/cloudquotas/build/protos/protos.json"), "utf8")) as INamespace);

/**
 * The clients' auth: an OAuth2 client holding the emulator's token, whose `fetch` (what the
 * REST transport sends every call through) also records each exchange as it went over the wire.
 */
function recordingAuth(): OAuth2Client {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: TOKEN });
  const send = async (input: string, init: { method?: string; headers?: Headers; body?: string }): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${TOKEN}`);
    const response = await fetch(input, { method: init.method ?? "GET", headers, ...(init.body !== undefined && { body: init.body }) });
    const text = await response.text();
    exchanges.push({
      method: init.method ?? "GET",
      url: new URL(input),
      requestBody: init.body === undefined ? undefined : JSON.parse(init.body),
      status: response.status,
      answer: text === "" ? undefined : JSON.parse(text),
    });
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return Object.assign(auth, { fetch: send });
}

type ClientOptions = NonNullable<ConstructorParameters<typeof v1.CloudQuotasClient>[0]>;

function clientOptions(): ClientOptions {
  const { hostname, port } = new URL(emulator.baseUrl);
  // google-gax types its auth client with its own copy of google-auth-library; this one has the same shape.
  const authClient = recordingAuth() as unknown as ClientOptions["authClient"];
  return { fallback: true, protocol: "http", apiEndpoint: hostname, port: Number(port), authClient };
}

/** The message an answer of this call decodes into, by its path. */
function answerType(exchange: Exchange): string {
  const version = exchange.url.pathname.split("/")[1];
  const path = exchange.url.pathname;
  const message = path.endsWith("/quotaAdjusterSettings")
    ? "QuotaAdjusterSettings"
    : path.endsWith("/quotaPreferences") && exchange.method === "GET"
      ? "ListQuotaPreferencesResponse"
      : path.endsWith("/quotaInfos")
        ? "ListQuotaInfosResponse"
        : path.includes("/quotaInfos/")
          ? "QuotaInfo"
          : "QuotaPreference";
  return `google.api.cloudquotas.${version}.${message}`;
}

async function refusal(call: Promise<unknown>): Promise<{ code?: number; message: string }> {
  try {
    await call;
  } catch (error) {
    return error as { code?: number; message: string };
  }
  throw new Error("the call succeeded; a refusal was expected");
}

const PARENT = "projects/client-project/locations/global";
const SafetyCheck = protos.google.api.cloudquotas.v1.QuotaSafetyCheck;
const ABORTED = 10;

beforeAll(async () => {
  emulator = await startEmulator({ tokens: [TOKEN], quotas: { reconcileMs: 60_000 } });
});
afterAll(() => emulator.close());

describe("Google's Cloud Quotas client (REST transport, numeric enums)", () => {
  it("creates, reads, lists and updates a preference; a stale etag is 409 ABORTED; int64 above 2^53 stays intact", async () => {
    const quotas = new v1.CloudQuotasClient(clientOptions());
    const [created] = await quotas.createQuotaPreference({
      parent: PARENT,
      quotaPreferenceId: "client-cpus",
      quotaPreference: {
        service: "compute.googleapis.com",
        quotaId: "CPUS-per-project-region",
        dimensions: { region: "us-central1" },
        quotaConfig: { preferredValue: "9007199254740993" },
        justification: "client test",
        contactEmail: "ops@example.com",
      },
    });
    expect(created).toMatchObject({
      name: `${PARENT}/quotaPreferences/client-cpus`,
      reconciling: true,
      quotaConfig: { preferredValue: "9007199254740993", grantedValue: { value: "24" } },
    });
    expect(created.contactEmail).toBe("");

    const [read] = await quotas.getQuotaPreference({ name: created.name! });
    expect(read.etag).toBe(created.etag);
    const [listed] = await quotas.listQuotaPreferences({ parent: PARENT, pageSize: 10, orderBy: "quota_id" }, { autoPaginate: false });
    expect(listed.map((preference) => preference.name)).toEqual([created.name]);

    const [patched] = await quotas.updateQuotaPreference({
      quotaPreference: { name: created.name!, justification: "changed", etag: created.etag! },
      updateMask: { paths: ["justification"] },
    });
    expect(patched).toMatchObject({ justification: "changed" });
    expect(patched.etag).not.toBe(created.etag);

    const stale = await refusal(
      quotas.updateQuotaPreference({
        quotaPreference: { name: created.name!, justification: "again", etag: created.etag! },
        updateMask: { paths: ["justification"] },
      }),
    );
    expect(stale.code).toBe(ABORTED);
    const staleAnswer = exchanges.at(-1)!;
    expect(staleAnswer).toMatchObject({ status: 409, answer: { error: { code: 409, status: "ABORTED" } } });
  });

  it("takes the safety checks to ignore as enum numbers in the query", async () => {
    const quotas = new v1.CloudQuotasClient(clientOptions());
    const [created] = await quotas.createQuotaPreference({
      parent: PARENT,
      quotaPreferenceId: "client-networks",
      quotaPreference: { service: "compute.googleapis.com", quotaId: "NETWORKS-per-project", quotaConfig: { preferredValue: "2" } },
      ignoreSafetyChecks: [SafetyCheck.QUOTA_DECREASE_BELOW_USAGE, SafetyCheck.QUOTA_DECREASE_PERCENTAGE_TOO_HIGH],
    });
    expect(created.quotaConfig).toMatchObject({ preferredValue: "2", grantedValue: { value: "2" } });
    const sent = exchanges.at(-1)!;
    expect(sent.url.searchParams.getAll("ignoreSafetyChecks")).toEqual(["1", "2"]);

    const refused = await refusal(
      quotas.createQuotaPreference({
        parent: PARENT,
        quotaPreferenceId: "client-instances",
        quotaPreference: {
          service: "compute.googleapis.com",
          quotaId: "INSTANCES-per-project-region",
          dimensions: { region: "us-east1" },
          quotaConfig: { preferredValue: "1" },
        },
      }),
    );
    expect(refused.message).toMatch(/QUOTA_DECREASE_BELOW_USAGE|usage/);
  });

  it("lists quota infos a page at a time and reads one, with enums as numbers on the wire", async () => {
    const quotas = new v1.CloudQuotasClient(clientOptions());
    const [infos, , page] = await quotas.listQuotaInfos({ parent: `${PARENT}/services/compute.googleapis.com`, pageSize: 3 }, { autoPaginate: false });
    expect(infos).toHaveLength(3);
    expect(typeof page?.nextPageToken).toBe("string");
    const all = quotas.listQuotaInfosAsync({ parent: `${PARENT}/services/compute.googleapis.com`, pageSize: 3 });
    const names: string[] = [];
    for await (const info of all) names.push(info.quotaId!);
    expect(names).toContain("ReadRequestsPerMinutePerProject");
    expect(names.length).toBeGreaterThan(3);

    const [info] = await quotas.getQuotaInfo({ name: `${PARENT}/services/compute.googleapis.com/quotaInfos/CPUS-per-project-region` });
    expect(info).toMatchObject({ quotaId: "CPUS-per-project-region", containerType: "PROJECT" });
    const [rate] = await quotas.getQuotaInfo({ name: `${PARENT}/services/compute.googleapis.com/quotaInfos/ReadRequestsPerMinutePerProject` });
    expect(rate.refreshInterval).toBe("minute");
    const [gpus] = await quotas.getQuotaInfo({ name: `${PARENT}/services/compute.googleapis.com/quotaInfos/GPUS-ALL-REGIONS-per-project` });
    expect(gpus.quotaIncreaseEligibility).toMatchObject({ isEligible: false, ineligibilityReason: "NOT_ENOUGH_USAGE_HISTORY" });
    expect(exchanges.at(-1)!.answer).toMatchObject({ containerType: 1, quotaIncreaseEligibility: { ineligibilityReason: 4 } });
  });

  it("creates a folder's preference through v1beta", async () => {
    const beta = new v1beta.CloudQuotasClient(clientOptions());
    const [created] = await beta.createQuotaPreference({
      parent: "folders/456789012345/locations/global",
      quotaPreferenceId: "client-networks",
      quotaPreference: { service: "compute.googleapis.com", quotaId: "NETWORKS-per-project", quotaConfig: { preferredValue: "15" } },
    });
    expect(created.name).toBe("folders/456789012345/locations/global/quotaPreferences/client-networks");
  });

  it("reads and updates adjuster settings with numeric enums; each answer has an etag, and a stale one is 409 ABORTED", async () => {
    const settings = new v1beta.QuotaAdjusterSettingsManagerClient(clientOptions());
    const name = "projects/team-project/locations/global/quotaAdjusterSettings";
    const [inherited] = await settings.getQuotaAdjusterSettings({ name });
    expect(inherited).toMatchObject({ inherited: true, inheritedFrom: "folders/456789012345", enablement: "DISABLED" });
    expect(inherited.etag).not.toBe("");
    expect(exchanges.at(-1)!.answer).toMatchObject({ enablement: 3 });

    const [enabled] = await settings.updateQuotaAdjusterSettings({
      quotaAdjusterSettings: { name, enablement: "ENABLED", etag: inherited.etag! },
      updateMask: { paths: ["enablement"] },
    });
    const update = exchanges.at(-1)!;
    expect(update.requestBody).toMatchObject({ enablement: 2 });
    expect(update.answer).toMatchObject({ enablement: 2 });
    expect(enabled).toMatchObject({ enablement: "ENABLED", inherited: false });
    expect(enabled.etag).not.toBe("");
    expect(enabled.etag).not.toBe(inherited.etag);

    const stale = await refusal(
      settings.updateQuotaAdjusterSettings({
        quotaAdjusterSettings: { name, enablement: "DISABLED", etag: inherited.etag! },
        updateMask: { paths: ["enablement"] },
      }),
    );
    expect(stale.code).toBe(ABORTED);
    expect(exchanges.at(-1)).toMatchObject({ status: 409, answer: { error: { code: 409, status: "ABORTED" } } });
    const [after] = await settings.getQuotaAdjusterSettings({ name });
    expect(after).toMatchObject({ enablement: "ENABLED", etag: enabled.etag });
  });

  it("asked for numeric enums on every call, and every answer is the client's message, strictly", () => {
    expect(exchanges.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const exchange of exchanges) {
      expect(exchange.url.searchParams.get("$alt")).toBe("json;enum-encoding=int");
      if (exchange.status >= 400) {
        expect(exchange.answer).toEqual({ error: expect.objectContaining({ code: exchange.status, message: expect.any(String), status: expect.any(String) }) });
        continue;
      }
      problems.push(...checker.check(answerType(exchange), exchange.answer, true).map((problem) => `${exchange.method} ${exchange.url.pathname}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });
});

describe("the same answers without enum-encoding=int", () => {
  it("name enums, as the discovery clients and the provider read them", async () => {
    const answer = await emulator.request("GET", "/v1beta/projects/team-project/locations/global/quotaAdjusterSettings");
    expect(answer.body).toMatchObject({ enablement: expect.stringMatching(/^(ENABLED|DISABLED)$/) });
    expect(checker.check("google.api.cloudquotas.v1beta.QuotaAdjusterSettings", answer.body, false)).toEqual([]);
    const infos = await emulator.request("GET", `/v1/${PARENT}/services/compute.googleapis.com/quotaInfos`);
    expect(checker.check("google.api.cloudquotas.v1.ListQuotaInfosResponse", infos.body, false)).toEqual([]);
  });
});
