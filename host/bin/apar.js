#!/usr/bin/env node
// `npx apar`: the CLI from the built output (run `npm run build` first), or `npm run apar -- <command>` from source.
import "../dist/cli.js";
