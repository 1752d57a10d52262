/**
 * The CircleCI providers' key resources, of the community providers that manage them through the
 * v1.1 API this package speaks: `circleci_checkout_key` (kelvintaywl/circleci: `project_slug`
 * such as `gh/acme/api`, `type` `deploy-key` or `user-key`, the server's `fingerprint`; the same
 * type of providers that take the organization from their configuration names only `project`,
 * which the state cannot complete), `circleci_ssh_key` (which the API cannot read back) and the
 * v1.1 `circleci_project` (`vcs_type`, `username`, `name`: the caller following the project).
 *
 * The VCS kinds: the service's `gh`/`github` is this API's `vcs-a` and `bb`/`bitbucket` its
 * `vcs-b` (the spec names the hosting kinds so); a slug of another kind (`circleci/<org-id>/...`,
 * a GitLab or GitHub App project) has no v1.1 path and is not mapped.
 */
import type { Attributes, TerraformMapping } from "./mapping";
import { text } from "./values";

const VCS_KINDS: Readonly<Record<string, string>> = { gh: "vcs-a", github: "vcs-a", "vcs-a": "vcs-a", bb: "vcs-b", bitbucket: "vcs-b", "vcs-b": "vcs-b" };

/** `gh/acme/api` as the project's three inputs; undefined when it is not a v1.1 project slug. */
function slugParts(slug: unknown): { vcsType: string; username: string; project: string } | undefined {
  const match = /^([^/]+)\/([^/]+)\/([^/]+)$/.exec(typeof slug === "string" ? slug : "");
  const vcsType = match === null ? undefined : VCS_KINDS[match[1]!.toLowerCase()];
  return match === null || vcsType === undefined ? undefined : { vcsType, username: match[2]!, project: match[3]! };
}

const slugProblem = (attributes: Attributes): string | undefined => {
  if (typeof attributes["project_slug"] !== "string")
    return "the state names the project without its VCS kind and organization (they come from this provider's configuration, which the state does not hold)";
  return slugParts(attributes["project_slug"]) === undefined
    ? `project_slug ${JSON.stringify(attributes["project_slug"])} is not a project of the v1.1 API (gh/<org>/<project> or bb/<org>/<project>)`
    : undefined;
};

export const CIRCLECI_MAPPINGS: readonly TerraformMapping[] = [
  {
    type: "circleci_checkout_key",
    resource: "ci:CheckoutKey",
    providers: ["circleci"],
    inputs: {
      vcsType: (attributes) => slugParts(attributes["project_slug"])?.vcsType,
      username: (attributes) => slugParts(attributes["project_slug"])?.username,
      project: (attributes) => slugParts(attributes["project_slug"])?.project,
      // The provider says `user-key` where this API's listing says `vcs-user-key`.
      type: (attributes) => (attributes["type"] === "user-key" || attributes["type"] === "github-user-key" ? "vcs-user-key" : attributes["type"]),
    },
    ignore: ["id", "project_slug", "fingerprint", "public_key", "preferred", "created_at"],
    identity: (attributes) => (typeof attributes["fingerprint"] === "string" ? { fingerprint: attributes["fingerprint"] } : undefined),
    refuse: slugProblem,
  },
  {
    type: "circleci_project",
    resource: "ci:ProjectFollow",
    providers: ["circleci"],
    inputs: {
      vcsType: (attributes) => VCS_KINDS[text(attributes["vcs_type"]).toLowerCase()],
      project: "name",
    },
    ignore: ["id", "name", "vcs_type"],
    refuse: (attributes) =>
      typeof attributes["vcs_type"] === "string" && typeof attributes["username"] === "string" && typeof attributes["name"] === "string"
        ? VCS_KINDS[attributes["vcs_type"].toLowerCase()] === undefined
          ? `vcs_type ${JSON.stringify(attributes["vcs_type"])} is not a VCS kind of the v1.1 API (github or bitbucket)`
          : undefined
        : "this provider's circleci_project is a project of the v2 API (made, not followed), which pulumi-svc does not manage",
  },
];
