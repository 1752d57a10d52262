/**
 * Interrupted runs converge with checkpoints skipped, at the size `npm test` runs: two kills of
 * `up` and two of `destroy`, on a zone of 30 record sets; objects a killed run made are adopted by their ownership
 * record, never made twice or left behind. The full campaign (10 and 5 kills, 300 record sets) is
 * tests/campaign/interruptedSkipped.campaign.test.ts (`npm run test:campaign`).
 */
import { killCampaign } from "../support/killCampaign";

killCampaign({ file: "interruptedSkipped", checkpoints: "skipped", records: 30, ups: 2, then: { kind: "destroy", kills: 2 } });
