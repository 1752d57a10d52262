import { canonicalRrdata, canonicalTxt, sameRrdatas, txtStrings } from "../../provider/apis/dns/rrdata";

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
