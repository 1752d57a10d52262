/**
 * The DNS emulator as Google's own Node client sees it: `googleapis`'
 * `dns_v1.Dns`, pointed at the emulator with `rootUrl`, calls every DNS
 * method of the spec, and every response is checked against the client's
 * typed schemas read from its `.d.ts` (tests/support/googleClientSchemas.ts):
 * each field is one the schema has, with the schema's JSON type, and every
 * object whose schema has a kind carries its fixed value. The requests fill
 * every nested message, so every kinded schema a response can hold is seen.
 */
import path from "node:path";
import { dns_v1 } from "googleapis/build/src/apis/dns/v1";
import { OAuth2Client } from "googleapis-common";
import type { ClientSchemas } from "../support/googleClientSchemas";
import { checkedCaller, kindedObjects, kindedSchemasReachableFrom, readClientSchemas } from "../support/googleClientSchemas";
import type { TestEmulator } from "./helpers";
import { PROJECT, startEmulator, TOKEN } from "./helpers";

jest.setTimeout(60_000);

/** Section A of the spec: every DNS method. */
const SPEC_METHODS = [
  "changes.create",
  "changes.get",
  "changes.list",
  "dnsKeys.get",
  "dnsKeys.list",
  "managedZoneOperations.get",
  "managedZoneOperations.list",
  "managedZones.create",
  "managedZones.delete",
  "managedZones.get",
  "managedZones.getIamPolicy",
  "managedZones.list",
  "managedZones.patch",
  "managedZones.setIamPolicy",
  "managedZones.testIamPermissions",
  "managedZones.update",
  "policies.create",
  "policies.delete",
  "policies.get",
  "policies.list",
  "policies.patch",
  "policies.update",
  "projects.get",
  "resourceRecordSets.create",
  "resourceRecordSets.delete",
  "resourceRecordSets.get",
  "resourceRecordSets.list",
  "resourceRecordSets.patch",
  "responsePolicies.create",
  "responsePolicies.delete",
  "responsePolicies.get",
  "responsePolicies.list",
  "responsePolicies.patch",
  "responsePolicies.update",
  "responsePolicyRules.create",
  "responsePolicyRules.delete",
  "responsePolicyRules.get",
  "responsePolicyRules.list",
  "responsePolicyRules.patch",
  "responsePolicyRules.update",
];

const NETWORK = "https://www.googleapis.com/compute/v1/projects/test-project/global/networks/default";
const OTHER_NETWORK = "https://www.googleapis.com/compute/v1/projects/test-project/global/networks/other";
const CLUSTER = "projects/test-project/locations/europe-west1/clusters/main";

let client: ClientSchemas;
let emulator: TestEmulator;
let dns: dns_v1.Dns;
const called = new Set<string>();
const kindedSeen = new Set<string>();

beforeAll(async () => {
  client = readClientSchemas({
    declarationFile: path.join(path.dirname(require.resolve("googleapis/package.json")), "build/src/apis/dns/v1.d.ts"),
    namespace: "dns_v1",
    apiClass: "Dns",
    kindOf: (schema) => `dns#${schema.charAt(0).toLowerCase()}${schema.slice(1)}`,
  });
  emulator = await startEmulator({ tokens: [TOKEN], changeCompletionDelayMs: 0 });
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: TOKEN });
  // googleapis-common keeps the method's path and takes the origin from rootUrl.
  dns = new dns_v1.Dns({ rootUrl: `${emulator.baseUrl}/`, auth });
});
afterAll(() => emulator.close());

/** Calls a client method, records it, and checks its response against the client's schema for that method. */
const call = checkedCaller(
  () => client,
  called,
  (schema, data) => {
    for (const { schema: kinded } of kindedObjects(client, schema, data)) kindedSeen.add(kinded);
  },
);

interface ClientError {
  response?: { status: number; data: { error: { code: number; message: string; errors: Array<{ reason: string }> } } };
}

async function refusal(run: () => Promise<unknown>): Promise<{ status: number; reason: string; message: string }> {
  try {
    await run();
  } catch (error) {
    const response = (error as ClientError).response;
    if (response === undefined) throw error;
    return { status: response.status, reason: response.data.error.errors[0]?.reason ?? "", message: response.data.error.message };
  }
  throw new Error("the request succeeded");
}

const project = PROJECT;

