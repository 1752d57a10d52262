/**
 * The kill campaign, checkpoints written: `pulumi up` of examples/interrupted (300 record sets)
 * killed at 10 random moments, then an update of every TTL killed 5 times, each followed by
 * `svc-recover` and one `pulumi up`. `npm test` runs the same test at a small size
 * (tests/e2e/interruptedUp.e2e.test.ts).
 */
import { killCampaign } from "../support/killCampaign";

killCampaign({ file: "interruptedUp", checkpoints: "written", records: 300, ups: 10, then: { kind: "update", kills: 5 } });
