CREATE TABLE "svn" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gs_code" text NOT NULL,
	"makler_nr" text,
	"benutzer" text,
	"created_by_user_id" integer,
	"personen_typ" text,
	"name" text,
	"geburtsname" text,
	"first_name" text,
	"geburtsdatum" date,
	"heimatstaat" text,
	"street" text,
	"zip" text,
	"place" text,
	"staat" text,
	"co_kontakt" text,
	"stamm_nr" bigint,
	"schale_nr" text,
	"art" smallint,
	"marke_typ" text,
	"canton" text,
	"schild_nr" bigint,
	"kontakt_name" text,
	"kontakt_strasse" text,
	"kontakt_plz" text,
	"kontakt_ort" text,
	"kontakt_staat" text,
	"kontakt_telefon" text,
	"kontakt_fax" text,
	"kontakt_email" text,
	"referenz" text,
	"iv_grund" smallint,
	"iv_datum" date,
	"av_datum" date,
	"av_grund" smallint,
	"gueltig_ab" date,
	"bes_verwendung" smallint,
	"wik_c_gueltig_ab" date,
	"applicant_ae" text,
	"start_ae" date,
	"fetched_ae" date,
	"reserved_ae" date,
	"rejected_ae" date,
	"reason_ae" text
);
--> statement-breakpoint
CREATE TABLE "svn_motors" (
	"notification_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"marke_typ" text,
	"motor_nr" text,
	"leistung" double precision
);
--> statement-breakpoint
CREATE TABLE "svn_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"svn_id" integer NOT NULL,
	"kind" text NOT NULL,
	"datum" date NOT NULL,
	"grund" smallint,
	"halter" jsonb NOT NULL,
	"gs_code" text NOT NULL,
	"gueltig_ab" date,
	"bes_verwendung" smallint,
	"schild_kanton" text,
	"schild_nr" bigint,
	"erst_iv" date,
	"stamm_nr" bigint,
	"schale_nr" text,
	"art" smallint,
	"marke_typ" text,
	"material" text,
	"laenge" double precision,
	"breite" double precision,
	"anz_personen" integer,
	"ladung" integer,
	"typenschein_nr" text,
	"segelflaeche" double precision,
	"standort" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "svn" ADD CONSTRAINT "svn_gs_code_insurers_gs_code_fk" FOREIGN KEY ("gs_code") REFERENCES "public"."insurers"("gs_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "svn_motors" ADD CONSTRAINT "svn_motors_notification_id_svn_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."svn_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "svn_notifications" ADD CONSTRAINT "svn_notifications_svn_id_svn_id_fk" FOREIGN KEY ("svn_id") REFERENCES "public"."svn"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "svn_gs_code_status_idx" ON "svn" USING btree ("gs_code","status");--> statement-breakpoint
CREATE INDEX "svn_name_prefix_idx" ON "svn" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "svn_first_name_prefix_idx" ON "svn" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "svn_zip_prefix_idx" ON "svn" USING btree ("zip" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "svn_schale_nr_prefix_idx" ON "svn" USING btree ("schale_nr" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "svn_stamm_nr_idx" ON "svn" USING btree ("stamm_nr");--> statement-breakpoint
CREATE INDEX "svn_schild_nr_idx" ON "svn" USING btree ("schild_nr");--> statement-breakpoint
CREATE INDEX "svn_canton_idx" ON "svn" USING btree ("canton");--> statement-breakpoint
CREATE INDEX "svn_makler_nr_idx" ON "svn" USING btree ("gs_code","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_status_changed_idx" ON "svn" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE INDEX "svn_motors_notification_idx" ON "svn_motors" USING btree ("notification_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "svn_notifications_svn_kind_idx" ON "svn_notifications" USING btree ("svn_id","kind");