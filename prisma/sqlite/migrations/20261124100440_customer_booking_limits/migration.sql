-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "passwordHash" TEXT,
    "googleId" TEXT,
    "profileCompleted" BOOLEAN NOT NULL DEFAULT false,
    "profilePicture" TEXT,
    "dateOfBirth" TEXT,
    "address" TEXT,
    "city" TEXT,
    "postalCode" TEXT,
    "nationality" TEXT,
    "idType" TEXT,
    "idNumber" TEXT,
    "driversLicenseNumber" TEXT,
    "driversLicenseImage" TEXT,
    "driversLicenseExpiryDate" TEXT,
    "passwordResetToken" TEXT,
    "passwordResetExpires" DATETIME,
    "maxActiveBookings" INTEGER,
    "maxRentalDays" INTEGER,
    "allowOverlappingBookings" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_users" ("address", "city", "createdAt", "dateOfBirth", "driversLicenseExpiryDate", "driversLicenseImage", "driversLicenseNumber", "email", "googleId", "id", "idNumber", "idType", "name", "nationality", "passwordHash", "passwordResetExpires", "passwordResetToken", "phone", "postalCode", "profileCompleted", "profilePicture", "updatedAt") SELECT "address", "city", "createdAt", "dateOfBirth", "driversLicenseExpiryDate", "driversLicenseImage", "driversLicenseNumber", "email", "googleId", "id", "idNumber", "idType", "name", "nationality", "passwordHash", "passwordResetExpires", "passwordResetToken", "phone", "postalCode", "profileCompleted", "profilePicture", "updatedAt" FROM "users";
DROP TABLE "users";
ALTER TABLE "new_users" RENAME TO "users";
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE UNIQUE INDEX "users_googleId_key" ON "users"("googleId");
CREATE UNIQUE INDEX "users_passwordResetToken_key" ON "users"("passwordResetToken");
CREATE INDEX "users_createdAt_idx" ON "users"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
