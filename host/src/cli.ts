#!/usr/bin/env node
// The command line's entry: the Node version is checked before anything else loads, then the command runs.
import { requireNode } from "./node-version.js";

requireNode();
await import("./commands.js");
