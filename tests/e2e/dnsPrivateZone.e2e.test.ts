/** Conformance of a private ManagedZone, a weighted RecordSet and ManagedZoneIamPolicy with the real engine. */
import { runConformance } from "../support/conformance";
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const ZONE = "/dns/v1/projects/e2e-project/managedZones/internal";
const network = (name: string): { networkUrl: string } => ({
  networkUrl: `https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/${name}`,
});

const suite = engineSuite();

it("a private zone, a weighted record set and the zone's access policy pass the conformance run", async () => {
  const test = suite.track(await openStack("dns-private-zone", suite.emulator));
  await runConformance(test, suite.emulator, {
    created: 4,
    updates: [
      {
        what: "zone description in place",
        config: { description: { value: "Internal names of corp" } },
        changes: { same: 3, update: 1 },
        writes: [{ method: "PATCH", path: ZONE, body: { description: "Internal names of corp" } }],
      },
      {
        what: "zone labels in place",
        config: { env: { value: "staging" } },
        changes: { same: 3, update: 1 },
        writes: [{ method: "PATCH", path: ZONE, body: { labels: { env: "staging" } } }],
      },
      {
        what: "zone networks in place, as a whole list",
        config: { networks: { value: JSON.stringify(["corp", "corp-eu"]) } },
        changes: { same: 3, update: 1 },
        writes: [{ method: "PATCH", path: ZONE, body: { privateVisibilityConfig: { networks: [network("corp"), network("corp-eu")] } } }],
      },
      {
        what: "zone logging in place",
        config: { logging: { value: "true" } },
        changes: { same: 3, update: 1 },
        writes: [{ method: "PATCH", path: ZONE, body: { cloudLoggingConfig: { enableLogging: true } } }],
      },
      {
        what: "record TTL in place",
        config: { apiTtl: { value: "60" } },
        changes: { same: 3, update: 1 },
        writes: [{ method: "PATCH", path: `${ZONE}/rrsets/api.internal.corp.example./A`, body: { ttl: 60 } }],
      },
      { what: "record weights in place (one atomic change)", config: { blueWeight: { value: "0.5" } }, changes: { same: 3, update: 1 } },
      {
        what: "access policy bindings in place",
        config: { readers: { value: JSON.stringify(["group:eng@example.com", "group:ops@example.com"]) } },
        changes: { same: 3, update: 1 },
      },
    ],
    replaces: [{ what: "zone name replaces the zone and what lives in it", config: { zoneName: { value: "internal-2" } }, changes: { same: 1, replace: 3 } }],
    imports: [
      { what: "import the record set", urnSuffix: "::api", configKey: "apiImport" },
      { what: "import the access policy", urnSuffix: "::access", configKey: "accessImport" },
    ],
    nothingLeft: (objects) => expect(objects).toEqual(expect.objectContaining({ dns: expect.objectContaining({ managedZones: [], resourceRecordSets: [] }) })),
  });
});
