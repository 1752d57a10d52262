/** The DNS client tests' shared set-up: the emulator, googleapis' dns_v1 client pointed at it, its schemas, and a caller that checks every answer against them and notes the methods called. */
import path from "node:path";
import { dns_v1 } from "googleapis/build/src/apis/dns/v1";
import { OAuth2Client } from "googleapis-common";
import type { ClientSchemas } from "../support/googleClientSchemas";
import { checkedCaller, kindedObjects, readClientSchemas } from "../support/googleClientSchemas";
import type { TestEmulator } from "./helpers";
import { PROJECT, startEmulator, TOKEN } from "./helpers";

jest.setTimeout(60_000);

/** Section A of the spec: every DNS method. */
export const SPEC_METHODS = [
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

export const NETWORK = "https://www.googleapis.com/compute/v1/projects/test-project/global/networks/default";
export const OTHER_NETWORK = "https://www.googleapis.com/compute/v1/projects/test-project/global/networks/other";
export const CLUSTER = "projects/test-project/locations/europe-west1/clusters/main";

export let client: ClientSchemas;
export let emulator: TestEmulator;
export let dns: dns_v1.Dns;
export const called = new Set<string>();
export const kindedSeen = new Set<string>();

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
export const call = checkedCaller(
  () => client,
  called,
  (schema, data) => {
    for (const { schema: kinded } of kindedObjects(client, schema, data)) kindedSeen.add(kinded);
  },
);

export interface ClientError {
  response?: { status: number; data: { error: { code: number; message: string; errors: Array<{ reason: string }> } } };
}

export async function refusal(run: () => Promise<unknown>): Promise<{ status: number; reason: string; message: string }> {
  try {
    await run();
  } catch (error) {
    const response = (error as ClientError).response;
    if (response === undefined) throw error;
    return { status: response.status, reason: response.data.error.errors[0]?.reason ?? "", message: response.data.error.message };
  }
  throw new Error("the request succeeded");
}

export const project = PROJECT;

/** Private zones with each nested config: forwarding, peering, reverse lookup, service directory. */
export const PRIVATE_ZONES: dns_v1.Schema$ManagedZone[] = [
  {
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
  {
    name: "peering",
    dnsName: "peer.internal.",
    description: "peering zone",
    visibility: "private",
    privateVisibilityConfig: { networks: [{ networkUrl: NETWORK }] },
    peeringConfig: { targetNetwork: { networkUrl: OTHER_NETWORK } },
  },
  {
    name: "reverse",
    dnsName: "10.in-addr.arpa.",
    description: "reverse lookup zone",
    visibility: "private",
    privateVisibilityConfig: { networks: [{ networkUrl: NETWORK }] },
    reverseLookupConfig: {},
  },
  {
    name: "directory",
    dnsName: "svc.internal.",
    description: "service directory zone",
    visibility: "private",
    privateVisibilityConfig: { networks: [{ networkUrl: NETWORK }] },
    serviceDirectoryConfig: {
      namespace: { namespaceUrl: "https://servicedirectory.googleapis.com/v1/projects/test-project/locations/europe-west1/namespaces/svc" },
    },
  },
];
