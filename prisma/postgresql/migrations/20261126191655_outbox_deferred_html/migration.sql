-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN     "htmlData" TEXT,
ADD COLUMN     "htmlTemplate" TEXT;
