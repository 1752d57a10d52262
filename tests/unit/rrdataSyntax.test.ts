/**
 * Record data by type, through the RecordSet declaration's check: a valid
 * value passes, an invalid one fails naming the entry (rrdatas[i]), the type
 * and the accepted form — so `pulumi preview` stops it, with no request.
 */
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { RECORD_TYPES, RRDATA_SYNTAX } from "../../provider/apis/dns/rrdataSyntax";
import { excerpt } from "../../provider/engine/declaration/excerpt";
import { offlineSettings } from "../support/providerEmulator";

offlineSettings();

const records = dynamicProvider(recordSet);
const hex = (digits: number): string => "0123456789abcdef".repeat(8).slice(0, digits);

/** Per type: values the API takes, and values it refuses with (a part of) the problem check names. */
const CASES: Record<string, { valid: string[]; invalid: Array<[string, RegExp]> }> = {
  A: {
    valid: ["192.0.2.1", "0.0.0.0", "255.255.255.255"],
    invalid: [
      ["999.1.1.1", /not an IPv4 address/],
      ["192.0.2", /IPv4/],
      ["01.2.3.4", /IPv4/],
      ["2001:db8::1", /IPv4/],
      [" 192.0.2.1", /IPv4/],
    ],
  },
  AAAA: {
    valid: ["2001:db8::1", "::1", "2001:0db8:0000:0000:0000:0000:0000:0001", "::ffff:192.0.2.1"],
    invalid: [
      ["192.0.2.1", /IPv6/],
      ["2001:db8::g", /IPv6/],
      ["fe80::1%eth0", /zone index/],
      ["2001:db8:::1", /IPv6/],
    ],
  },
  CNAME: {
    valid: ["www.example.com.", "_dmarc.example.com.", "a-b.example."],
    invalid: [
      ["www.example.com", /does not end with a dot/],
      ["*.example.com.", /\*/],
      ["a..b.", /empty label/],
      [".", /root/],
      ["-a.example.", /dash/],
    ],
  },
  NS: {
    valid: ["ns-cloud-b1.googledomains.com."],
    invalid: [
      ["ns1.example.com", /trailing dot/],
      ["ns1 ns2.", /2 fields, not 1/],
    ],
  },
  PTR: { valid: ["host.example.com."], invalid: [["192.0.2.1", /trailing dot/]] },
  MX: {
    valid: ["10 mx1.example.com.", "0 .", "65535 mx.example."],
    invalid: [
      ["mx1.example.com.", /it has 1 field, not 2/],
      ["65536 mx.example.", /preference "65536".*0 to 65535/],
      ["10 mx1.example.com", /mail server.*trailing dot/],
      ["-1 mx.", /preference/],
    ],
  },
  SRV: {
    valid: ["10 5 5060 sip.example.com.", "0 0 0 ."],
    invalid: [
      ["10 5 sip.example.com.", /3 fields, not 4/],
      ["10 5 70000 sip.example.com.", /port "70000"/],
      ["1 x 1 t.example.", /weight/],
      ["1 1 1 t.example", /target/],
    ],
  },
  CAA: {
    valid: [
      '0 issue "letsencrypt.org"',
      '128 issuewild ";"',
      '0 iodef "mailto:security@example.com"',
      '0 iodef "https://example.com/caa"',
      '0 issue "ca.example.net; account=230123"',
      '0 tbs "Unknown"',
    ],
    invalid: [
      ["0 issue letsencrypt.org", /value is not a quoted string/],
      ['256 issue "ca.example.net"', /flags "256"/],
      ['0 iss-ue "ca.example.net"', /tag "iss-ue"/],
      ['0 iodef "security@example.com"', /iodef value/],
      ['0 issue "ca example"', /issuer "ca example"/],
      ['0 issue "ca.example.net', /quote is not closed/],
    ],
  },
  TXT: {
    valid: ['"v=spf1 -all"', "v=spf1 -all", '"say \\"hi\\""', `"${"a".repeat(255)}" "${"b".repeat(10)}"`, "a".repeat(600), '"\\065\\066"', '"a\\\\b"'],
    invalid: [
      ['"v=spf1 -all', /quote is not closed/],
      [`"${"a".repeat(256)}"`, /string 1 holds 256 characters \(at most 255/],
      ['"one" two', /string 2 is not quoted: quote every string or none/],
      ['say "hi"', /quote inside an unquoted value/],
      ['"bad \\999"', /\\999 is not an octet/],
      ['"ends \\', /lone backslash|not closed/],
    ],
  },
  SPF: { valid: ['"v=spf1 include:_spf.example.com -all"'], invalid: [['"v=spf1 -all" "', /quote is not closed/]] },
  DS: {
    valid: [`12345 13 2 ${hex(64)}`, `60485 5 1 ${hex(40)}`, `1 RSASHA256 4 ${hex(96)}`, `2371 13 2 ${hex(32)} ${hex(32)}`],
    invalid: [
      [`12345 13 2 ${hex(40)}`, /digest has 40 hex digits, not 64/],
      [`12345 13 9 ${hex(64)}`, /digest type "9"/],
      [`70000 13 2 ${hex(64)}`, /key tag "70000"/],
      [`1 13 1 ${"z".repeat(40)}`, /digest is not hexadecimal/],
      [`1 NOPE 2 ${hex(64)}`, /algorithm/],
    ],
  },
  DNSKEY: {
    valid: ["257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==", "256 3 8 AwEAAbcd AwEA"],
    invalid: [
      ["257 2 13 mdsswUyr3DPW", /protocol is "2", not 3/],
      ["257 3 13 not*base64", /public key is not base64/],
      ["257 3 13", /public key is missing/],
    ],
  },
  TLSA: {
    valid: [`3 1 1 ${hex(64)}`, `2 0 2 ${hex(128)}`, "3 0 0 30820122300d06092a864886f70d01010105"],
    invalid: [
      [`4 1 1 ${hex(64)}`, /certificate usage "4"/],
      [`3 2 1 ${hex(64)}`, /selector "2"/],
      [`3 1 3 ${hex(64)}`, /matching type "3"/],
      [`3 1 1 ${hex(40)}`, /40 hex digits, not 64/],
      ["3 0 0 abc", /odd number/],
    ],
  },
  SSHFP: {
    valid: [`4 2 ${hex(64)}`, `1 1 ${hex(40)}`],
    invalid: [
      [`5 2 ${hex(64)}`, /algorithm "5"/],
      [`4 3 ${hex(64)}`, /fingerprint type "3"/],
      [`4 2 ${hex(40)}`, /40 hex digits, not 64/],
    ],
  },
  NAPTR: {
    valid: ['100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .', '100 50 "s" "SIP+D2U" "" _sip._udp.example.com.'],
    invalid: [
      ['100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!"', /5 fields, not 6/],
      ['100 10 "U" "E2U+sip" "!^.*$!x!" sip.example.com.', /regexp and the replacement exclude each other/],
      ['100 10 "U!" "E2U+sip" "" x.example.', /flags "U!"/],
      ['100 10 "U" "E2U+sip" "" x.example', /replacement.*trailing dot/],
    ],
  },
  SOA: {
    valid: ["ns-cloud-b1.googledomains.com. cloud-dns-hostmaster.google.com. 1 21600 3600 259200 300"],
    invalid: [
      ["ns1.example.com. hostmaster.example.com. 1 21600 3600 259200", /6 fields, not 7/],
      ["ns1.example.com. hostmaster.example.com. 1 21600 3600 259200 4294967296", /minimum/],
      ["ns1 hostmaster.example.com. 1 2 3 4 5", /primary name server/],
    ],
  },
  HTTPS: {
    valid: [
      "1 . alpn=h2,h3",
      '1 . alpn="h2,h3" ipv4hint=192.0.2.1,192.0.2.2 ipv6hint=2001:db8::1',
      "0 svc.example.com.",
      "1 . port=8443 no-default-alpn alpn=h2",
      "1 . dohpath=/dns-query{?dns} alpn=h2",
      "1 . key65000=x ech=AEX+/w==",
    ],
    invalid: [
      ["1", /at least a priority and a target/],
      ["1 svc.example.com", /target.*trailing dot/],
      ["1 . colour=blue", /parameter "colour"/],
      ["1 . port=99999", /port "99999"/],
      ["1 . ipv4hint=192.0.2.300", /ipv4hint/],
      ["1 . alpn=h2 alpn=h3", /appears twice/],
      ["1 . no-default-alpn", /needs alpn/],
      ["1 . dohpath=/dns-query", /dohpath/],
    ],
  },
  SVCB: {
    valid: ["1 svc.example.com. port=8443"],
    invalid: [
      ["x svc.example.com.", /priority "x"/],
      ["1 . ohttp=1", /ohttp takes no value/],
    ],
  },
  IPSECKEY: {
    valid: ["10 1 2 192.0.2.38 AQNRU3mG7TVTO2BkR47usntb102uFJtugbo6BSGvgqt4AQ==", "10 0 2 . AQNRU3mG", "10 3 2 gw.example.com. AQNRU3mG", "10 2 0 2001:db8::1"],
    invalid: [
      ["10 1 2 2001:db8::1 AQNRU3mG", /gateway type 1 takes an IPv4 address/],
      ["10 4 2 . AQNRU3mG", /gateway type "4"/],
      ["10 3 2 gw.example.com AQNRU3mG", /gateway.*trailing dot/],
      ["10 0 2 .", /public key is missing/],
      ["10 0 0 . AQNRU3mG", /algorithm 0 means no public key/],
      ["300 0 0 .", /precedence "300"/],
    ],
  },
};

async function checkRecords(type: string, rrdatas: unknown[]) {
  return records.check({}, { managedZone: "z", name: "x.example.com.", type, ttl: 300, rrdatas });
}

describe("record data by type, at check", () => {
  it("covers every record type", () => {
    expect(Object.keys(CASES).sort()).toEqual([...RECORD_TYPES].sort());
    expect(Object.keys(RRDATA_SYNTAX).sort()).toEqual([...RECORD_TYPES].sort());
  });

  describe.each(Object.entries(CASES))("%s", (type, { valid, invalid }) => {
    it.each(valid)("accepts %j", async (value) => {
      const result = await checkRecords(type, [value]);
      expect(result.failures).toBeUndefined();
      expect(result.inputs?.["rrdatas"]).toEqual([value]);
    });

    it("accepts its own example", async () => {
      expect((await checkRecords(type, [RRDATA_SYNTAX[type as keyof typeof RRDATA_SYNTAX].example])).failures).toBeUndefined();
    });

    it.each(invalid)("refuses %j", async (value, problem) => {
      // The bad value sits behind valid ones of the type, so the failure must name its own index.
      const result = await checkRecords(type, [...valid.slice(0, type === "CNAME" || type === "SOA" ? 0 : 2), value]);
      const index = type === "CNAME" || type === "SOA" ? 0 : Math.min(valid.length, 2);
      const form = RRDATA_SYNTAX[type as keyof typeof RRDATA_SYNTAX].form;
      expect(result.failures).toEqual([
        {
          property: "rrdatas",
          reason: expect.stringContaining(`rrdatas[${index}] must be ${type} record data: ${form}, e.g. `),
        },
      ]);
      expect(result.failures?.[0]?.reason).toMatch(problem);
      expect(result.failures?.[0]?.reason).toContain(`got ${excerpt(value)}`);
    });
  });
});

describe("record counts and routing policies", () => {
  it("refuses a second CNAME (or SOA) record", async () => {
    const result = await checkRecords("CNAME", ["a.example.com.", "b.example.com."]);
    expect(result.failures).toEqual([{ property: "rrdatas", reason: expect.stringMatching(/exactly one record.*CNAME.*got 2 records/) }]);
  });

  it("checks the record data of weighted and geo routing items by the set's type", async () => {
    const result = await records.check(
      {},
      {
        managedZone: "z",
        name: "x.example.com.",
        type: "A",
        routingPolicy: {
          wrr: {
            items: [
              { weight: 1, rrdatas: ["10.0.0.1"] },
              { weight: 2, rrdatas: ["10.0.0.2", "10.0.0.300"] },
            ],
          },
        },
      },
    );
    expect(result.failures).toEqual([
      {
        property: "routingPolicy",
        reason: expect.stringMatching(/^routingPolicy\.wrr\.items\[1\]\.rrdatas\[1\] [\s\S]*A record data: a dotted-quad IPv4 address.*got "10\.0\.0\.300"/),
      },
    ]);
    const geo = await records.check(
      {},
      {
        managedZone: "z",
        name: "x.example.com.",
        type: "CNAME",
        routingPolicy: { geo: { items: [{ location: "us-east1", rrdatas: ["a.example.com"] }] } },
      },
    );
    expect(geo.failures?.map((failure) => failure.property)).toEqual(["routingPolicy"]);
    expect(geo.failures?.[0]?.reason).toMatch(/^routingPolicy\.geo\.items\[0\]\.rrdatas\[0\] /);
  });

  it("reports every bad entry, each with its index", async () => {
    const result = await checkRecords("A", ["192.0.2.1", "999.1.1.1", "192.0.2.3", "x"]);
    expect(result.failures?.map((failure) => failure.property)).toEqual(["rrdatas", "rrdatas"]);
    expect(result.failures?.map((failure) => failure.reason.split(" ")[0])).toEqual(["rrdatas[1]", "rrdatas[3]"]);
  });
});
