/**
 * The kill campaign through the provider plugin: `pulumi up` of examples/plugin-interrupted (YAML)
 * killed 10 times, one with the ownership records gone, each followed by `svc-recover` and one `up`.
 * `npm test` runs 3 (tests/e2e/interruptedPlugin.e2e.test.ts).
 */
import { pluginKillCampaign } from "../support/pluginKillCampaign";

pluginKillCampaign("interruptedPlugin", 10);
