#!/usr/bin/env node
// The server's entry: the Node version is checked before anything else loads (an older Node fails obscurely
// inside dependencies otherwise), then the server starts.
import { requireNode } from "./node-version.js";

requireNode();
await import("./server.js");
