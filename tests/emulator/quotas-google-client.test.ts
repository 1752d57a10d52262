/**
 * The quota emulator as Google's own Cloud Quotas client sees it. googleapis@188
 * (Node) has no cloudquotas client, so this drives the apitools client the Google
 * Cloud SDK bundles (`generated_clients/apis/cloudquotas/{v1,v1beta}`), through
 * tests/support/gcloud/cloudquotas_client.py: every answer is decoded into the
 * client's typed messages and any field they do not know is reported. Skipped, saying
 * so, on a machine without the Cloud SDK (set GCLOUD_SDK_LIB to its `lib` folder).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestEmulator } from './helpers';
import { startEmulator, TOKEN } from './helpers';

const SDK_LIB = process.env['GCLOUD_SDK_LIB'] ?? '/usr/lib/google-cloud-sdk/lib';
const CLIENT = path.join(__dirname, '../support/gcloud/cloudquotas_client.py');
const haveClient = existsSync(path.join(SDK_LIB, 'googlecloudsdk/generated_clients/apis/cloudquotas/v1'));
if (!haveClient) console.warn(`quotas-google-client: skipped, no Cloud SDK client at ${SDK_LIB} (set GCLOUD_SDK_LIB)`);

interface ClientRun {
  problems: string[];
  results: Record<string, Record<string, unknown>>;
}

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ tokens: [TOKEN], quotas: { reconcileMs: 60_000 } });
});
afterAll(() => emulator.close());

(haveClient ? it : it.skip)('answers every call of the Cloud SDK client (v1 and v1beta) in its message types, int64 above 2^53 intact', async () => {
  const { stdout } = await promisify(execFile)('python3', [CLIENT, emulator.baseUrl, TOKEN, SDK_LIB], { timeout: 60_000 });
  const run = JSON.parse(stdout) as ClientRun;
  expect(run.problems).toEqual([]);
  const { results } = run;
  expect(results['create']).toEqual(expect.objectContaining({
    name: 'projects/client-project/locations/global/quotaPreferences/client-cpus',
    reconciling: true,
    quotaConfig: expect.objectContaining({ preferredValue: '9007199254740993', grantedValue: '24' }),
  }));
  expect(results['create']).not.toHaveProperty('contactEmail');
  expect(results['patch']).toEqual(expect.objectContaining({ justification: 'changed' }));
  expect(results['stale']).toEqual(expect.objectContaining({ status: 409, error: expect.objectContaining({ status: 'ABORTED' }) }));
  expect((results['list']?.['quotaPreferences'] as unknown[]).length).toBe(1);
  expect((results['infos']?.['quotaInfos'] as unknown[]).length).toBe(3);
  expect(typeof results['infos']?.['nextPageToken']).toBe('string');
  expect(results['info']).toEqual(expect.objectContaining({ quotaId: 'CPUS-per-project-region', containerType: 'PROJECT' }));
  expect(results['folderCreate']).toEqual(expect.objectContaining({ name: 'folders/456789012345/locations/global/quotaPreferences/client-networks' }));
  expect(results['settings']).toEqual(expect.objectContaining({ inherited: true, inheritedFrom: 'folders/456789012345', enablement: 'DISABLED' }));
  expect(results['settingsPatch']).toEqual(expect.objectContaining({ enablement: 'ENABLED' }));
});
