import { normalizeRrdata } from "../../emulator/apis/dns/record-data";
import { canonicalRrdata, canonicalTxt, sameRrdatas, txtStrings, wireRrdata } from "../../provider/apis/dns/rrdata";

describe("record data in canonical form", () => {
  it("treats TXT with and without quotes alike", () => {
    expect(sameRrdatas("TXT", ['"v=spf1 -all"'], ["v=spf1 -all"])).toBe(true);
    expect(sameRrdatas("TXT", ['"v=spf1 -all"'], ["v=spf1 ~all"])).toBe(false);
  });

  it("splits long TXT values into 255-character strings, however they were split", () => {
    const long = "k=rsa; p=" + "A".repeat(400);
    expect(canonicalTxt(long)).toBe(`"${long.slice(0, 255)}" "${long.slice(255)}"`);
    expect(sameRrdatas("TXT", [long], [`"${long.slice(0, 100)}" "${long.slice(100)}"`])).toBe(true);
  });

  it("keeps escaped quotes inside TXT strings", () => {
    expect(txtStrings('"say \\"hi\\"" "and bye"')).toEqual(['say "hi"', "and bye"]);
    expect(canonicalTxt('"say \\"hi\\""')).toBe('"say \\"hi\\""');
  });

  it("decodes \\DDD escapes, so either spelling of a character is the same string", () => {
    expect(txtStrings('"\\065b" "c\\\\d"')).toEqual(["Ab", "c\\d"]);
    expect(sameRrdatas("TXT", ['"\\065"'], ['"A"'])).toBe(true);
    // Not a list of quoted strings: taken literally, as before.
    expect(txtStrings('"a" b')).toEqual(['"a" b']);
    expect(txtStrings('"open')).toEqual(['"open']);
  });

  it("compares TXT data by its octets: a character as UTF-8 or by number, split anywhere, is the same value", () => {
    expect(sameRrdatas("TXT", ['"café"'], ['"caf\\195\\169"'])).toBe(true);
    expect(sameRrdatas("TXT", ['"\\233"'], ['"é"'])).toBe(false);
    const wire = wireRrdata("TXT", "é".repeat(200));
    expect(wire).toBe(`"${"\\195\\169".repeat(127)}\\195" "\\169${"\\195\\169".repeat(72)}"`);
    expect(sameRrdatas("TXT", [wire], [`"${"é".repeat(200)}"`])).toBe(true);
  });

  it("ignores the case of host names and the order of values", () => {
    expect(sameRrdatas("CNAME", ["WWW.Example.COM."], ["www.example.com."])).toBe(true);
    expect(sameRrdatas("MX", ["10 MX1.example.net.", "20 mx2.example.net."], ["20 mx2.example.net.", "10 mx1.example.net."])).toBe(true);
  });

  it("compares IPv6 addresses in canonical form", () => {
    expect(canonicalRrdata("AAAA", "2001:0DB8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8::1");
    expect(sameRrdatas("AAAA", ["2001:db8:0:0::1"], ["2001:DB8::1"])).toBe(true);
    expect(sameRrdatas("AAAA", ["2001:db8::1"], ["2001:db8::2"])).toBe(false);
  });

  it("still sees a real difference in A records", () => {
    expect(sameRrdatas("A", ["192.0.2.1", "192.0.2.2"], ["192.0.2.2"])).toBe(false);
  });
});

describe("record data as the service answers it, against the provider's comparison and what it sends", () => {
  const answered = (type: string, value: string): string => normalizeRrdata(type, wireRrdata(type, value));

  it.each([
    ["AAAA", "2001:0DB8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["MX", "10 MAIL.Example.COM.", "10 mail.example.com."],
    ["DS", "12345 8 2 49FD46E6C4B45C55D4AC69CBD3CD34AC1AFE51DE", "12345 8 2 49fd46e6c4b45c55d4ac69cbd3cd34ac1afe51de"],
    ["TXT", "foo", '"foo"'],
    ["TXT", "v=spf1 include:_spf.example.com ~all", '"v=spf1 include:_spf.example.com ~all"'],
    ["TXT", "a".repeat(300), `"${"a".repeat(255)}" "${"a".repeat(45)}"`],
    ["TXT", '"a\\032b"', '"a b"'],
    ["TXT", '"say \\"hi\\" \\\\o/" "semi\\;colon"', '"say \\"hi\\" \\\\o/" "semi;colon"'],
    ["TXT", '"tab\\009" "\\195\\169"', '"tab\\009" "\\195\\169"'],
    ["TXT", "café", '"caf\\195\\169"'],
  ])("%s %s is answered %s, the same value", (type, sent, answer) => {
    expect(answered(type, sent)).toBe(answer);
    expect(sameRrdatas(type, [answer], [sent])).toBe(true);
  });

  it("sends an unquoted TXT value as one string, which the service would otherwise split at each space", () => {
    expect(wireRrdata("TXT", "v=spf1 -all")).toBe('"v=spf1 -all"');
    expect(normalizeRrdata("TXT", "v=spf1 -all")).toBe('"v=spf1" "-all"');
    expect(wireRrdata("TXT", '"a" "b"')).toBe('"a" "b"');
    expect(wireRrdata("A", "192.0.2.1")).toBe("192.0.2.1");
  });
});
