CREATE TABLE "channel" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_kind_check" CHECK ("channel"."kind" in ('video', 'audio'))
);
--> statement-breakpoint
INSERT INTO "channel" ("slug", "name", "kind", "position") VALUES ('tv', 'Эфир', 'video', 0), ('radio', 'Радио «Эфир»', 'audio', 1);--> statement-breakpoint
ALTER TABLE "radioprogram" DROP CONSTRAINT "radioprogram_day_unique";--> statement-breakpoint
ALTER TABLE "teleprogram" DROP CONSTRAINT "teleprogram_day_unique";--> statement-breakpoint
ALTER TABLE "radioprogram" ADD COLUMN "channel" text DEFAULT 'radio' NOT NULL;--> statement-breakpoint
ALTER TABLE "teleprogram" ADD COLUMN "channel" text DEFAULT 'tv' NOT NULL;--> statement-breakpoint
ALTER TABLE "radioprogram" ADD CONSTRAINT "radioprogram_channel_channel_slug_fk" FOREIGN KEY ("channel") REFERENCES "public"."channel"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleprogram" ADD CONSTRAINT "teleprogram_channel_channel_slug_fk" FOREIGN KEY ("channel") REFERENCES "public"."channel"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radioprogram" ADD CONSTRAINT "radioprogram_channel_day_unique" UNIQUE("channel","day");--> statement-breakpoint
ALTER TABLE "teleprogram" ADD CONSTRAINT "teleprogram_channel_day_unique" UNIQUE("channel","day");