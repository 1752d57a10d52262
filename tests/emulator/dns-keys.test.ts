/** dnsKeys.get/list and the zone's dnssecConfig over real HTTP. The keys are checked as DNSSEC tools would. */
import { createHash, createPublicKey } from "node:crypto";
import type { DnsKey, ManagedZone } from "../../emulator/apis/dns/resources";
import type { TestEmulator } from "./helpers";
import { createZone, googleError, startEmulator, ZONES } from "./helpers";

interface DnsKeyList {
  kind: string;
  dnsKeys: DnsKey[];
  nextPageToken?: string;
}

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
});

const listKeys = async (zone: string, query = ""): Promise<DnsKeyList> => (await emulator.request<DnsKeyList>("GET", `${ZONES}/${zone}/dnsKeys${query}`)).body;

/** The DNSKEY RDATA a resolver would see for the key. */
function dnskeyRdata(key: DnsKey): Buffer {
  const algorithmNumbers: Record<string, number> = { rsasha1: 5, rsasha256: 8, rsasha512: 10, ecdsap256sha256: 13, ecdsap384sha384: 14 };
  const header = Buffer.alloc(4);
  header.writeUInt16BE(key.type === "keySigning" ? 257 : 256, 0);
  header.writeUInt8(3, 2);
  header.writeUInt8(algorithmNumbers[key.algorithm] ?? 0, 3);
  return Buffer.concat([header, Buffer.from(key.publicKey, "base64")]);
}

/** RFC 4034 appendix B, written independently of the emulator's. */
function expectedKeyTag(rdata: Buffer): number {
  let sum = 0;
  rdata.forEach((byte, index) => {
    sum += index & 1 ? byte : byte << 8;
  });
  return (sum + ((sum >> 16) & 0xffff)) & 0xffff;
}

/** The RSA modulus length in bits of an RFC 3110 public key. */
function rsaModulusBits(publicKey: string): number {
  const bytes = Buffer.from(publicKey, "base64");
  const exponentLength = bytes[0] ?? 0;
  const exponent = bytes.subarray(1, 1 + exponentLength);
  const modulus = bytes.subarray(1 + exponentLength);
  const key = createPublicKey({ key: { kty: "RSA", e: exponent.toString("base64url"), n: modulus.toString("base64url") }, format: "jwk" });
  return key.asymmetricKeyDetails?.modulusLength ?? 0;
}

