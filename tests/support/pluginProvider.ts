/**
 * The provider plugin's gRPC service (plugin/server.ts), served in the test process and called
 * through a gRPC client the way the engine calls it, seen as a `DynamicProvider`, so the
 * conformance run (tests/support/conformanceRun.ts) drives it unchanged. An import is what the
 * engine does for `{ import }` and `pulumi import`: Read by the id alone, Check the inputs it
 * answers against the program's, Diff (nothing may differ), and no create.
 */
import * as grpc from "@grpc/grpc-js";
import type { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { Args, ResourceDeclaration, State } from "../../provider/engine/declaration/declaration";
import type { DynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import type { PropertyChangeKind } from "../../provider/engine/plan/diff";
import { serve } from "../../plugin/server";
import type { ProviderRuntime } from "../../provider/runtime";
import { resourceToken } from "../../provider/typeTokens";
import { reveal, toStruct, type Values } from "../../plugin/values";

const KIND_NAMES: Readonly<Record<number, PropertyChangeKind>> = {
  [provproto.PropertyDiff.Kind.ADD]: "add",
  [provproto.PropertyDiff.Kind.ADD_REPLACE]: "add-replace",
  [provproto.PropertyDiff.Kind.DELETE]: "delete",
  [provproto.PropertyDiff.Kind.DELETE_REPLACE]: "delete-replace",
  [provproto.PropertyDiff.Kind.UPDATE]: "update",
  [provproto.PropertyDiff.Kind.UPDATE_REPLACE]: "update-replace",
};

type Done<Res> = (error: grpc.ServiceError | null, response: Res) => void;

export interface PluginConnection {
  readonly client: provrpc.ResourceProviderClient;
  /** One unary call, started by `start` with the callback it resolves from. */
  call<Res>(start: (done: Done<Res>) => unknown): Promise<Res>;
}

/** Serves the plugin for the file's tests (started in beforeAll, stopped in afterAll). */
export function servedPlugin(runtime?: ProviderRuntime): { readonly current: PluginConnection } {
  let connection: PluginConnection | undefined;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const schema = readFileSync(path.join(__dirname, "..", "..", "plugin", "schema.json"), "utf8");
    const served = await serve(schema, "0.0.0-test", runtime);
    stop = served.stop;
    const client = new provrpc.ResourceProviderClient(`127.0.0.1:${served.port}`, grpc.credentials.createInsecure());
    connection = {
      client,
      call: <Res>(start: (done: Done<Res>) => unknown) =>
        new Promise<Res>((resolve, reject) => start((error, response) => (error === null ? resolve(response) : reject(error)))),
    };
  });
  afterAll(async () => {
    connection?.client.close();
    await stop?.();
  });
  return {
    get current(): PluginConnection {
      if (connection === undefined) throw new Error("the plugin is served from beforeAll on");
      return connection;
    },
  };
}

/** The plugin's configuration as the engine sends it (keys without `svc:`), secrets marked. */
export async function configurePlugin(plugin: PluginConnection, config: Values, secrets: readonly string[] = []): Promise<void> {
  const request = new provproto.ConfigureRequest().setArgs(toStruct(config, new Set(secrets))).setAcceptsecrets(true);
  await plugin.call<provproto.ConfigureResponse>((done) => plugin.client.configure(request, done));
}

