ALTER TABLE "radioprogram" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "radioprogram" ADD COLUMN "saved_by" text;--> statement-breakpoint
ALTER TABLE "radioprogram" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teleprogram" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "teleprogram" ADD COLUMN "saved_by" text;--> statement-breakpoint
ALTER TABLE "teleprogram" ADD COLUMN "saved_at" timestamp with time zone;