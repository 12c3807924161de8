-- CreateTable
CREATE TABLE "geocode_answers" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "request_slots" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "nextAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "geocode_answers_expiresAt_idx" ON "geocode_answers"("expiresAt");
