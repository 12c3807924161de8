// Run on install: links node_modules/.bin/rentals-cli to cli/main.ts, so `bunx rentals-cli`
// (and any script's PATH) finds the operator CLI in a clone. Package managers link the bins of
// dependencies, never the project's own.
import { chmodSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const binDir = join(root, "node_modules", ".bin");
const link = join(binDir, "rentals-cli");
mkdirSync(binDir, { recursive: true });
rmSync(link, { force: true });
symlinkSync(join("..", "..", "cli", "main.ts"), link);
chmodSync(join(root, "cli", "main.ts"), 0o755);
