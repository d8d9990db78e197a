import { announceNodeVersion } from '../../scripts/node-version.ts';

/** Every test project starts by printing the Node it runs on (and stops on an older one). */
export default function setup(): void {
  announceNodeVersion();
}
