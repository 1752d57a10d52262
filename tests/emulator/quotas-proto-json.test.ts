/**
 * The Cloud Quotas emulator reads a request as proto3 JSON and HTTP/JSON transcoding read it for
 * the API's protos (the .proto text of @google-cloud/cloudquotas, with the protos' own field names):
 * an int64 within its bounds both ways, refused outside them as any value that is no int64; a JSON
 * number above 2^53 read exactly from its digits; a body's fields by their proto names
 * (`quota_id`, `quota_config.preferred_value`) as well as by their JSON names; and the query
 * parameter `update_mask` as well as `updateMask`. The contract ledger reads them the same way.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import protobuf from "protobufjs";
import { ContractLedger, describeViolation } from "../../emulator/google/contracts/ledger";
import { createEmulator } from "../../emulator/server";
import { REPO_ROOT } from "../support/toolchain";
import { httpRequest, TOKEN } from "./helpers";

const PROTOS = path.join(REPO_ROOT, "node_modules/@google-cloud/cloudquotas/build/protos/google/api/cloudquotas/v1");
/** The protos' own field names (keepCase: as written in the .proto, not the JSON names protobufjs would make of them). */
function protoFields(file: string, message: string): Record<string, string> {
  const { root } = protobuf.parse(readFileSync(path.join(PROTOS, file), "utf8"), { keepCase: true });
  const fields = root.lookupType(`google.api.cloudquotas.v1.${message}`).fields;
  return Object.fromEntries(Object.keys(fields).map((name) => [name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()), name]));
}
const preference = protoFields("resources.proto", "QuotaPreference");
const config = protoFields("resources.proto", "QuotaConfig");
const update = protoFields("cloudquotas.proto", "UpdateQuotaPreferenceRequest");

const ledger = new ContractLedger();
const emulator = createEmulator({ tokens: [TOKEN], contracts: ledger, quotas: { reconcileMs: 60_000 } });
let baseUrl = "";
beforeAll(async () => {
  baseUrl = await emulator.listen(0);
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await httpRequest(baseUrl, "POST", "/_emulator/reset", { token: null });
});

const PARENT = "/v1/projects/q-project/locations/global";
const fields = (value: string) =>
  `"service": "compute.googleapis.com", "quotaId": "CPUS-per-project-region", "dimensions": {"region": "us-central1"}, "quotaConfig": {"preferredValue": ${value}}`;

