// The acceptance run's program (tests/acceptance/run.ts): each resource of the configuration
// `resources` through the dynamic SDK, `{{parents[i].x}}` as the output x of its i-th parent, and
// `import` as the resource option. JavaScript, so no engine run compiles it.
"use strict";
const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");

const config = new pulumi.Config();
const resources = JSON.parse(config.require("resources"));
const made = new Map();
const PARENT_OUTPUT = /^\{\{parents\[(\d+)\]\.([A-Za-z][A-Za-z0-9]*)\}\}$/;

for (const { name, key, inputs, parents, import: importId } of resources) {
  const [module, type] = key.split(":");
  const Resource = svc[module] && svc[module][type];
  if (Resource === undefined) throw new Error(`the acceptance program has no svc.${module}.${type}`);
  const ofParents = parents.map((parent) => made.get(parent));
  const resolve = (value) => {
    if (typeof value === "string") {
      const match = PARENT_OUTPUT.exec(value);
      return match === null ? value : ofParents[Number(match[1])][match[2]];
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  made.set(name, new Resource(name, resolve(inputs), { dependsOn: ofParents, ...(importId !== undefined && { import: importId }) }));
}

module.exports = { ids: Object.fromEntries([...made].map(([name, resource]) => [name, resource.id])) };
