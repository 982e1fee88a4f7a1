ALTER TABLE "radio" ADD COLUMN "audio_file" text DEFAULT '' NOT NULL;
