// @apar/host: configuration, the inversify container, process roles, the CLI and the first start.
export {};
