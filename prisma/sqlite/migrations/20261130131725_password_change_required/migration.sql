-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_admin_users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'admin',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "passwordChangeRequired" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_admin_users" ("createdAt", "email", "firstName", "id", "isActive", "lastName", "passwordHash", "role", "updatedAt") SELECT "createdAt", "email", "firstName", "id", "isActive", "lastName", "passwordHash", "role", "updatedAt" FROM "admin_users";
DROP TABLE "admin_users";
ALTER TABLE "new_admin_users" RENAME TO "admin_users";
CREATE UNIQUE INDEX "admin_users_email_key" ON "admin_users"("email");
CREATE TABLE "new_dealerships" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "dealershipCode" TEXT NOT NULL,
    "companyName" TEXT NOT NULL,
    "contactEmail" TEXT NOT NULL,
    "contactPhone" TEXT,
    "contactPerson" TEXT NOT NULL,
    "address" TEXT,
    "city" TEXT,
    "passwordHash" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "passwordChangeRequired" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_dealerships" ("address", "city", "companyName", "contactEmail", "contactPerson", "contactPhone", "createdAt", "dealershipCode", "id", "isActive", "passwordHash", "updatedAt") SELECT "address", "city", "companyName", "contactEmail", "contactPerson", "contactPhone", "createdAt", "dealershipCode", "id", "isActive", "passwordHash", "updatedAt" FROM "dealerships";
DROP TABLE "dealerships";
ALTER TABLE "new_dealerships" RENAME TO "dealerships";
CREATE UNIQUE INDEX "dealerships_dealershipCode_key" ON "dealerships"("dealershipCode");
CREATE UNIQUE INDEX "dealerships_contactEmail_key" ON "dealerships"("contactEmail");
CREATE TABLE "new_drivers" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "passwordChangeRequired" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_drivers" ("createdAt", "email", "id", "isActive", "name", "passwordHash", "phone", "updatedAt") SELECT "createdAt", "email", "id", "isActive", "name", "passwordHash", "phone", "updatedAt" FROM "drivers";
DROP TABLE "drivers";
ALTER TABLE "new_drivers" RENAME TO "drivers";
CREATE UNIQUE INDEX "drivers_email_key" ON "drivers"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
