CREATE TABLE "svn_create_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"svn_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "svn_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "svn_import_errors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_deliveries" (
	"file_id" integer NOT NULL,
	"type" text NOT NULL,
	"record_id" integer NOT NULL,
	CONSTRAINT "export_deliveries_file_id_record_id_pk" PRIMARY KEY("file_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "export_file_chunks" (
	"file_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "export_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "export_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"gs_code" text NOT NULL,
	"makler_nr" text,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"is_downloaded" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "svn_create_tokens" ADD CONSTRAINT "svn_create_tokens_svn_id_svn_id_fk" FOREIGN KEY ("svn_id") REFERENCES "public"."svn"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "svn_drafts" ADD CONSTRAINT "svn_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "svn_import_errors" ADD CONSTRAINT "svn_import_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_deliveries" ADD CONSTRAINT "export_deliveries_file_id_export_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."export_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_file_chunks" ADD CONSTRAINT "export_file_chunks_file_id_export_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."export_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_gs_code_insurers_gs_code_fk" FOREIGN KEY ("gs_code") REFERENCES "public"."insurers"("gs_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_deliveries_record_idx" ON "export_deliveries" USING btree ("type","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "export_files_name_idx" ON "export_files" USING btree ("gs_code","type","file_name");--> statement-breakpoint
CREATE INDEX "export_files_scope_idx" ON "export_files" USING btree ("gs_code","type","makler_nr");