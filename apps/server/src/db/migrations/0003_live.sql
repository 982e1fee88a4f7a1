CREATE TABLE "live_day_base" (
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"sequence" bigint NOT NULL,
	"discontinuity_sequence" bigint NOT NULL,
	CONSTRAINT "live_day_base_channel_day_pk" PRIMARY KEY("channel","day")
);
--> statement-breakpoint
ALTER TABLE "radio" ADD COLUMN "media_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "media_ready_at" timestamp with time zone;--> statement-breakpoint
UPDATE "video" SET "media_ready_at" = "added_at" WHERE "master_playlist" <> '';--> statement-breakpoint
UPDATE "radio" SET "media_ready_at" = "added_at" WHERE "audio_playlist" <> '';
