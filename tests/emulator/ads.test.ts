/**
 * The ad-mediation adapter listing API of the emulator over HTTP: paging and
 * page-size coercion as AdMob's reference states them, the AIP-193 errors
 * (400, 403, 404), tokens mapped to publishers, and the same calls made with
 * Google's own client (`admob_v1beta`), every response checked against the
 * client's typed schemas.
 */
import path from "node:path";
import { admob_v1beta } from "googleapis/build/src/apis/admob/v1beta";
import { OAuth2Client } from "googleapis-common";
import { MANY_ADAPTERS_AD_SOURCE_ID, MANY_ADAPTERS_COUNT, NO_ADAPTERS_AD_SOURCE_ID, SEEDED_PUBLISHER_ID } from "../../emulator/apis/ads/seed";
import type { ClientSchemas } from "../support/googleClientSchemas";
import { readClientSchemas, schemaProblems } from "../support/googleClientSchemas";
import type { TestEmulator } from "./helpers";
import { startEmulator, TOKEN } from "./helpers";

const OTHER_PUBLISHER = "pub-1111222233334444";
const OUTSIDER_TOKEN = "outsider-token";
const SOURCE = `/v1beta/accounts/${SEEDED_PUBLISHER_ID}/adSources/${MANY_ADAPTERS_AD_SOURCE_ID}/adapters`;

interface AdaptersPage {
  adapters?: Array<{ name: string; adapterId: string; formats?: string[]; adapterConfigMetadata?: Array<{ isRequired?: boolean }> }>;
  nextPageToken?: string;
}
interface Aip193Error {
  error: { code: number; message: string; status: string; details: Array<{ "@type": string; reason: string; domain: string }> };
}

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator({
    tokens: [TOKEN, OUTSIDER_TOKEN],
    ads: { publisherTokens: { [TOKEN]: SEEDED_PUBLISHER_ID, [OUTSIDER_TOKEN]: [OTHER_PUBLISHER] } },
  });
});
afterAll(() => emulator.close());

const get = <Body>(requestPath: string, token: string | null = TOKEN) => emulator.request<Body>("GET", requestPath, { token });

describe("paging", () => {
  it("reads 25 adapters in three pages of at most 10, with no token on the last", async () => {
    const pages: AdaptersPage[] = [];
    let pageToken: string | undefined;
    do {
      const query = `?pageSize=10${pageToken === undefined ? "" : `&pageToken=${encodeURIComponent(pageToken)}`}`;
      const result = await get<AdaptersPage>(`${SOURCE}${query}`);
      expect(result.status).toBe(200);
      pages.push(result.body);
      pageToken = result.body.nextPageToken;
    } while (pageToken !== undefined);
    expect(pages.map((page) => page.adapters?.length)).toEqual([10, 10, 5]);
    expect(pages.map((page) => page.nextPageToken === undefined)).toEqual([false, false, true]);
    const names = pages.flatMap((page) => page.adapters ?? []).map((adapter) => adapter.name);
    expect(new Set(names).size).toBe(MANY_ADAPTERS_COUNT);
    for (const name of names) expect(name).toMatch(new RegExp(`^accounts/${SEEDED_PUBLISHER_ID}/adSources/${MANY_ADAPTERS_AD_SOURCE_ID}/adapters/\\d+$`));
  });

  it.each([
    ["unspecified", ""],
    ["0", "?pageSize=0"],
    ["50000 (coerced to 20,000)", "?pageSize=50000"],
  ])("answers every adapter in one page when pageSize is %s", async (_label, query) => {
    const result = await get<AdaptersPage>(`${SOURCE}${query}`);
    expect(result.status).toBe(200);
    expect(result.body.adapters).toHaveLength(MANY_ADAPTERS_COUNT);
    expect(result.body).not.toHaveProperty("nextPageToken");
  });

  it("leaves an empty list out, as proto3 JSON does, and false isRequired too", async () => {
    const empty = await get<AdaptersPage>(`/v1beta/accounts/${SEEDED_PUBLISHER_ID}/adSources/${NO_ADAPTERS_AD_SOURCE_ID}/adapters`);
    expect(empty).toMatchObject({ status: 200, text: "{}" });
    const all = (await get<AdaptersPage>(SOURCE)).body.adapters ?? [];
    const flags = all.flatMap((adapter) => adapter.adapterConfigMetadata ?? []).map((entry) => entry.isRequired);
    expect(flags).toContain(true);
    expect(flags).not.toContain(false);
  });

  it("applies the fields partial-response parameter", async () => {
    const result = await get<AdaptersPage>(`${SOURCE}?pageSize=2&fields=adapters(adapterId)`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ adapters: [{ adapterId: expect.any(String) as string }, { adapterId: expect.any(String) as string }] });
  });
});

