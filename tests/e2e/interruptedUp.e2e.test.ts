/**
 * Interrupted runs converge (checkpoints written), at the size `npm test` runs: a few kills of `up`
 * and of an update of every TTL on a small zone. The full campaign (10 and 5 kills, 300 record sets)
 * is tests/campaign/interruptedUp.campaign.test.ts (`npm run test:campaign`).
 */
import { killCampaign } from "../support/killCampaign";

killCampaign({ file: "interruptedUp", checkpoints: "written", records: 60, ups: 3, then: { kind: "update", kills: 2 } });
