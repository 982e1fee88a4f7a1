CREATE TABLE "rate_window" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "rate_window_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "chat_message_visitor_idx" ON "chat_message" USING btree ("room","programme_id","visitor","posted_at");