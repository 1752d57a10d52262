import { requestKinds, workOf } from "../../scripts/bench/work";

const ZONE = "/dns/v1/projects/p/managedZones/z";
const set = (name: string, rrdatas = ["1.2.3.4"]): object => ({ name, type: "A", ttl: 300, rrdatas });
const request = (method: string, path: string, body: unknown = undefined) => ({ method, path, query: {}, body, status: 200 });

it("counts each record set a request wrote once, whatever request carried it", () => {
  const work = workOf([
    // A change replacing one set's data (its deletion and addition) and adding another: two sets.
    request("POST", `${ZONE}/changes`, { deletions: [set("a.example.com.")], additions: [set("a.example.com.", ["5.6.7.8"]), set("b.example.com.")] }),
    request("POST", `${ZONE}/rrsets`, set("c.example.com.")),
    request("PATCH", `${ZONE}/rrsets/d.example.com./A`, { ttl: 600 }),
    request("DELETE", `${ZONE}/rrsets/e.example.com./A`),
    request("GET", `${ZONE}/changes/7`),
    request("GET", `${ZONE}/rrsets`),
    request("POST", "/dns/v1/projects/p/managedZones", { name: "z" }),
  ]);
  expect(work).toEqual({ recordSetWrites: 5, otherWrites: 1 });
});

it("counts a set written twice (a change sent again) twice", () => {
  const change = request("POST", `${ZONE}/changes`, { additions: [set("a.example.com.")] });
  expect(workOf([change, change]).recordSetWrites).toBe(2);
});

it("tells a step's writes, its checks of a zone's changes and its other reads apart", () => {
  const kinds = requestKinds([
    request("POST", `${ZONE}/changes`, { additions: [set("a.example.com.")] }),
    request("PATCH", `${ZONE}/rrsets/d.example.com./A`, { ttl: 600 }),
    request("GET", `${ZONE}/changes`),
    request("GET", `${ZONE}/changes/7`),
    request("GET", `${ZONE}/rrsets`),
    request("GET", `${ZONE}/rrsets/d.example.com./A`),
    request("GET", ZONE),
  ]);
  expect(kinds).toEqual({ writes: 2, changeChecks: 2, reads: 3 });
});
