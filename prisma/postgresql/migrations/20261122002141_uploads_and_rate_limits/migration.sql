-- CreateTable
CREATE TABLE "stored_objects" (
    "id" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "ownerType" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "isPrivate" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "contentType" TEXT,
    "size" INTEGER,
    "width" INTEGER,
    "height" INTEGER,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "storedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_objects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "windowEnd" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "stored_objects_path_key" ON "stored_objects"("path");

-- CreateIndex
CREATE INDEX "stored_objects_ownerType_ownerId_idx" ON "stored_objects"("ownerType", "ownerId");

-- CreateIndex
CREATE INDEX "stored_objects_status_expiresAt_idx" ON "stored_objects"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "rate_limits_windowEnd_idx" ON "rate_limits"("windowEnd");