describe("errors (AIP-193)", () => {
  async function refusal(requestPath: string, token: string | null = TOKEN): Promise<{ status: number; body: Aip193Error }> {
    const result = await get<Aip193Error>(requestPath, token);
    expect(result.body.error.code).toBe(result.status);
    return { status: result.status, body: result.body };
  }

  it("refuses a negative pageSize and a forged pageToken with 400 INVALID_ARGUMENT", async () => {
    for (const query of ["?pageSize=-1", "?pageToken=forged"]) {
      const { status, body } = await refusal(`${SOURCE}${query}`);
      expect({ status, rpc: body.error.status }).toEqual({ status: 400, rpc: "INVALID_ARGUMENT" });
    }
  });

  it("refuses a malformed publisher id with 400 INVALID_ARGUMENT, before looking at access", async () => {
    for (const publisher of ["pub-123", "ca-app-pub-3940256099942544", "pub-394025609994254"]) {
      const { status, body } = await refusal(`/v1beta/accounts/${publisher}/adSources/${MANY_ADAPTERS_AD_SOURCE_ID}/adapters`);
      expect({ status, rpc: body.error.status }).toEqual({ status: 400, rpc: "INVALID_ARGUMENT" });
      expect(body.error.message).toContain(publisher);
    }
  });

  it("answers 404 NOT_FOUND for an unknown ad source of a readable publisher", async () => {
    const { status, body } = await refusal(`/v1beta/accounts/${SEEDED_PUBLISHER_ID}/adSources/999/adapters`);
    expect({ status, rpc: body.error.status, domain: body.error.details[0]?.domain }).toEqual({
      status: 404,
      rpc: "NOT_FOUND",
      domain: "admob.googleapis.com",
    });
  });

  it("answers 403 PERMISSION_DENIED to a token without the publisher, and for a publisher that does not exist", async () => {
    const outsider = await refusal(SOURCE, OUTSIDER_TOKEN);
    expect({ status: outsider.status, rpc: outsider.body.error.status }).toEqual({ status: 403, rpc: "PERMISSION_DENIED" });
    // The outsider's own publisher is not seeded: still 403, the service does not reveal which accounts exist.
    const missing = await refusal(`/v1beta/accounts/${OTHER_PUBLISHER}/adSources/${MANY_ADAPTERS_AD_SOURCE_ID}/adapters`, OUTSIDER_TOKEN);
    expect(missing.status).toBe(403);
    // The unknown ad source is not revealed to a caller without the publisher either.
    expect((await refusal(`/v1beta/accounts/${SEEDED_PUBLISHER_ID}/adSources/999/adapters`, OUTSIDER_TOKEN)).status).toBe(403);
  });

  it("answers 401 UNAUTHENTICATED without a token", async () => {
    const { status, body } = await refusal(SOURCE, null);
    expect({ status, rpc: body.error.status }).toEqual({ status: 401, rpc: "UNAUTHENTICATED" });
  });
});

describe("without publisher tokens configured", () => {
  it("lets any accepted token read the seeded publisher", async () => {
    const open = await startEmulator({});
    try {
      const result = await open.request<AdaptersPage>("GET", SOURCE, { token: "any-token" });
      expect(result.status).toBe(200);
      expect(result.body.adapters).toHaveLength(MANY_ADAPTERS_COUNT);
    } finally {
      await open.close();
    }
  });
});

describe("Google's admob_v1beta client", () => {
  let client: ClientSchemas;
  let admob: admob_v1beta.Admob;
  beforeAll(() => {
    client = readClientSchemas({
      declarationFile: path.join(path.dirname(require.resolve("googleapis/package.json")), "build/src/apis/admob/v1beta.d.ts"),
      namespace: "admob_v1beta",
      apiClass: "Admob",
    });
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: TOKEN });
    admob = new admob_v1beta.Admob({ rootUrl: `${emulator.baseUrl}/`, auth });
  });

  it("pages through every adapter, each page of the client schema ListAdaptersResponse", async () => {
    const method = "accounts.adSources.adapters.list";
    expect(client.methods.get(method)).toBe("ListAdaptersResponse");
    const parent = `accounts/${SEEDED_PUBLISHER_ID}/adSources/${MANY_ADAPTERS_AD_SOURCE_ID}`;
    const ids: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const response = await admob.accounts.adSources.adapters.list({ parent, pageSize: 10, ...(pageToken !== undefined && { pageToken }) });
      expect(schemaProblems(client, "ListAdaptersResponse", response.data)).toEqual([]);
      ids.push(...(response.data.adapters ?? []).map((adapter) => adapter.adapterId ?? ""));
      pageToken = response.data.nextPageToken ?? undefined;
      pages += 1;
    } while (pageToken !== undefined);
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(MANY_ADAPTERS_COUNT);
    for (const sourceId of ["5450213213286189855", "1215381445328257950", NO_ADAPTERS_AD_SOURCE_ID]) {
      const response = await admob.accounts.adSources.adapters.list({ parent: `accounts/${SEEDED_PUBLISHER_ID}/adSources/${sourceId}` });
      expect(schemaProblems(client, "ListAdaptersResponse", response.data)).toEqual([]);
    }
  });

  it("surfaces a 404 to the client with the AIP-193 status", async () => {
    await expect(admob.accounts.adSources.adapters.list({ parent: `accounts/${SEEDED_PUBLISHER_ID}/adSources/999` })).rejects.toMatchObject({
      status: 404,
    });
  });
});
