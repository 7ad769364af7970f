ALTER TABLE "account_images" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_images" ADD COLUMN "file" text;