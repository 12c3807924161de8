-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN     "topic" TEXT;

-- CreateIndex
CREATE INDEX "email_outbox_topic_idx" ON "email_outbox"("topic");
