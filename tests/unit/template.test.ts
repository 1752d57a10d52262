import { fillTemplate, formatId, isDotSegment, matchAny, matchTemplate, pathValueProblem, placeholders } from "../../provider/engine/declaration/template";

describe("templates", () => {
  it("fills placeholders with encoded segments", () => {
    expect(
      fillTemplate("projects/{project}/managedZones/{zone}/rrsets/{name}/{type}", {
        project: "p",
        zone: "z",
        name: "a b.example.",
        type: "A",
      }),
    ).toBe("projects/p/managedZones/z/rrsets/a%20b.example./A");
  });

  it("refuses to fill a template with a missing value", () => {
    expect(() => fillTemplate("projects/{project}", {})).toThrow(/no value for \{project\}/);
  });

  it("matches ids back, only with the same shape", () => {
    expect(matchTemplate("projects/{project}/managedZones/{name}", "projects/p1/managedZones/z1")).toEqual({ project: "p1", name: "z1" });
    expect(matchTemplate("projects/{project}/managedZones/{name}", "projects/p1/zones/z1")).toBeUndefined();
    expect(matchTemplate("{project}/{name}", "p1/")).toBeUndefined();
  });

  it("takes the first format an import id fits", () => {
    const formats = [
      "projects/{project}/managedZones/{managedZone}/rrsets/{name}/{type}",
      "{project}/{managedZone}/{name}/{type}",
      "{managedZone}/{name}/{type}",
    ];
    expect(matchAny(formats, "z/www.example.com./A")).toEqual({ managedZone: "z", name: "www.example.com.", type: "A" });
    expect(matchAny(formats, "p/z/www.example.com./A")).toEqual({ project: "p", managedZone: "z", name: "www.example.com.", type: "A" });
    expect(matchAny(formats, "www.example.com.")).toBeUndefined();
    expect(placeholders(formats[0] as string)).toEqual(["project", "managedZone", "name", "type"]);
  });
});

describe("ids with a value that holds slashes (IAM roles)", () => {
  const format = "projects/{project}/managedZones/{managedZone} {role*} {member*}";

  it("parses the Google provider's space-separated IAM ids", () => {
    expect(matchTemplate(format, "projects/p/managedZones/z roles/dns.admin user:jane@example.com")).toEqual({
      project: "p",
      managedZone: "z",
      role: "roles/dns.admin",
      member: "user:jane@example.com",
    });
    expect(matchTemplate(format, "projects/p/managedZones/z roles/dns.admin")).toBeUndefined();
    expect(placeholders(format)).toEqual(["project", "managedZone", "role", "member"]);
  });
});

describe("values that would name another object", () => {
  const template = "api/v1.1/project/{vcsType}/{username}/{project}/ssh-key";

  it.each([".", "..", "%2e", "%2E", "%2e%2e", "%2E%2e", ".%2E", "%2e."])("refuses the dot segment %j before any request", (value) => {
    expect(() => fillTemplate(template, { vcsType: "vcs-a", username: "acme", project: value })).toThrow(/\{project\} must not be "\." or "\.\."/);
  });

  it("keeps other values within their segment", () => {
    expect(fillTemplate(template, { vcsType: "vcs-a", username: "a/../b", project: "..." })).toBe("api/v1.1/project/vcs-a/a%2F..%2Fb/.../ssh-key");
    expect(fillTemplate("x/{a}", { a: "%2e%2e%2f" })).toBe("x/%252e%252e%252f");
    expect(fillTemplate("x/{a}", { a: ".a" })).toBe("x/.a");
  });

  it("says what is wrong without a megabyte of input", () => {
    expect(pathValueProblem("")).toBe("must not be empty");
    expect(pathValueProblem("..")).toMatch(/got "\.\."$/);
    expect(pathValueProblem("a".repeat(1_000_000))).toBeUndefined();
    expect(isDotSegment("%2E%2E")).toBe(true);
    expect(isDotSegment("...")).toBe(false);
  });
});

describe("ids read back as the values they were made of", () => {
  const member = "projects/{project}/managedZones/{managedZone} {role*} {member*}";

  it.each(["user:a%40b", "user:%", "user:100%25", "principal://iam/x y", "user:tab\there"])("member %j", (value) => {
    const values = { project: "p", managedZone: "z", role: "roles/dns.admin", member: value };
    const id = formatId(member, values);
    expect(matchTemplate(member, id)).toEqual(values);
  });

  it("keeps ids readable: only %, white space and a one-segment value's / are encoded", () => {
    expect(formatId(member, { project: "p", managedZone: "z", role: "roles/dns.admin", member: "user:jane@example.com" })).toBe(
      "projects/p/managedZones/z roles/dns.admin user:jane@example.com",
    );
    expect(formatId("{a}/{b}", { a: "x/y", b: "50% off" })).toBe("x%2Fy/50%25%20off");
    expect(matchTemplate("{a}/{b}", "x%2Fy/50%25%20off")).toEqual({ a: "x/y", b: "50% off" });
  });

  it("says so when a typed id has a bare %", () => {
    expect(() => matchTemplate(member, "projects/p/managedZones/z roles/x user:%zz")).toThrow(/member part "user:%zz".*"%25"/);
  });
});
