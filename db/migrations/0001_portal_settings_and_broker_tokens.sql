CREATE TABLE "portal_user_settings" (
	"subject" text PRIMARY KEY NOT NULL,
	"shortcuts_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_broker_tokens" (
	"subject" text NOT NULL,
	"provider_id" text NOT NULL,
	"access_token" text NOT NULL,
	"id_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_broker_tokens_subject_provider_id_pk" PRIMARY KEY("subject","provider_id")
);
