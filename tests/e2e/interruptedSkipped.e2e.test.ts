/**
 * Interrupted runs converge with checkpoints skipped, at the size `npm test` runs: a few kills of
 * `up` and of `destroy` on a small zone; objects a killed run made are adopted by their ownership
 * record, never made twice or left behind. The full campaign (10 and 5 kills, 300 record sets) is
 * tests/campaign/interruptedSkipped.campaign.test.ts (`npm run test:campaign`).
 */
import { killCampaign } from "../support/killCampaign";

killCampaign({ file: "interruptedSkipped", checkpoints: "skipped", records: 60, ups: 3, then: { kind: "destroy", kills: 2 } });
