// Resolver settings of a corporate network: a DNS server policy (inbound
// forwarding, an alternative name server) and a response policy that answers
// for an internal API name and lets a CDN name through.
//
// Every property the tests change is configurable; `<resource>Import` config
// keys adopt existing objects with the `import` option.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const network = (name: string): { networkUrl: string } => ({
  networkUrl: `https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/${name}`,
});
const adopt = (key: string): pulumi.CustomResourceOptions | undefined => {
  const id = config.get(key);
  return id === undefined ? undefined : { import: id };
};

const policy = new svc.dns.Policy(
  "resolver-policy",
  {
    name: config.get("policyName") ?? "corp-resolver",
    description: config.get("policyDescription") ?? "Resolver policy of the corporate network",
    enableInboundForwarding: config.getBoolean("inboundForwarding") ?? true,
    enableLogging: config.getBoolean("policyLogging") ?? false,
    networks: [network(config.get("policyNetwork") ?? "corp")],
    alternativeNameServerConfig: { targetNameServers: [{ ipv4Address: config.get("resolver") ?? "10.0.0.53" }] },
  },
  adopt("policyImport"),
);

const responsePolicy = new svc.dns.ResponsePolicy(
  "overrides",
  {
    responsePolicyName: config.get("responsePolicyName") ?? "corp-overrides",
    description: config.get("responsePolicyDescription") ?? "Answers for internal names",
    networks: [network(config.get("responsePolicyNetwork") ?? "corp")],
    labels: { team: config.get("team") ?? "network" },
  },
  adopt("responsePolicyImport"),
);

const domain = config.get("domain") ?? "corp.example.";

const internalApi = new svc.dns.ResponsePolicyRule(
  "internal-api",
  {
    responsePolicy: responsePolicy.responsePolicyName,
    ruleName: config.get("ruleName") ?? "internal-api",
    dnsName: `api.${domain}`,
    localData: { localDatas: [{ name: `api.${domain}`, type: "A", ttl: 300, rrdatas: [config.get("apiAddress") ?? "10.1.2.3"] }] },
  },
  adopt("ruleImport"),
);

new svc.dns.ResponsePolicyRule("cdn-bypass", {
  responsePolicy: responsePolicy.responsePolicyName,
  ruleName: "cdn-bypass",
  dnsName: `cdn.${domain}`,
  behavior: "bypassResponsePolicy",
});

export const policyId = policy.policyId;
export const responsePolicyId = responsePolicy.responsePolicyId;
export const internalApiRule = internalApi.id;
