DROP INDEX "users_email_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_gs_code_email_lower_idx" ON "users" USING btree ("gs_code",lower("email"));