describe("every DNS method through googleapis", () => {
  it("projects.get: the project with every quota field", async () => {
    const found = await call("projects.get", () => dns.projects.get({ project }));
    const quotaFields = [...(client.schemas.get("Quota")?.keys() ?? [])];
    expect(Object.keys(found.quota ?? {}).sort()).toEqual(quotaFields.sort());
    expect(found.quota?.whitelistedKeySpecs).toContainEqual({ kind: "dns#dnsKeySpec", algorithm: "rsasha256", keyLength: 2048, keyType: "keySigning" });
  });

  it("managed zones with every nested config, their operations, DNSSEC keys and IAM", async () => {
    const signed = await call("managedZones.create", () =>
      dns.managedZones.create({
        project,
        requestBody: {
          name: "signed",
          dnsName: "signed.example.",
          description: "signed zone",
          labels: { team: "dns" },
          cloudLoggingConfig: { enableLogging: true },
          dnssecConfig: {
            state: "on",
            nonExistence: "nsec",
            defaultKeySpecs: [
              { algorithm: "ecdsap256sha256", keyLength: 256, keyType: "keySigning" },
              { algorithm: "ecdsap256sha256", keyLength: 256, keyType: "zoneSigning" },
            ],
          },
        },
      }),
    );
    expect(signed.dnssecConfig?.defaultKeySpecs?.map((spec) => spec.kind)).toEqual(["dns#dnsKeySpec", "dns#dnsKeySpec"]);

    await call("managedZones.create", () =>
      dns.managedZones.create({
        project,
        requestBody: {
          name: "forwarding",
          dnsName: "corp.internal.",
          description: "forwarding zone",
          visibility: "private",
          privateVisibilityConfig: { networks: [{ networkUrl: NETWORK }], gkeClusters: [{ gkeClusterName: CLUSTER }] },
          forwardingConfig: {
            targetNameServers: [{ ipv4Address: "10.0.0.53", forwardingPath: "private" }, { domainName: "resolver.corp.example." }],
            outboundEndpoints: [{ name: "projects/test-project/locations/europe-west1/outboundEndpoints/out" }],
          },
        },
      }),
    );
    await call("managedZones.create", () =>
      dns.managedZones.create({
        project,
        requestBody: {
          name: "peering",
          dnsName: "peer.internal.",
          description: "peering zone",
          visibility: "private",
          privateVisibilityConfig: { networks: [{ networkUrl: NETWORK }] },
          peeringConfig: { targetNetwork: { networkUrl: OTHER_NETWORK } },
        },
      }),
    );
    await call("managedZones.create", () =>
      dns.managedZones.create({
        project,
        requestBody: {
          name: "reverse",
          dnsName: "10.in-addr.arpa.",
          description: "reverse lookup zone",
          visibility: "private",
          privateVisibilityConfig: { networks: [{ networkUrl: NETWORK }] },
          reverseLookupConfig: {},
        },
      }),
    );
    await call("managedZones.create", () =>
      dns.managedZones.create({
        project,
        requestBody: {
          name: "directory",
          dnsName: "svc.internal.",
          description: "service directory zone",
          visibility: "private",
          privateVisibilityConfig: { networks: [{ networkUrl: NETWORK }] },
          serviceDirectoryConfig: {
            namespace: { namespaceUrl: "https://servicedirectory.googleapis.com/v1/projects/test-project/locations/europe-west1/namespaces/svc" },
          },
        },
      }),
    );

    await call("managedZones.get", () => dns.managedZones.get({ project, managedZone: "forwarding" }));
    const listed = await call("managedZones.list", () => dns.managedZones.list({ project }));
    expect(listed.managedZones?.map((zone) => zone.name)).toEqual(["signed", "forwarding", "peering", "reverse", "directory"]);

    const patched = await call("managedZones.patch", () => dns.managedZones.patch({ project, managedZone: "signed", requestBody: { description: "patched" } }));
    expect(patched.zoneContext?.newValue?.description).toBe("patched");
    const replaced = await call("managedZones.update", () =>
      dns.managedZones.update({
        project,
        managedZone: "forwarding",
        requestBody: { ...listed.managedZones?.[1], description: "updated" },
      }),
    );
    expect(replaced.zoneContext?.newValue?.forwardingConfig?.targetNameServers).toHaveLength(2);
    const operation = await call("managedZoneOperations.get", () =>
      dns.managedZoneOperations.get({ project, managedZone: "signed", operation: patched.id ?? "" }),
    );
    expect(operation.id).toBe(patched.id);
    await call("managedZoneOperations.list", () => dns.managedZoneOperations.list({ project, managedZone: "forwarding" }));

    const keys = await call("dnsKeys.list", () => dns.dnsKeys.list({ project, managedZone: "signed" }));
    expect(keys.dnsKeys?.map((key) => key.type)).toEqual(["keySigning", "zoneSigning"]);
    await call("dnsKeys.get", () => dns.dnsKeys.get({ project, managedZone: "signed", dnsKeyId: keys.dnsKeys?.[0]?.id ?? "", digestType: "sha256,sha384" }));

    const resource = `projects/${project}/managedZones/signed`;
    const policy = await call("managedZones.getIamPolicy", () => dns.managedZones.getIamPolicy({ resource, requestBody: {} }));
    const written = await call("managedZones.setIamPolicy", () =>
      dns.managedZones.setIamPolicy({
        resource,
        requestBody: { policy: { etag: policy.etag ?? "", bindings: [{ role: "roles/dns.reader", members: ["user:reader@example.com"] }] } },
      }),
    );
    expect(written.bindings).toEqual([{ role: "roles/dns.reader", members: ["user:reader@example.com"] }]);
    const held = await call("managedZones.testIamPermissions", () =>
      dns.managedZones.testIamPermissions({ resource, requestBody: { permissions: ["dns.managedZones.get", "compute.instances.list"] } }),
    );
    expect(held.permissions).toEqual(["dns.managedZones.get"]);
  });

  it("record sets with every routing policy, and changes", async () => {
    const zone = "signed";
    await call("resourceRecordSets.create", () =>
      dns.resourceRecordSets.create({
        project,
        managedZone: zone,
        requestBody: { name: "www.signed.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] },
      }),
    );
    const items = { rrdatas: ["192.0.2.10"] };
    await call("resourceRecordSets.create", () =>
      dns.resourceRecordSets.create({
        project,
        managedZone: zone,
        requestBody: {
          name: "geo.signed.example.",
          type: "A",
          ttl: 60,
          routingPolicy: { geo: { enableFencing: true, items: [{ location: "europe-west1", ...items }] } },
        },
      }),
    );
    await call("resourceRecordSets.create", () =>
      dns.resourceRecordSets.create({
        project,
        managedZone: zone,
        requestBody: { name: "wrr.signed.example.", type: "A", ttl: 60, routingPolicy: { wrr: { items: [{ weight: 1, ...items }] } } },
      }),
    );
    await call("resourceRecordSets.create", () =>
      dns.resourceRecordSets.create({
        project,
        managedZone: zone,
        requestBody: {
          name: "failover.signed.example.",
          type: "A",
          ttl: 60,
          routingPolicy: {
            primaryBackup: {
              trickleTraffic: 0.1,
              primaryTargets: {
                internalLoadBalancers: [
                  {
                    ipAddress: "10.0.0.5",
                    ipProtocol: "tcp",
                    loadBalancerType: "regionalL4ilb",
                    networkUrl: NETWORK,
                    port: "80",
                    project,
                    region: "europe-west1",
                  },
                ],
              },
              backupGeoTargets: { items: [{ location: "europe-west1", ...items }] },
            },
          },
        },
      }),
    );
    await call("resourceRecordSets.get", () => dns.resourceRecordSets.get({ project, managedZone: zone, name: "failover.signed.example.", type: "A" }));
    await call("resourceRecordSets.list", () => dns.resourceRecordSets.list({ project, managedZone: zone }));
    await call("resourceRecordSets.patch", () =>
      dns.resourceRecordSets.patch({ project, managedZone: zone, name: "www.signed.example.", type: "A", requestBody: { ttl: 600 } }),
    );
    const change = await call("changes.create", () =>
      dns.changes.create({
        project,
        managedZone: zone,
        requestBody: { additions: [{ name: "mail.signed.example.", type: "MX", ttl: 300, rrdatas: ["10 mx.signed.example."] }] },
      }),
    );
    await call("changes.get", () => dns.changes.get({ project, managedZone: zone, changeId: change.id ?? "" }));
    const changes = await call("changes.list", () => dns.changes.list({ project, managedZone: zone }));
    expect(changes.changes?.at(-1)?.id).toBe(change.id);
    for (const name of ["www", "geo", "wrr", "failover"]) {
      await call("resourceRecordSets.delete", () => dns.resourceRecordSets.delete({ project, managedZone: zone, name: `${name}.signed.example.`, type: "A" }));
    }
    await call("changes.create", () =>
      dns.changes.create({
        project,
        managedZone: zone,
        requestBody: { deletions: [{ name: "mail.signed.example.", type: "MX", ttl: 300, rrdatas: ["10 mx.signed.example."] }] },
      }),
    );
  });

  it("policies with alternative name servers, outbound endpoints and DNS64", async () => {
    const created = await call("policies.create", () =>
      dns.policies.create({
        project,
        requestBody: {
          name: "resolver",
          description: "resolver policy",
          enableInboundForwarding: true,
          networks: [{ networkUrl: NETWORK }],
          alternativeNameServerConfig: {
            targetNameServers: [{ ipv4Address: "10.0.0.2", forwardingPath: "private" }],
            outboundEndpoints: [{ name: "projects/test-project/locations/europe-west1/outboundEndpoints/out" }],
          },
          dns64Config: { scope: { allQueries: true } },
        },
      }),
    );
    await call("policies.get", () => dns.policies.get({ project, policy: created.id ?? "" }));
    await call("policies.list", () => dns.policies.list({ project }));
    await call("policies.patch", () => dns.policies.patch({ project, policy: "resolver", requestBody: { enableLogging: true } }));
    const updated = await call("policies.update", () =>
      dns.policies.update({ project, policy: "resolver", requestBody: { name: "resolver", description: "no networks" } }),
    );
    expect(updated.policy?.networks).toBeUndefined();
    await call("policies.delete", () => dns.policies.delete({ project, policy: "resolver" }));
  });

  it("response policies and their rules", async () => {
    await call("responsePolicies.create", () =>
      dns.responsePolicies.create({
        project,
        requestBody: {
          responsePolicyName: "blocklist",
          description: "blocked names",
          networks: [{ networkUrl: NETWORK }],
          gkeClusters: [{ gkeClusterName: CLUSTER }],
        },
      }),
    );
    await call("responsePolicies.get", () => dns.responsePolicies.get({ project, responsePolicy: "blocklist" }));
    await call("responsePolicies.list", () => dns.responsePolicies.list({ project }));
    await call("responsePolicies.patch", () => dns.responsePolicies.patch({ project, responsePolicy: "blocklist", requestBody: { labels: { env: "test" } } }));
    await call("responsePolicyRules.create", () =>
      dns.responsePolicyRules.create({
        project,
        responsePolicy: "blocklist",
        requestBody: {
          ruleName: "ads",
          dnsName: "ads.example.com.",
          localData: { localDatas: [{ name: "ads.example.com.", type: "A", ttl: 300, rrdatas: ["0.0.0.0"] }] },
        },
      }),
    );
    await call("responsePolicyRules.get", () => dns.responsePolicyRules.get({ project, responsePolicy: "blocklist", responsePolicyRule: "ads" }));
    await call("responsePolicyRules.list", () => dns.responsePolicyRules.list({ project, responsePolicy: "blocklist" }));
    await call("responsePolicyRules.patch", () =>
      dns.responsePolicyRules.patch({
        project,
        responsePolicy: "blocklist",
        responsePolicyRule: "ads",
        requestBody: { dnsName: "ads.example.net.", localData: null, behavior: "bypassResponsePolicy" } as unknown as dns_v1.Schema$ResponsePolicyRule,
      }),
    );
    await call("responsePolicyRules.update", () =>
      dns.responsePolicyRules.update({
        project,
        responsePolicy: "blocklist",
        responsePolicyRule: "ads",
        requestBody: { ruleName: "ads", dnsName: "ads.example.net.", behavior: "bypassResponsePolicy" },
      }),
    );
    await call("responsePolicyRules.delete", () => dns.responsePolicyRules.delete({ project, responsePolicy: "blocklist", responsePolicyRule: "ads" }));
    await call("responsePolicies.update", () =>
      dns.responsePolicies.update({ project, responsePolicy: "blocklist", requestBody: { responsePolicyName: "blocklist" } }),
    );
    await call("responsePolicies.delete", () => dns.responsePolicies.delete({ project, responsePolicy: "blocklist" }));
  });

  it("deletes the zones", async () => {
    for (const zone of ["signed", "forwarding", "peering", "reverse", "directory"]) {
      await call("managedZones.delete", () => dns.managedZones.delete({ project, managedZone: zone }));
    }
    expect((await call("managedZones.list", () => dns.managedZones.list({ project }))).managedZones).toEqual([]);
  });

  it("called every method of the spec, and saw every kinded schema a response can hold, each with its kind", () => {
    expect([...called].sort()).toEqual([...SPEC_METHODS].sort());
    const responseSchemas = SPEC_METHODS.map((method) => client.methods.get(method)).filter((schema) => schema !== undefined);
    expect([...kindedSeen].sort()).toEqual([...kindedSchemasReachableFrom(client, responseSchemas)].sort());
  });
});

describe("unknown fields inside nested objects", () => {
  it.each([
    ["dnssecConfig", { dnssecConfig: { state: "off", foo: 1 } }, "managed_zone.dnssec_config"],
    [
      "a DNSSEC key spec",
      { dnssecConfig: { defaultKeySpecs: [{ algorithm: "rsasha256", keyLength: 2048, keyType: "keySigning", foo: 1 }] } },
      "managed_zone.dnssec_config.default_key_specs[0]",
    ],
    ["cloudLoggingConfig", { cloudLoggingConfig: { enableLogging: true, foo: 1 } }, "managed_zone.cloud_logging_config"],
    [
      "a private visibility network",
      { visibility: "private", privateVisibilityConfig: { networks: [{ networkUrl: NETWORK, foo: 1 }] } },
      "managed_zone.private_visibility_config.networks[0]",
    ],
    [
      "a forwarding target",
      { visibility: "private", forwardingConfig: { targetNameServers: [{ ipv4Address: "10.0.0.1", foo: 1 }] } },
      "managed_zone.forwarding_config.target_name_servers[0]",
    ],
    [
      "a peering target network",
      { visibility: "private", peeringConfig: { targetNetwork: { networkUrl: NETWORK, foo: 1 } } },
      "managed_zone.peering_config.target_network",
    ],
    ["reverseLookupConfig", { reverseLookupConfig: { foo: 1 } }, "managed_zone.reverse_lookup_config"],
    ["a service directory namespace", { serviceDirectoryConfig: { namespace: { foo: 1 } } }, "managed_zone.service_directory_config.namespace"],
  ])("refuses one in a zone's %s with 400 invalid", async (_what, extra, at) => {
    const refused = await refusal(() =>
      dns.managedZones.create({
        project,
        requestBody: { name: "unknown-nested", dnsName: "unknown.example.", description: "", ...extra } as unknown as dns_v1.Schema$ManagedZone,
      }),
    );
    expect(refused).toEqual({ status: 400, reason: "invalid", message: `Invalid JSON payload received. Unknown name "foo" at '${at}': Cannot find field.` });
  });

  it("refuses them in routing policies, policies, response policies, rules and IAM policies, and creates nothing", async () => {
    await dns.managedZones.create({ project, requestBody: { name: "nested", dnsName: "nested.example.", description: "" } });
    const rrset = { name: "x.nested.example.", type: "A", ttl: 60 };
    const cases: Array<[() => Promise<unknown>, string]> = [
      [
        () =>
          dns.resourceRecordSets.create({
            project,
            managedZone: "nested",
            requestBody: {
              ...rrset,
              routingPolicy: { wrr: { items: [{ weight: 1, rrdatas: ["192.0.2.1"], foo: 1 }] } },
            } as unknown as dns_v1.Schema$ResourceRecordSet,
          }),
        "rrset.routing_policy.wrr.items[0]",
      ],
      [
        () =>
          dns.changes.create({
            project,
            managedZone: "nested",
            requestBody: {
              additions: [{ ...rrset, routingPolicy: { geo: { items: [{ location: "us-east1", healthCheckedTargets: { foo: 1 } }] } } }],
            } as unknown as dns_v1.Schema$Change,
          }),
        "change.additions[0].routing_policy.geo.items[0].health_checked_targets",
      ],
      [
        () =>
          dns.policies.create({
            project,
            requestBody: {
              name: "p",
              alternativeNameServerConfig: { targetNameServers: [{ ipv4Address: "10.0.0.2", foo: 1 }] },
            } as unknown as dns_v1.Schema$Policy,
          }),
        "policy_resource.alternative_name_server_config.target_name_servers[0]",
      ],
      [
        () =>
          dns.policies.create({ project, requestBody: { name: "p", dns64Config: { scope: { allQueries: true, foo: 1 } } } as unknown as dns_v1.Schema$Policy }),
        "policy_resource.dns64_config.scope",
      ],
      [
        () =>
          dns.responsePolicies.create({
            project,
            requestBody: { responsePolicyName: "rp", networks: [{ networkUrl: NETWORK, foo: 1 }] } as unknown as dns_v1.Schema$ResponsePolicy,
          }),
        "response_policy.networks[0]",
      ],
      [
        () =>
          dns.managedZones.setIamPolicy({
            resource: `projects/${project}/managedZones/nested`,
            requestBody: {
              policy: { bindings: [{ role: "roles/dns.reader", members: [], foo: 1 }] },
            } as unknown as dns_v1.Schema$GoogleIamV1SetIamPolicyRequest,
          }),
        "policy.bindings[0]",
      ],
    ];
    for (const [run, at] of cases) {
      expect(await refusal(run)).toEqual({
        status: 400,
        reason: "invalid",
        message: `Invalid JSON payload received. Unknown name "foo" at '${at}': Cannot find field.`,
      });
    }
    await dns.responsePolicies.create({ project, requestBody: { responsePolicyName: "rp" } });
    expect(
      await refusal(() =>
        dns.responsePolicyRules.create({
          project,
          responsePolicy: "rp",
          requestBody: {
            ruleName: "r",
            dnsName: "r.example.",
            localData: { localDatas: [{ ...rrset, name: "r.example.", rrdatas: ["192.0.2.1"], foo: 1 }] },
          } as unknown as dns_v1.Schema$ResponsePolicyRule,
        }),
      ),
    ).toEqual({
      status: 400,
      reason: "invalid",
      message: `Invalid JSON payload received. Unknown name "foo" at 'response_policy_rule.local_data.local_datas[0]': Cannot find field.`,
    });
    const objects = (await (await fetch(`${emulator.baseUrl}/_emulator/objects`)).json()) as { dns: Record<string, unknown[]> };
    expect(objects.dns.resourceRecordSets).toEqual([]);
    expect(objects.dns.policies).toEqual([]);
    expect(objects.dns.responsePolicyRules).toEqual([]);
  });
});

describe("the fields parameter", () => {
  it("answers only the selected fields: paths, groups and wildcards", async () => {
    const listed = await dns.managedZones.list({ project, fields: "managedZones(name,dnssecConfig/state),kind" });
    expect(listed.data).toEqual({ kind: "dns#managedZonesListResponse", managedZones: [{ name: "nested" }] });
    const project_ = await dns.projects.get({ project, fields: "quota/whitelistedKeySpecs(keyLength),id" });
    expect(Object.keys(project_.data)).toEqual(["id", "quota"]);
    expect(Object.keys(project_.data.quota ?? {})).toEqual(["whitelistedKeySpecs"]);
    expect(project_.data.quota?.whitelistedKeySpecs?.[0]).toEqual({ keyLength: expect.any(Number) });
    const everything = await dns.managedZones.get({ project, managedZone: "nested", fields: "*" });
    expect(everything.data).toEqual((await dns.managedZones.get({ project, managedZone: "nested" })).data);
    const nestedWildcard = await dns.managedZones.list({ project, fields: "managedZones/*" });
    expect(nestedWildcard.data.managedZones?.[0]?.name).toBe("nested");
    expect(nestedWildcard.data).not.toHaveProperty("kind");
  });

  it("refuses a malformed selection with 400 invalidParameter, before the request runs", async () => {
    for (const fields of ["managedZones(name", "name,,kind", "name)", "a/", "managedZones()"]) {
      const refused = await refusal(() =>
        dns.managedZones.create({ project, fields, requestBody: { name: "never", dnsName: "never.example.", description: "" } }),
      );
      expect(refused).toEqual({ status: 400, reason: "invalidParameter", message: expect.stringContaining(`Invalid field selection '${fields}'`) });
    }
    const names = (await dns.managedZones.list({ project })).data.managedZones?.map((zone) => zone.name);
    expect(names).not.toContain("never");
  });
});
