/**
 * The Cloud DNS v1 route table: every method of the spec at its documented
 * path. Methods the emulator does not model yet answer 501 in Google's
 * envelope rather than pretending to succeed.
 */
import type { ApiCall, ApiHandler, ApiModule, ApiResult, ApiRoute, HttpMethod } from '../../api';
import { googleBearerAuth } from '../../google/auth';
import { notImplemented } from '../../google/errors';
import { createChange, getChange, listChanges } from './changes';
import type { DnsContext } from './context';
import {
  createManagedZone,
  deleteManagedZone,
  getManagedZone,
  getManagedZoneOperation,
  listManagedZoneOperations,
  listManagedZones,
  patchManagedZone,
  updateManagedZone,
} from './managed-zones';
import { getProject } from './projects';
import { createRecordSet, deleteRecordSet, getRecordSet, listRecordSets, patchRecordSet } from './record-sets';

const PROJECT = '/dns/v1/projects/:project';
const ZONES = `${PROJECT}/managedZones`;
const ZONE = `${ZONES}/:managedZone`;
const POLICIES = `${PROJECT}/policies`;
const RESPONSE_POLICIES = `${PROJECT}/responsePolicies`;
const RULES = `${RESPONSE_POLICIES}/:responsePolicy/rules`;

export interface DnsApiOptions {
  context: DnsContext;
  /** Accepted bearer tokens; any non-empty token when absent or empty. */
  tokens?: readonly string[];
}

export function createDnsApi({ context, tokens }: DnsApiOptions): ApiModule {
  const route = (
    method: HttpMethod,
    pattern: string,
    operation: string,
    handler: (context: DnsContext, call: ApiCall) => ApiResult,
  ): ApiRoute => ({ method, pattern, operation, handle: (call) => handler(context, call) });

  const routes: ApiRoute[] = [
    route('GET', PROJECT, 'dns.projects.get', getProject),

    route('POST', ZONES, 'dns.managedZones.create', createManagedZone),
    route('GET', ZONES, 'dns.managedZones.list', listManagedZones),
    route('GET', ZONE, 'dns.managedZones.get', getManagedZone),
    route('PATCH', ZONE, 'dns.managedZones.patch', patchManagedZone),
    route('PUT', ZONE, 'dns.managedZones.update', updateManagedZone),
    route('DELETE', ZONE, 'dns.managedZones.delete', deleteManagedZone),

    route('GET', `${ZONE}/operations`, 'dns.managedZoneOperations.list', listManagedZoneOperations),
    route('GET', `${ZONE}/operations/:operation`, 'dns.managedZoneOperations.get', getManagedZoneOperation),

    route('POST', `${ZONE}/rrsets`, 'dns.resourceRecordSets.create', createRecordSet),
    route('GET', `${ZONE}/rrsets`, 'dns.resourceRecordSets.list', listRecordSets),
    route('GET', `${ZONE}/rrsets/:name/:type`, 'dns.resourceRecordSets.get', getRecordSet),
    route('PATCH', `${ZONE}/rrsets/:name/:type`, 'dns.resourceRecordSets.patch', patchRecordSet),
    route('DELETE', `${ZONE}/rrsets/:name/:type`, 'dns.resourceRecordSets.delete', deleteRecordSet),

    route('POST', `${ZONE}/changes`, 'dns.changes.create', createChange),
    route('GET', `${ZONE}/changes`, 'dns.changes.list', listChanges),
    route('GET', `${ZONE}/changes/:changeId`, 'dns.changes.get', getChange),

    ...notImplementedRoutes(),
  ];

  return {
    name: 'dns',
    pathPrefixes: ['/dns/v1/'],
    errorFamily: 'google',
    authenticate: googleBearerAuth(tokens),
    routes,
  };
}

/** Spec methods left for a later task (dnsKeys, IAM, policies, response policies and their rules). */
function notImplementedRoutes(): ApiRoute[] {
  const stub = (method: HttpMethod, pattern: string, operation: string, routerPath?: string): ApiRoute => {
    const handle: ApiHandler = () => {
      throw notImplemented(operation);
    };
    return routerPath === undefined ? { method, pattern, operation, handle } : { method, pattern, operation, handle, routerPath };
  };
  // Google custom methods (`resource:verb`): find-my-way needs the parameter bounded by a regex and the colon doubled.
  const zoneCustomMethodRouterPath = (verb: string): string => `${ZONES}/:managedZone(^[^:]+)::${verb}`;
  return [
    stub('GET', `${ZONE}/dnsKeys`, 'dns.dnsKeys.list'),
    stub('GET', `${ZONE}/dnsKeys/:dnsKeyId`, 'dns.dnsKeys.get'),

    stub('POST', `${ZONE}:getIamPolicy`, 'dns.managedZones.getIamPolicy', zoneCustomMethodRouterPath('getIamPolicy')),
    stub('POST', `${ZONE}:setIamPolicy`, 'dns.managedZones.setIamPolicy', zoneCustomMethodRouterPath('setIamPolicy')),
    stub(
      'POST',
      `${ZONE}:testIamPermissions`,
      'dns.managedZones.testIamPermissions',
      zoneCustomMethodRouterPath('testIamPermissions'),
    ),

    stub('POST', POLICIES, 'dns.policies.create'),
    stub('GET', POLICIES, 'dns.policies.list'),
    stub('GET', `${POLICIES}/:policy`, 'dns.policies.get'),
    stub('PATCH', `${POLICIES}/:policy`, 'dns.policies.patch'),
    stub('PUT', `${POLICIES}/:policy`, 'dns.policies.update'),
    stub('DELETE', `${POLICIES}/:policy`, 'dns.policies.delete'),

    stub('POST', RESPONSE_POLICIES, 'dns.responsePolicies.create'),
    stub('GET', RESPONSE_POLICIES, 'dns.responsePolicies.list'),
    stub('GET', `${RESPONSE_POLICIES}/:responsePolicy`, 'dns.responsePolicies.get'),
    stub('PATCH', `${RESPONSE_POLICIES}/:responsePolicy`, 'dns.responsePolicies.patch'),
    stub('PUT', `${RESPONSE_POLICIES}/:responsePolicy`, 'dns.responsePolicies.update'),
    stub('DELETE', `${RESPONSE_POLICIES}/:responsePolicy`, 'dns.responsePolicies.delete'),

    stub('POST', RULES, 'dns.responsePolicyRules.create'),
    stub('GET', RULES, 'dns.responsePolicyRules.list'),
    stub('GET', `${RULES}/:responsePolicyRule`, 'dns.responsePolicyRules.get'),
    stub('PATCH', `${RULES}/:responsePolicyRule`, 'dns.responsePolicyRules.patch'),
    stub('PUT', `${RULES}/:responsePolicyRule`, 'dns.responsePolicyRules.update'),
    stub('DELETE', `${RULES}/:responsePolicyRule`, 'dns.responsePolicyRules.delete'),
  ];
}
