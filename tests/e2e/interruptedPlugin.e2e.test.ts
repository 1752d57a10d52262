/**
 * Interrupted runs of a provider-plugin (YAML) stack converge, at the size `npm test` runs: 2 kills
 * of `up`, one with the ownership records gone (tests/support/pluginKillCampaign.ts). The campaign
 * runs 10 (tests/campaign/interruptedPlugin.campaign.test.ts).
 */
import { pluginKillCampaign } from "../support/pluginKillCampaign";

pluginKillCampaign("interruptedPlugin", 2);