/** A request whose body is sent as this text: the JSON numbers in it as written. */
async function sendText(method: string, pathAndQuery: string, text: string): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const response = await fetch(`${baseUrl}${pathAndQuery}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: text,
  });
  const answer = await response.text();
  return { status: response.status, body: JSON.parse(answer) as Record<string, unknown>, text: answer };
}
const violationsDuring = async (work: () => Promise<void>): Promise<string[]> => {
  const before = ledger.violations.length;
  await work();
  return ledger.violations.slice(before).map(describeViolation);
};

it("refuses an int64 beyond its bounds, either way, as it refuses any value that is no int64", async () => {
  const answerTo = async (value: string): Promise<string> => {
    const { text } = await sendText("POST", `${PARENT}/quotaPreferences?quotaPreferenceId=cpus`, `{${fields(value)}}`);
    return text;
  };
  const notAnInt64 = await answerTo('"abc"');
  expect(JSON.parse(notAnInt64)).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
  for (const value of ['"9223372036854775808"', '"-9223372036854775809"', "9223372036854775808", "-9223372036854775809", '"99999999999999999999"']) {
    const digits = value.replace(/"/g, "");
    expect({ value, answer: await answerTo(value) }).toEqual({ value, answer: notAnInt64.replace("abc", digits) });
  }
  // The bounds themselves are int64s: the largest an increase (reconciling), the smallest below -1, which the service refuses for itself.
  const largest = await sendText("POST", `${PARENT}/quotaPreferences?quotaPreferenceId=cpus`, `{${fields('"9223372036854775807"')}}`);
  expect([largest.status, largest.body["quotaConfig"]]).toEqual([200, expect.objectContaining({ preferredValue: "9223372036854775807" })]);
  const smallest = await sendText("POST", `${PARENT}/quotaPreferences?quotaPreferenceId=low`, `{${fields('"-9223372036854775808"')}}`);
  expect([smallest.status, smallest.body["error"]]).toEqual([
    400,
    expect.objectContaining({ message: expect.stringMatching(/must be -1 \(unlimited\) or greater/) }),
  ]);
});

it("reads a JSON number above 2^53 exactly, as proto3 JSON reads an int64", async () => {
  const violations = await violationsDuring(async () => {
    const made = await sendText("POST", `${PARENT}/quotaPreferences?quotaPreferenceId=cpus`, `{${fields("9007199254740993")}}`);
    expect([made.status, made.body["quotaConfig"]]).toEqual([200, expect.objectContaining({ preferredValue: "9007199254740993" })]);
    const patched = await sendText(
      "PATCH",
      `${PARENT}/quotaPreferences/cpus?updateMask=quotaConfig.preferredValue`,
      '{"quotaConfig": {"preferredValue": 9007199254740995}}',
    );
    expect([patched.status, patched.body["quotaConfig"]]).toEqual([200, expect.objectContaining({ preferredValue: "9007199254740995" })]);
  });
  expect(violations).toEqual([]);
});

it("takes a body's fields by their proto names as well as their JSON names; map keys stay as given", async () => {
  const violations = await violationsDuring(async () => {
    const body = {
      [preference["service"]!]: "compute.googleapis.com",
      [preference["quotaId"]!]: "CPUS-per-project-region",
      [preference["dimensions"]!]: { region: "us-central1" },
      [preference["quotaConfig"]!]: { [config["preferredValue"]!]: "24", [config["annotations"]!]: { cost_center: "a1" } },
      [preference["contactEmail"]!]: "ops@example.com",
    };
    expect(Object.keys(body)).toEqual(["service", "quota_id", "dimensions", "quota_config", "contact_email"]);
    const made = await httpRequest<Record<string, unknown>>(baseUrl, "POST", `${PARENT}/quotaPreferences?quotaPreferenceId=cpus`, { body });
    expect([made.status, made.body["quotaId"], made.body["quotaConfig"]]).toEqual([
      200,
      "CPUS-per-project-region",
      { preferredValue: "24", grantedValue: "24", annotations: { cost_center: "a1" } },
    ]);
    const patched = await httpRequest<Record<string, unknown>>(baseUrl, "PATCH", `${PARENT}/quotaPreferences/cpus?updateMask=quota_config.preferred_value`, {
      body: { [preference["quotaConfig"]!]: { [config["preferredValue"]!]: "23" } },
    });
    expect([patched.status, patched.body["quotaConfig"]]).toEqual([200, expect.objectContaining({ preferredValue: "23" })]);
  });
  expect(violations).toEqual([]);
  // One field by both of its names is one field given twice: refused, as proto3 JSON refuses it.
  const twice = await httpRequest<{ error: { code: number } }>(baseUrl, "POST", `${PARENT}/quotaPreferences?quotaPreferenceId=twice`, {
    body: { service: "compute.googleapis.com", quotaId: "CPUS-per-project-region", quota_id: "CPUS-per-project-region", quotaConfig: { preferredValue: "24" } },
  });
  expect([twice.status, twice.body.error.code]).toEqual([400, 400]);
});

it("takes the query parameter update_mask as well as updateMask", async () => {
  expect(update["updateMask"]).toBe("update_mask");
  const violations = await violationsDuring(async () => {
    const made = await sendText("POST", `${PARENT}/quotaPreferences?quotaPreferenceId=cpus`, `{${fields('"24"')}, "justification": "why"}`);
    expect(made.status).toBe(200);
    const patched = await httpRequest<Record<string, unknown>>(baseUrl, "PATCH", `${PARENT}/quotaPreferences/cpus?${update["updateMask"]!}=justification`, {
      body: { justification: "because", quotaConfig: { preferredValue: "1" } },
    });
    // Only the masked path changed: the preferred value, outside the mask, stays.
    expect([patched.status, patched.body["justification"], patched.body["quotaConfig"]]).toEqual([
      200,
      "because",
      expect.objectContaining({ preferredValue: "24" }),
    ]);
  });
  expect(violations).toEqual([]);
});
