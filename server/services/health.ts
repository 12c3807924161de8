import type { Services } from "./context";

/** True when the database answers a trivial query. */
export async function databaseIsUp({ db }: Services): Promise<boolean> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return true;
  } catch {
    return false;
  }
}
