// The tool catalogue the MCP endpoint and the agents share, with what each tool may do.
export * from "./catalogue.js";
export * from "./runner.js";
export * from "./tool.js";
