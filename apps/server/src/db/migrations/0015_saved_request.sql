ALTER TABLE "radioprogram" ADD COLUMN "saved_request" text;--> statement-breakpoint
ALTER TABLE "teleprogram" ADD COLUMN "saved_request" text;