import { fillTemplate, matchAny, matchTemplate, placeholders } from "../../provider/engine/template";

describe("templates", () => {
  it("fills placeholders with encoded segments", () => {
    expect(fillTemplate("projects/{project}/managedZones/{zone}/rrsets/{name}/{type}", {
      project: "p", zone: "z", name: "a b.example.", type: "A",
    })).toBe("projects/p/managedZones/z/rrsets/a%20b.example./A");
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
    const formats = ["projects/{project}/managedZones/{managedZone}/rrsets/{name}/{type}", "{project}/{managedZone}/{name}/{type}", "{managedZone}/{name}/{type}"];
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
      project: "p", managedZone: "z", role: "roles/dns.admin", member: "user:jane@example.com",
    });
    expect(matchTemplate(format, "projects/p/managedZones/z roles/dns.admin")).toBeUndefined();
    expect(placeholders(format)).toEqual(["project", "managedZone", "role", "member"]);
  });
});
