// The benchmark's floor (`npm run bench`): a dynamic provider that calls no API and stores what it
// is given, loaded by a one-line serialized provider as the SDK's are. What a step costs with it
// is the engine's own share (state files, RPCs, plugin start-up); the benchmark compares the real
// provider against it. Plain JavaScript beside the program: the provider process loads it by path
// without ts-node, and it is no part of the package.
"use strict";

const inputsOf = ({ __provider: _provider, ...inputs }) => inputs;

exports.provider = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async diff(_id, olds, news) {
    return { changes: JSON.stringify(inputsOf(olds)) !== JSON.stringify(inputsOf(news)) };
  },
  async create(inputs) {
    const name = inputs["name"];
    return { id: typeof name === "string" ? name : "floor", outs: inputsOf(inputs) };
  },
  async read(id, props) {
    return { id, props: inputsOf(props) };
  },
  async update(_id, _olds, news) {
    return { outs: inputsOf(news) };
  },
  async delete() {},
};
