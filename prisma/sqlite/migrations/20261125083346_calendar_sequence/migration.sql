-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_bookings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "vehicleId" TEXT,
    "category" TEXT NOT NULL,
    "transmission" TEXT NOT NULL DEFAULT 'manual',
    "pickupDate" DATETIME NOT NULL,
    "returnDate" DATETIME NOT NULL,
    "deliveryLocation" TEXT NOT NULL,
    "deliveryCoordinates" TEXT NOT NULL,
    "deliveryVerified" BOOLEAN NOT NULL DEFAULT true,
    "returnLocation" TEXT NOT NULL,
    "returnCoordinates" TEXT NOT NULL,
    "returnVerified" BOOLEAN NOT NULL DEFAULT true,
    "totalAmount" DECIMAL NOT NULL,
    "duration" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'confirmed',
    "specialRequests" TEXT,
    "calendarSequence" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "bookings_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "bookings_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "vehicles" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_bookings" ("category", "createdAt", "deliveryCoordinates", "deliveryLocation", "deliveryVerified", "duration", "id", "pickupDate", "returnCoordinates", "returnDate", "returnLocation", "returnVerified", "specialRequests", "status", "totalAmount", "transmission", "updatedAt", "userId", "vehicleId") SELECT "category", "createdAt", "deliveryCoordinates", "deliveryLocation", "deliveryVerified", "duration", "id", "pickupDate", "returnCoordinates", "returnDate", "returnLocation", "returnVerified", "specialRequests", "status", "totalAmount", "transmission", "updatedAt", "userId", "vehicleId" FROM "bookings";
DROP TABLE "bookings";
ALTER TABLE "new_bookings" RENAME TO "bookings";
CREATE INDEX "bookings_userId_createdAt_idx" ON "bookings"("userId", "createdAt");
CREATE INDEX "bookings_vehicleId_status_returnDate_pickupDate_idx" ON "bookings"("vehicleId", "status", "returnDate", "pickupDate");
CREATE INDEX "bookings_status_idx" ON "bookings"("status");
CREATE INDEX "bookings_pickupDate_idx" ON "bookings"("pickupDate");
CREATE INDEX "bookings_returnDate_idx" ON "bookings"("returnDate");
CREATE INDEX "bookings_createdAt_idx" ON "bookings"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
