-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN "htmlData" TEXT;
ALTER TABLE "email_outbox" ADD COLUMN "htmlTemplate" TEXT;
