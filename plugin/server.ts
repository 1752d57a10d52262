/**
 * The ResourceProvider gRPC service (the engine's provider protocol, from @pulumi/pulumi's
 * generated proto modules) over plugin/provider.ts. Written here rather than taken from
 * `@pulumi/pulumi/provider`, whose server drops the detailed diff, ignores the configuration and
 * cannot import: this one answers each changed property and what happens to it, configures from
 * the provider's settings with their secrets, and reads by id alone.
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { clip } from "../provider/engine/declaration/excerpt";
import type { PropertyChangeKind } from "../provider/engine/plan/diff";
import { pluginOperations, type Marked } from "./provider";
import { invoker } from "./invoke";
import { ProviderRuntime } from "../provider/runtime";
import { reveal, toStruct } from "./values";

const KINDS: Readonly<Record<PropertyChangeKind, provproto.PropertyDiff.Kind>> = {
  add: provproto.PropertyDiff.Kind.ADD,
  "add-replace": provproto.PropertyDiff.Kind.ADD_REPLACE,
  delete: provproto.PropertyDiff.Kind.DELETE,
  "delete-replace": provproto.PropertyDiff.Kind.DELETE_REPLACE,
  update: provproto.PropertyDiff.Kind.UPDATE,
  "update-replace": provproto.PropertyDiff.Kind.UPDATE_REPLACE,
};

/** An error for the engine: its message (bounded), never a stack (it may quote values). */
function failure(error: unknown): grpc.ServiceError {
  const message = clip(error instanceof Error ? error.message : String(error), 4000);
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata: new grpc.Metadata() });
}

/** One unary handler: the work, and its answer or error. */
function unary<Req, Res>(work: (request: Req) => Promise<Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    work(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => callback(failure(error), null),
    );
  };
}

function checkResponse(result: { inputs?: Marked; failures?: readonly { property: string; reason: string }[] }): provproto.CheckResponse {
  const response = new provproto.CheckResponse();
  if (result.inputs !== undefined) response.setInputs(toStruct(result.inputs.values, result.inputs.secrets));
  response.setFailuresList(
    (result.failures ?? []).map((failed) => {
      const item = new provproto.CheckFailure();
      item.setProperty(failed.property);
      item.setReason(failed.reason);
      return item;
    }),
  );
  return response;
}

/** The service's handlers, in `runtime` (the plugin process's); `schema` is the package schema's text, `version` the plugin's. */
export function handlers(schema: string, version: string, runtime: ProviderRuntime): Partial<provrpc.IResourceProviderServer> {
  const provider = pluginOperations(runtime);
  const invoke = invoker(runtime);
  return {
    getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(version)),
    getSchema: unary(async (request: provproto.GetSchemaRequest) => {
      if (request.getVersion() !== 0) throw new Error(`unsupported schema version ${request.getVersion()}`);
      return new provproto.GetSchemaResponse().setSchema(schema);
    }),
    // The settings are checked where they are used (check, invokes), naming the key and the environment variable.
    checkConfig: unary(async (request: provproto.CheckRequest) => new provproto.CheckResponse().setInputs(request.getNews())),
    diffConfig: unary(async (request: provproto.DiffRequest) => {
      const olds = JSON.stringify(reveal(request.getOlds()).values);
      const news = JSON.stringify(reveal(request.getNews()).values);
      const changes = olds === news ? provproto.DiffResponse.DiffChanges.DIFF_NONE : provproto.DiffResponse.DiffChanges.DIFF_SOME;
      return new provproto.DiffResponse().setChanges(changes);
    }),
    configure: unary(async (request: provproto.ConfigureRequest) => {
      provider.configure(reveal(request.getArgs()));
      const response = new provproto.ConfigureResponse();
      // Secrets come marked and go back marked (values.ts); no preview of creates and updates (nothing to say before they run).
      response.setAcceptsecrets(true);
      response.setSupportspreview(false);
      return response;
    }),
    check: unary(async (request: provproto.CheckRequest) =>
      checkResponse(await provider.check(request.getUrn(), reveal(request.getOlds()), reveal(request.getNews()))),
    ),
    diff: unary(async (request: provproto.DiffRequest) => {
      const result = await provider.diff(request.getUrn(), request.getId(), reveal(request.getOlds()), reveal(request.getNews()));
      const response = new provproto.DiffResponse();
      response.setChanges(result.changes ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE);
      response.setReplacesList([...result.replaces]);
      response.setDeletebeforereplace(result.deleteBeforeReplace);
      response.setDiffsList(Object.keys(result.detailedDiff));
      response.setHasdetaileddiff(true);
      const detailed = response.getDetaileddiffMap();
      for (const [property, kind] of Object.entries(result.detailedDiff)) {
        detailed.set(property, new provproto.PropertyDiff().setKind(KINDS[kind]).setInputdiff(true));
      }
      return response;
    }),
    create: unary(async (request: provproto.CreateRequest) => {
      const { id, outs } = await provider.create(request.getUrn(), reveal(request.getProperties()));
      return new provproto.CreateResponse().setId(id).setProperties(toStruct(outs.values, outs.secrets));
    }),
    read: unary(async (request: provproto.ReadRequest) => {
      const result = await provider.read(request.getUrn(), request.getId(), reveal(request.getProperties()), reveal(request.getInputs()));
      const response = new provproto.ReadResponse();
      if (result.id === undefined || result.props === undefined) return response;
      response.setId(result.id).setProperties(toStruct(result.props.values, result.props.secrets));
      if (result.inputs !== undefined) response.setInputs(toStruct(result.inputs.values, result.inputs.secrets));
      return response;
    }),
    update: unary(async (request: provproto.UpdateRequest) => {
      const outs = await provider.update(request.getUrn(), request.getId(), reveal(request.getOlds()), reveal(request.getNews()));
      return new provproto.UpdateResponse().setProperties(toStruct(outs.values, outs.secrets));
    }),
    delete: unary(async (request: provproto.DeleteRequest) => {
      await provider.remove(request.getUrn(), request.getId(), reveal(request.getProperties()));
      return new Empty();
    }),
    invoke: unary(async (request: provproto.InvokeRequest) => {
      const outputs = await invoke(request.getTok(), reveal(request.getArgs()).values);
      return new provproto.InvokeResponse().setReturn(toStruct(outputs));
    }),
    cancel: unary(async () => new Empty()),
  };
}

/** Serves the provider on a local port, in `runtime` (a plugin process makes one where it starts); resolves to the port and a way to stop. */
export async function serve(
  schema: string,
  version: string,
  runtime: ProviderRuntime = new ProviderRuntime(),
): Promise<{ port: number; stop: () => Promise<void> }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(provrpc.ResourceProviderService, handlers(schema, version, runtime) as provrpc.IResourceProviderServer);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error === null ? resolve(bound) : reject(error))),
  );
  return { port, stop: () => new Promise((resolve) => server.tryShutdown(() => resolve())) };
}
