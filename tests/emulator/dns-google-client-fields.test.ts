/** The DNS emulator through googleapis: unknown fields inside nested objects are refused as Google refuses them, and the fields parameter selects what is answered. */
import { dns_v1 } from "googleapis/build/src/apis/dns/v1";
import { NETWORK, emulator, dns, refusal, project } from "./dns-google-client-harness";

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
