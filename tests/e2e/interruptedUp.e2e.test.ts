/**
 * Interrupted runs converge (checkpoints written), at the size `npm test` runs: two kills of `up`
 * and two of an update of every TTL, on a zone of 30 record sets. The full campaign (10 and 5 kills, 300 record sets)
 * is tests/campaign/interruptedUp.campaign.test.ts (`npm run test:campaign`).
 */
import { killCampaign } from "../support/killCampaign";

killCampaign({ file: "interruptedUp", checkpoints: "written", records: 30, ups: 2, then: { kind: "update", kills: 2 } });
