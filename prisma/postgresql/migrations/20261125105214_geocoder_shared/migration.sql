-- CreateTable
CREATE TABLE "geocode_answers" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "geocode_answers_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "request_slots" (
    "name" TEXT NOT NULL,
    "nextAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "request_slots_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "geocode_answers_expiresAt_idx" ON "geocode_answers"("expiresAt");
