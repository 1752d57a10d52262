/**
 * The benchmark's floor (`npm run bench`): a dynamic provider that calls no API
 * and stores what it is given, loaded by a one-line serialized provider as the
 * SDK's are. What a step costs with it is the engine's own share (state files,
 * RPCs, plugin start-up); the benchmark compares the real provider against it.
 */
type Props = Record<string, unknown>;

const inputsOf = ({ __provider: _provider, ...inputs }: Props): Props => inputs;

export const provider = {
  async check(_olds: Props, news: Props): Promise<{ inputs: Props }> {
    return { inputs: news };
  },
  async diff(_id: string, olds: Props, news: Props): Promise<{ changes: boolean }> {
    return { changes: JSON.stringify(inputsOf(olds)) !== JSON.stringify(inputsOf(news)) };
  },
  async create(inputs: Props): Promise<{ id: string; outs: Props }> {
    const name = inputs["name"];
    return { id: typeof name === "string" ? name : "floor", outs: inputsOf(inputs) };
  },
  async read(id: string, props: Props): Promise<{ id: string; props: Props }> {
    return { id, props: inputsOf(props) };
  },
  async update(_id: string, _olds: Props, news: Props): Promise<{ outs: Props }> {
    return { outs: inputsOf(news) };
  },
  async delete(): Promise<void> {},
};
