/** DNS management: zones, record sets, policies, response policies and rules, zone access policy. */
export {
  ManagedZoneIamBinding,
  ManagedZoneIamMember,
  ManagedZoneIamPolicy,
  type ManagedZoneIamBindingArgs,
  type ManagedZoneIamMemberArgs,
  type ManagedZoneIamPolicyArgs,
} from "./iam";
export { ManagedZone, type ManagedZoneArgs, type TargetNameServer } from "./managedZone";
export { Policy, type PolicyArgs } from "./policy";
export { RecordSet, type RecordSetArgs, type RoutingPolicy } from "./recordSet";
export { ResponsePolicy, type ResponsePolicyArgs } from "./responsePolicy";
export { ResponsePolicyRule, type LocalRecordSet, type ResponsePolicyRuleArgs } from "./responsePolicyRule";
export * from "./functions";
