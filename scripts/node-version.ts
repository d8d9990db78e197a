/**
 * The project runs on Node 24: the `node` dev dependency puts a Node 24 binary in
 * node_modules/.bin, which npm scripts find first. Started some other way (a global `tsx`,
 * an older Node on the PATH), it says so instead of failing somewhere obscure.
 */
export const REQUIRED_NODE_MAJOR = 24;

export function checkNodeVersion(version: string = process.version): { ok: boolean; message: string } {
  const major = Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
  return major >= REQUIRED_NODE_MAJOR
    ? { ok: true, message: `Node ${version}` }
    : { ok: false, message: `Node ${version} is too old: run through npm (npm start, npm test), which uses the project's Node ${REQUIRED_NODE_MAJOR} from node_modules/.bin.` };
}

/** Prints the version, or the reason to stop and exits. */
export function announceNodeVersion(): void {
  const { ok, message } = checkNodeVersion();
  if (!ok) {
    console.error(message);
    process.exit(1);
  }
  console.log(message);
}