/** The plugin's service for one declaration, as the conformance run drives a provider. */
export function pluginProvider(plugin: PluginConnection, declaration: ResourceDeclaration): DynamicProvider {
  const urn = `urn:pulumi:conformance::svc::${resourceToken(declaration)}::sample`;
  // A program's SDK makes the inputs declared secret Pulumi secrets before they leave it.
  const secrets = new Set(declaration.secretOutputs ?? []);
  const struct = (values: Values) => toStruct(values, secrets);
  const { client } = plugin;

  async function check(olds: Args, news: Args): Promise<{ inputs?: Args; failures?: { property: string; reason: string }[] }> {
    // The engine sends no import id to Check; it is kept beside the inputs for create, which then imports.
    const { __import: importId, ...given } = news;
    const response = await plugin.call<provproto.CheckResponse>((done) =>
      client.check(new provproto.CheckRequest().setUrn(urn).setOlds(struct(olds)).setNews(struct(given)), done),
    );
    const failures = response.getFailuresList().map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() }));
    if (failures.length > 0) return { failures };
    return { inputs: { ...reveal(response.getInputs()).values, ...(importId !== undefined && { __import: importId }) } };
  }

  async function diff(id: string, olds: State, news: Args) {
    const response = await plugin.call<provproto.DiffResponse>((done) =>
      client.diff(new provproto.DiffRequest().setUrn(urn).setId(id).setOlds(struct(olds)).setNews(struct(news)), done),
    );
    if (response.getChanges() !== provproto.DiffResponse.DiffChanges.DIFF_SOME) return { changes: false };
    const detailedDiff: Record<string, PropertyChangeKind> = {};
    response.getDetaileddiffMap().forEach((value, key) => (detailedDiff[key] = KIND_NAMES[value.getKind()] ?? "update"));
    const replaces = response.getReplacesList();
    return {
      changes: true,
      ...(replaces.length > 0 && { replaces }),
      ...(response.getDeletebeforereplace() && { deleteBeforeReplace: true }),
      detailedDiff,
    };
  }

  async function read(id: string, props: State): Promise<{ id?: string; props?: State; inputs?: Args }> {
    const response = await plugin.call<provproto.ReadResponse>((done) =>
      client.read(new provproto.ReadRequest().setUrn(urn).setId(id).setProperties(struct(props)), done),
    );
    if (response.getId() === "") return {};
    return { id: response.getId(), props: reveal(response.getProperties()).values, inputs: reveal(response.getInputs()).values };
  }

  return {
    async configure() {
      // The plugin reads its settings from its configuration and the environment (configurePlugin).
    },
    check,
    diff,
    async create(inputs) {
      const { __import: importId, ...given } = inputs;
      if (typeof importId !== "string") {
        const response = await plugin.call<provproto.CreateResponse>((done) =>
          client.create(new provproto.CreateRequest().setUrn(urn).setProperties(struct(given)), done),
        );
        return { id: response.getId(), outs: reveal(response.getProperties()).values };
      }
      // What the engine does for `pulumi import`: read by the id alone; the inputs it answers are the program it
      // writes, which must check and diff clean against what was read.
      const found = await read(importId, {});
      if (found.id === undefined) throw new Error(`resource '${importId}' does not exist`);
      const checkedInputs = await check(found.inputs ?? {}, found.inputs ?? {});
      if (checkedInputs.failures !== undefined) {
        // The engine imports all the same, with a warning to complete the code: only an input the API never answers may be missing.
        const unanswered = checkedInputs.failures.filter((failure) => failure.property in (found.inputs ?? {}));
        if (unanswered.length > 0) throw new Error(`import check failed: ${JSON.stringify(unanswered)}`);
        return { id: found.id, outs: found.props ?? {} };
      }
      const difference = await diff(found.id, found.props ?? {}, checkedInputs.inputs ?? {});
      if (difference.changes) throw new Error(`the imported inputs do not match the object read: ${JSON.stringify(difference)}`);
      return { id: found.id, outs: found.props ?? {} };
    },
    async read(id, props) {
      const { id: found, props: state } = await read(id, props);
      return found === undefined ? {} : { id: found, props: state ?? {} };
    },
    async update(id, olds, news) {
      const response = await plugin.call<provproto.UpdateResponse>((done) =>
        client.update(new provproto.UpdateRequest().setUrn(urn).setId(id).setOlds(struct(olds)).setNews(struct(news)), done),
      );
      return { outs: reveal(response.getProperties()).values };
    },
    async delete(id, props) {
      await plugin.call<Empty>((done) => client.delete(new provproto.DeleteRequest().setUrn(urn).setId(id).setProperties(struct(props)), done));
    },
  };
}
