/**
 * The CI API in the web console: projects -> checkout keys (public halves), SSH keys (hostname
 * and fingerprints only: the emulator never keeps the private half) and the users following it.
 */
import type { ObjectTree } from "../../console/tree";
import { decodedPath, isAtOrUnder, nodeKey } from "../../console/tree";
import type { LoggedRequest } from "../../recorder";
import { checkoutKeyWire } from "./resources";
import { CI_PREFIX } from "./routes";
import type { CiStore, ProjectEntry } from "./state";

/** Organisation and repository names match case-insensitively, as the API's do. */
function projectTouched(entry: ProjectEntry, request: LoggedRequest, below = ""): boolean {
  return isAtOrUnder(decodedPath(request).toLowerCase(), `${CI_PREFIX}/project/${entry.project.slug}${below}`.toLowerCase());
}

export function ciObjects(store: CiStore): ObjectTree {
  return () => {
    const follows = store.snapshot().follows;
    return [
      {
        title: "projects",
        nodes: store.allProjects().map((entry) => ({
          key: nodeKey("project", entry.project.slug.toLowerCase()),
          kind: "project",
          label: entry.project.slug,
          summary: `${entry.jobs.length} jobs, ${entry.checkoutKeys.length} checkout keys, ${entry.sshKeys.length} SSH keys`,
          wire: () => entry.project,
          touchedBy: (request: LoggedRequest) => projectTouched(entry, request),
          groups: () => [
            {
              title: "checkout keys",
              nodes: entry.checkoutKeys.map((key) => ({
                key: nodeKey("checkoutKey", key.sha256),
                kind: "checkout key",
                label: key.md5,
                summary: `${key.type}${entry.checkoutKeys[0] === key ? ", preferred" : ""}`,
                wire: () => checkoutKeyWire(key, "md5", entry.checkoutKeys[0] === key, "single"),
                touchedBy: (request: LoggedRequest) =>
                  projectTouched(entry, request, `/checkout-key/${key.md5}`) || projectTouched(entry, request, `/checkout-key/${key.sha256}`),
              })),
            },
            {
              title: "SSH keys",
              nodes: entry.sshKeys.map((key) => ({
                key: nodeKey("sshKey", entry.project.slug, key.hostname, key.sha256),
                kind: "SSH key",
                label: `${key.hostname} ${key.fingerprint}`,
                summary: key.sha256,
                wire: () => ({ hostname: key.hostname, fingerprint: key.fingerprint, sha256: key.sha256 }),
                touchedBy: (request: LoggedRequest) => projectTouched(entry, request, "/ssh-key"),
              })),
            },
            {
              title: "follows",
              nodes: follows
                .filter(({ projects }) => projects.includes(entry.project.slug.toLowerCase()))
                .map(({ login }) => ({
                  key: nodeKey("follow", login, entry.project.slug.toLowerCase()),
                  kind: "follow",
                  label: login,
                  wire: () => ({ login, project: entry.project.slug, following: true }),
                  touchedBy: (request: LoggedRequest) => projectTouched(entry, request, "/follow") || projectTouched(entry, request, "/unfollow"),
                })),
            },
          ],
        })),
      },
    ];
  };
}
