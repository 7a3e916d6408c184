CREATE TABLE "api_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"gs_code" text NOT NULL,
	"makler_nummer" text,
	"name" text NOT NULL,
	"roles" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_client_requests" (
	"client_id" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"requests" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_gs_code_insurers_gs_code_fk" FOREIGN KEY ("gs_code") REFERENCES "public"."insurers"("gs_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_client_id_idx" ON "api_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "api_clients_gs_code_idx" ON "api_clients" USING btree ("gs_code");--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_name_idx" ON "api_clients" USING btree ("gs_code",lower("name"));