describe("a zone created with DNSSEC on", () => {
  it("has a key-signing and a zone-signing key with Cloud DNS defaults, and its config is filled in", async () => {
    const { body: zone } = await createZone(emulator, "signed", "signed.example.", { dnssecConfig: { state: "on" } });
    expect(zone.dnssecConfig).toEqual({
      kind: "dns#managedZoneDnsSecConfig",
      state: "on",
      nonExistence: "nsec3",
      defaultKeySpecs: [
        { kind: "dns#dnsKeySpec", algorithm: "rsasha256", keyLength: 2048, keyType: "keySigning" },
        { kind: "dns#dnsKeySpec", algorithm: "rsasha256", keyLength: 1024, keyType: "zoneSigning" },
      ],
    });

    const list = await listKeys("signed");
    expect(list.kind).toBe("dns#dnsKeysListResponse");
    expect(list.dnsKeys).toEqual([
      {
        kind: "dns#dnsKey",
        id: "0",
        algorithm: "rsasha256",
        keyLength: 2048,
        publicKey: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
        keyTag: expect.any(Number),
        type: "keySigning",
        isActive: true,
        creationTime: zone.creationTime,
        digests: [{ type: "sha256", digest: expect.stringMatching(/^[0-9A-F]{64}$/) }],
      },
      {
        kind: "dns#dnsKey",
        id: "1",
        algorithm: "rsasha256",
        keyLength: 1024,
        publicKey: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
        keyTag: expect.any(Number),
        type: "zoneSigning",
        isActive: true,
        creationTime: zone.creationTime,
      },
    ]);
  });

  it("serves real keys: RSA moduli of the stated length, RFC 4034 key tags, DS digests of the apex DNSKEY", async () => {
    await createZone(emulator, "signed", "Signed.Example.", { dnssecConfig: { state: "on" } });
    const [ksk, zsk] = (await listKeys("signed", "?digestType=sha1,sha256,sha384")).dnsKeys;
    if (ksk === undefined || zsk === undefined) throw new Error("expected two keys");
    expect(rsaModulusBits(ksk.publicKey)).toBe(2048);
    expect(rsaModulusBits(zsk.publicKey)).toBe(1024);
    expect(ksk.keyTag).toBe(expectedKeyTag(dnskeyRdata(ksk)));
    expect(zsk.keyTag).toBe(expectedKeyTag(dnskeyRdata(zsk)));

    // Owner name in canonical (lowercase) wire form: 6 "signed" 7 "example" 0.
    const owner = Buffer.from("067369676e6564076578616d706c6500", "hex");
    const digest = (algorithm: string) => createHash(algorithm).update(owner).update(dnskeyRdata(ksk)).digest("hex").toUpperCase();
    expect(ksk.digests).toEqual([
      { type: "sha1", digest: digest("sha1") },
      { type: "sha256", digest: digest("sha256") },
      { type: "sha384", digest: digest("sha384") },
    ]);
    expect(zsk).not.toHaveProperty("digests");
  });

  it("generates ECDSA keys from the requested key specs", async () => {
    const { body: zone } = await createZone(emulator, "ecdsa", "ecdsa.example.", {
      dnssecConfig: {
        state: "on",
        nonExistence: "nsec",
        defaultKeySpecs: [
          { algorithm: "ecdsap256sha256", keyLength: 256, keyType: "keySigning", kind: "dns#dnsKeySpec" },
          { algorithm: "ecdsap384sha384", keyLength: 384, keyType: "zoneSigning" },
        ],
      },
    });
    expect(zone.dnssecConfig?.nonExistence).toBe("nsec");
    const { dnsKeys } = await listKeys("ecdsa");
    expect(dnsKeys.map((key) => [key.algorithm, key.keyLength, Buffer.from(key.publicKey, "base64").length])).toEqual([
      ["ecdsap256sha256", 256, 64],
      ["ecdsap384sha384", 384, 96],
    ]);
  });

  it("answers dnsKeys.get by id, 404 for an unknown id and 400 for an unknown digest type", async () => {
    await createZone(emulator, "signed", "signed.example.", { dnssecConfig: { state: "on" } });
    const key = await emulator.request<DnsKey>("GET", `${ZONES}/signed/dnsKeys/0?digestType=sha384`);
    expect(key.status).toBe(200);
    expect(key.body.digests).toEqual([{ type: "sha384", digest: expect.stringMatching(/^[0-9A-F]{96}$/) }]);
    const missing = await emulator.request("GET", `${ZONES}/signed/dnsKeys/7`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(googleError(404, "notFound", "The 'parameters.dnsKeyId' resource named '7' does not exist."));
    const badDigest = await emulator.request("GET", `${ZONES}/signed/dnsKeys?digestType=md5`);
    expect(badDigest.status).toBe(400);
    expect(badDigest.body).toEqual(googleError(400, "invalidParameter", "Invalid value for 'parameters.digestType': 'md5'"));
  });

  it("pages the key list", async () => {
    await createZone(emulator, "signed", "signed.example.", { dnssecConfig: { state: "on" } });
    const first = await listKeys("signed", "?maxResults=1");
    expect(first.dnsKeys.map((key) => key.type)).toEqual(["keySigning"]);
    const rest = await listKeys("signed", `?maxResults=1&pageToken=${first.nextPageToken ?? ""}`);
    expect(rest.dnsKeys.map((key) => key.type)).toEqual(["zoneSigning"]);
    expect(rest.nextPageToken).toBeUndefined();
  });
});

describe("DNSSEC off, and switched by patch", () => {
  it("a zone without DNSSEC (or with state off) has no keys", async () => {
    await createZone(emulator, "plain", "plain.example.");
    await createZone(emulator, "off", "off.example.", { dnssecConfig: { state: "off" } });
    expect(await listKeys("plain")).toEqual({ kind: "dns#dnsKeysListResponse", dnsKeys: [] });
    expect((await listKeys("off")).dnsKeys).toEqual([]);
    expect((await emulator.request("GET", `${ZONES}/ghost/dnsKeys`)).status).toBe(404);
  });

  it("turning DNSSEC on by PATCH creates keys; transfer keeps them; off removes them; on again makes new ones", async () => {
    await createZone(emulator, "switched", "switched.example.");
    await emulator.request("PATCH", `${ZONES}/switched`, { body: { dnssecConfig: { state: "on" } } });
    const { body: zone } = await emulator.request<ManagedZone>("GET", `${ZONES}/switched`);
    expect(zone.dnssecConfig?.state).toBe("on");
    const firstKeys = (await listKeys("switched")).dnsKeys;
    expect(firstKeys.map((key) => key.id)).toEqual(["0", "1"]);

    await emulator.request("PATCH", `${ZONES}/switched`, { body: { dnssecConfig: { state: "transfer" } } });
    expect((await listKeys("switched")).dnsKeys).toEqual(firstKeys);

    await emulator.request("PATCH", `${ZONES}/switched`, { body: { dnssecConfig: { state: "off" } } });
    expect((await listKeys("switched")).dnsKeys).toEqual([]);

    await emulator.request("PUT", `${ZONES}/switched`, { body: { description: "again", dnssecConfig: { state: "on" } } });
    const secondKeys = (await listKeys("switched")).dnsKeys;
    expect(secondKeys.map((key) => key.id)).toEqual(["2", "3"]);
    expect(secondKeys[0]?.publicKey).not.toBe(firstKeys[0]?.publicKey);
  });

  it("refuses to change key specs or denial of existence while DNSSEC is on, and DNSSEC on a private zone", async () => {
    await createZone(emulator, "signed", "signed.example.", { dnssecConfig: { state: "on" } });
    const nonExistence = await emulator.request("PATCH", `${ZONES}/signed`, { body: { dnssecConfig: { state: "on", nonExistence: "nsec" } } });
    expect(nonExistence.status).toBe(400);
    expect(nonExistence.body).toEqual(googleError(400, "invalid", /^Invalid value for 'entity\.managedZone\.dnssecConfig\.nonExistence'/));

    const privateZone = await emulator.request("POST", ZONES, {
      body: { name: "private", dnsName: "private.example.", description: "", visibility: "private", dnssecConfig: { state: "on" } },
    });
    expect(privateZone.status).toBe(400);
    expect(privateZone.body).toEqual(googleError(400, "invalid", /dnssecConfig\.state/));
  });

  it.each([
    ["an RSA key length it does not offer", [{ algorithm: "rsasha256", keyLength: 1000, keyType: "keySigning" }], /defaultKeySpecs\[0\]\.keyLength/],
    [
      "an ECDSA key of the wrong length",
      [
        { algorithm: "ecdsap256sha256", keyLength: 384, keyType: "keySigning" },
        { algorithm: "ecdsap256sha256", keyLength: 256, keyType: "zoneSigning" },
      ],
      /defaultKeySpecs\[0\]\.keyLength/,
    ],
    ["no zone-signing key", [{ algorithm: "rsasha256", keyLength: 2048, keyType: "keySigning" }], /exactly one zoneSigning key spec/],
    ["an unknown algorithm", [{ algorithm: "ed25519", keyLength: 256, keyType: "keySigning" }], /defaultKeySpecs\[0\]\.algorithm/],
  ])("answers 400 for %s", async (_what, defaultKeySpecs, message) => {
    const result = await emulator.request("POST", ZONES, {
      body: { name: "specs", dnsName: "specs.example.", description: "", dnssecConfig: { state: "on", defaultKeySpecs } },
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "invalid", message));
  });
});
