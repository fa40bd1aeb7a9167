// @apar/adapters: the implementations of core's ports (SQL, memory, HTTP, reading, mail, ...), one folder each.
export {};
