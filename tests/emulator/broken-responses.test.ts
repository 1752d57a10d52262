/**
 * The emulator's `brokenResponse` faults over real HTTP: each kind mangles
 * the answer after the request was processed (the object exists), and is
 * counted and logged as a fault.
 */
import { createEmulator, type Emulator } from "../../emulator/server";
import { TOKEN, ZONES } from "./helpers";

let emulator: Emulator;
let baseUrl: string;

beforeAll(async () => {
  emulator = createEmulator({ tokens: [TOKEN] });
  baseUrl = await emulator.listen(0);
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(() => {
  emulator.store.reset();
  emulator.recorder.reset();
  emulator.faults.clear();
});

async function createZone(name: string): Promise<Response> {
  return fetch(`${baseUrl}${ZONES}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ name, dnsName: `${name}.example.`, description: "" }),
  });
}

async function zoneExists(name: string): Promise<boolean> {
  emulator.faults.clear();
  const response = await fetch(`${baseUrl}${ZONES}/${name}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  await response.text();
  return response.status === 200;
}

describe("brokenResponse faults", () => {
  it.each([
    ["brokenJson", 200, /^\{"kind":/],
    ["html200", 200, /^<!DOCTYPE html>/],
    ["html502", 502, /Bad Gateway/],
    ["wrongShape", 200, /^\{"data":\{"kind":"dns#managedZone"/],
    ["empty200", 200, /^$/],
  ] as const)("%s: processed, then answered with garbage", async (kind, status, body) => {
    emulator.faults.configure({ brokenResponseRate: 1, brokenResponseKinds: [kind] });
    const response = await createZone(`z-${kind.toLowerCase()}`);
    const text = await response.text();
    expect(response.status).toBe(status);
    expect(text).toMatch(body);
    if (kind === "brokenJson") expect(() => JSON.parse(text) as unknown).toThrow();
    expect(await zoneExists(`z-${kind.toLowerCase()}`)).toBe(true);
    expect(emulator.recorder.stats().faults.kinds).toMatchObject({ brokenResponse: 1 });
  });

  it("cutBody: declares the whole body, sends part of it and closes the connection", async () => {
    emulator.faults.configure({ brokenResponseRate: 1, brokenResponseKinds: ["cutBody"] });
    const response = await createZone("z-cut");
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("content-length"))).toBeGreaterThan(10);
    await expect(response.text()).rejects.toThrow(/terminated/);
    expect(await zoneExists("z-cut")).toBe(true);
  });

  it("picks kinds from the list with a seed reproducibly, and leaves the other draws alone", async () => {
    const sequence = async (): Promise<string[]> => {
      emulator.faults.configure({ brokenResponseRate: 0.5, brokenResponseKinds: ["html200", "empty200"], seed: 5, methods: ["GET"] });
      emulator.recorder.reset();
      for (let i = 0; i < 12; i++) {
        const response = await fetch(`${baseUrl}${ZONES}`, { headers: { authorization: `Bearer ${TOKEN}` } });
        await response.text();
      }
      return emulator.recorder.requests().map((entry) => entry.fault ?? "none");
    };
    const first = await sequence();
    expect(await sequence()).toEqual(first);
    expect(first).toEqual(expect.arrayContaining(["none", "brokenResponse"]));
    // Without a broken-response rate, the configuration reports the shape it always had.
    expect(emulator.faults.configure({ rate429: 0.1 })).not.toHaveProperty("brokenResponseRate");
  });
});
