-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN     "replyTo" TEXT;
