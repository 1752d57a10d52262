/**
 * The DNS emulator as Google's own Node client sees it: `googleapis`' `dns_v1.Dns`, pointed at the
 * emulator with `rootUrl`, calls every DNS method of the spec, and every response is checked against
 * the client's typed schemas (tests/support/googleClientSchemas.ts). The requests fill every nested
 * message, so every kinded schema a response can hold is seen.
 */
import { dns_v1 } from "googleapis/build/src/apis/dns/v1";
import { kindedSchemasReachableFrom } from "../support/googleClientSchemas";
import { SPEC_METHODS, NETWORK, CLUSTER, client, dns, called, kindedSeen, call, project, PRIVATE_ZONES } from "./dns-google-client-harness";

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

    for (const requestBody of PRIVATE_ZONES) await call("managedZones.create", () => dns.managedZones.create({ project, requestBody }));

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
