import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Full path of an executable on PATH, or undefined (like the shell's `which`). */
export function which(command: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
