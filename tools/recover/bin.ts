#!/usr/bin/env node
/**
 * The npm package's `svc-recover` bin. A release's plugin archive runs the same command on its own
 * Node.js, through the plugin's entry (plugin/main.ts, plugin/tools.ts): no Node.js needed.
 */
import { runAsBin } from "../bin";
import { main } from "./cli";

runAsBin("svc-recover", main);
