import { test } from "bun:test";
import { createTestDatabase, testConfig } from "./testing/harness";
import { migrate, migrationStatus } from "./db/migrate";
test("probe", async () => {
  for (let i = 0; i < 5; i++) {
  const d = await createTestDatabase();
  try {
    const c = testConfig(d);
    console.log(await migrationStatus(c.database));
    const logs: string[] = [];
    console.log(await Promise.all([migrate(c.database, (l) => logs.push(l)), migrate(c.database, (l) => logs.push(l))]), logs);
    console.log(await migrationStatus(c.database));
  } finally { await d.drop(); }
  }
});
