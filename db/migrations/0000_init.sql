CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"gs_code" text,
	"actor_user_id" integer,
	"actor_subject" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"from_status" text,
	"to_status" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "code_items" (
	"category" text NOT NULL,
	"id" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"de" text NOT NULL,
	"fr" text NOT NULL,
	"it" text NOT NULL,
	CONSTRAINT "code_items_category_id_pk" PRIMARY KEY("category","id")
);
--> statement-breakpoint
CREATE TABLE "group_roles" (
	"group_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "group_roles_group_id_role_pk" PRIMARY KEY("group_id","role")
);
--> statement-breakpoint
CREATE TABLE "insurers" (
	"gs_code" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"strasse" text,
	"plz" text,
	"ort" text,
	"telefon" text,
	"vg_referenz" text,
	"force_kontakt_details" boolean DEFAULT false NOT NULL,
	"makler" boolean DEFAULT false NOT NULL,
	"has_role_groups" boolean DEFAULT false NOT NULL,
	"logo" "bytea",
	"logo_mime_type" text,
	"logo_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"gs_code" text NOT NULL,
	"name" text NOT NULL,
	"gui_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_role_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"gs_code" text NOT NULL,
	"idp_subject" text,
	"vorname" text,
	"nachname" text NOT NULL,
	"strasse" text,
	"plz" text,
	"ort" text,
	"staat" text,
	"fax" text,
	"telefon" text,
	"email" text NOT NULL,
	"oe_referenz" text,
	"type" text NOT NULL,
	"makler_nummer" text,
	"aktiv" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_accounts" (
	"subject" text PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"password_hash" text,
	"setup_token_hash" text,
	"setup_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idp_payloads" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "idp_payloads_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "group_roles" ADD CONSTRAINT "group_roles_group_id_role_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_groups" ADD CONSTRAINT "role_groups_gs_code_insurers_gs_code_fk" FOREIGN KEY ("gs_code") REFERENCES "public"."insurers"("gs_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_groups" ADD CONSTRAINT "user_role_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_groups" ADD CONSTRAINT "user_role_groups_group_id_role_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gs_code_insurers_gs_code_fk" FOREIGN KEY ("gs_code") REFERENCES "public"."insurers"("gs_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "role_groups_name_idx" ON "role_groups" USING btree ("gs_code","name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_idp_subject_idx" ON "users" USING btree ("idp_subject");--> statement-breakpoint
CREATE INDEX "users_gs_code_idx" ON "users" USING btree ("gs_code");--> statement-breakpoint
CREATE INDEX "portal_sessions_expires_idx" ON "portal_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idp_accounts_login_idx" ON "idp_accounts" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "idp_payloads_grant_idx" ON "idp_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "idp_payloads_uid_idx" ON "idp_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "idp_payloads_user_code_idx" ON "idp_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "idp_payloads_expires_idx" ON "idp_payloads" USING btree ("expires_at");