import * as pulumi from "@pulumi/pulumi";
export declare function providerSource(key: string): string;
export interface ResourceShape {
    readonly module: string;
    readonly name: string;
    readonly inputs: readonly string[];
    readonly outputs: readonly string[];
    readonly secretOutputs?: readonly string[];
    readonly autoNamed?: boolean;
}
export declare abstract class SvcResource extends pulumi.CustomResource {
    protected static hasType(obj: unknown, type: string): boolean;
    protected constructor(shape: ResourceShape, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined);
}
