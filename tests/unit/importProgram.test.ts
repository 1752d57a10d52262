/** What `svc-import` writes, as pure functions: names, literals, order, and the declarations it reads. */
import { isAdoptable } from "../../provider/engine/declaration/adoption";
import { typeKey } from "../../provider/engine/declaration/declaration";
import { matchTemplate, placeholders } from "../../provider/engine/declaration/template";
import { declarations } from "../../provider/registry";
import { adoptableOf } from "../../tools/import/discover";
import { identifier, importFile, literal, naturalCompare, type Named } from "../../tools/import/program";
import type { Found } from "../../tools/import/discover";
import { declarationFor } from "../../provider/registry";

describe("names", () => {
  it.each([
    ["www.example.com._A", "www_example_com_A"],
    ["*.example.com._A", "wildcard_example_com_A"],
    ["2fa.example._TXT", "_2fa_example_TXT"],
    ["default", "default_"],
    ["...", "object"],
    ["Team calendar", "Team_calendar"],
  ])("%s is the identifier %s", (text, expected) => {
    expect(identifier(text)).toBe(expected);
  });
});

describe("values as TypeScript", () => {
  it("writes record data with double quotes in single quotes, and other strings as JSON", () => {
    expect(literal('"v=spf1 -all"', "")).toBe(`'"v=spf1 -all"'`);
    expect(literal('it\'s "quoted"', "")).toBe(JSON.stringify('it\'s "quoted"'));
    expect(literal("a\\b", "")).toBe('"a\\\\b"');
  });

  it("writes short lists on one line, objects with sorted keys one member per line", () => {
    expect(literal(["192.0.2.1", "192.0.2.2"], "")).toBe('["192.0.2.1", "192.0.2.2"]');
    expect(literal({ wrr: { items: [{ weight: 1, rrdatas: ["192.0.2.1"] }] } }, "")).toBe(
      '{\n  wrr: {\n    items: [\n      {\n        rrdatas: ["192.0.2.1"],\n        weight: 1,\n      },\n    ],\n  },\n}',
    );
    expect(literal({ "team-name": "web" }, "")).toBe('{\n  "team-name": "web",\n}');
  });

  it("evaluates back to the value", () => {
    const value = { a: ['"x" "y"', "it's"], b: { c: 1, d: true, e: null } };
    expect(eval(`(${literal(value, "")})`)).toEqual(value);
  });
});

describe("order", () => {
  it("is natural: host2 before host10, and the same however the input is ordered", () => {
    const ids = ["host10.example./A", "host2.example./A", "host1.example./AAAA", "host1.example./A"];
    expect([...ids].sort(naturalCompare)).toEqual(["host1.example./A", "host1.example./AAAA", "host2.example./A", "host10.example./A"]);
    expect([...ids].reverse().sort(naturalCompare)).toEqual([...ids].sort(naturalCompare));
  });
});

describe("the declarations svc-import reads", () => {
  it("every resource says how its objects are found, or why they never are", () => {
    expect(declarations.filter((declaration) => declaration.adoption === undefined).map(typeKey)).toEqual([]);
  });

  it("every listing's placeholders come from its scope, its parent or the listed item, and a parent is listed first", () => {
    for (const declaration of declarations) {
      const adoption = declaration.adoption;
      if (!isAdoptable(adoption)) continue;
      const given = new Set([...(adoption.scope === undefined ? [] : placeholders(adoption.scope.pattern)), ...Object.keys(adoption.under?.from ?? {})]);
      // A child shares its parent's scope.
      const parent = declarations.find((other) => typeKey(other) === adoption.under?.type);
      if (parent !== undefined && isAdoptable(parent.adoption) && parent.adoption.scope !== undefined) {
        for (const name of placeholders(parent.adoption.scope.pattern)) given.add(name);
      }
      for (const name of placeholders(adoption.list?.path ?? ""))
        expect({ type: typeKey(declaration), name, given: given.has(name) }).toEqual({ type: typeKey(declaration), name, given: true });
      const fromItem = "idField" in adoption.identity ? placeholders(declaration.id.format) : Object.keys(adoption.identity);
      for (const name of placeholders(declaration.id.format)) {
        expect({ type: typeKey(declaration), name, known: given.has(name) || fromItem.includes(name) }).toEqual({
          type: typeKey(declaration),
          name,
          known: true,
        });
      }
      if (adoption.under !== undefined) {
        const order = adoptableOf(declaration.api).map(typeKey);
        expect(order.indexOf(adoption.under.type)).toBeLessThan(order.indexOf(typeKey(declaration)));
      }
      if (adoption.scope !== undefined) expect(matchTemplate(adoption.scope.pattern, adoption.scope.example)).toBeDefined();
    }
  });
});

describe("a Pulumi import file (--format import-file)", () => {
  it("names each object by the provider plugin's type token, its name and its id, for pulumi import --file", () => {
    const found = { declaration: declarationFor("dns:RecordSet"), id: "projects/p/managedZones/z/rrsets/www.example./A" } as unknown as Found;
    const named: Named[] = [{ found, variable: "www_example_A" }];
    expect(importFile(named)).toEqual({
      resources: [{ type: "svc:dns/recordSet:RecordSet", name: "www_example_A", id: "projects/p/managedZones/z/rrsets/www.example./A" }],
    });
  });
});
