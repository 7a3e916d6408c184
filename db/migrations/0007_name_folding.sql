-- Folded search keys of the holder's names (ADR 540): foldName of domain/names/fold.ts; the back-fill below is
-- db/name-fold.ts foldNameSql, pasted (db/name-fold.test.ts checks the paste). The lower(name) indexes give way.
ALTER TABLE "svn" ADD COLUMN "name_folded" text;--> statement-breakpoint
ALTER TABLE "svn" ADD COLUMN "first_name_folded" text;--> statement-breakpoint
UPDATE "svn" SET "name_folded" = replace(replace(replace(translate(lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(regexp_replace(normalize("name", NFD), '[\u0300-\u036f]', '', 'g'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'đ', 'd'), 'Đ', 'd')), '  ''’‘`´ʼ-‐‑–—.', ''), 'ae', 'a'), 'oe', 'o'), 'ue', 'u'), "first_name_folded" = replace(replace(replace(translate(lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(regexp_replace(normalize("first_name", NFD), '[\u0300-\u036f]', '', 'g'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'đ', 'd'), 'Đ', 'd')), '  ''’‘`´ʼ-‐‑–—.', ''), 'ae', 'a'), 'oe', 'o'), 'ue', 'u');--> statement-breakpoint
DROP INDEX "svn_name_prefix_idx";--> statement-breakpoint
DROP INDEX "svn_first_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "svn_name_folded_idx" ON "svn" USING btree ("name_folded" text_pattern_ops,"name","gs_code","makler_nr","status","id");--> statement-breakpoint
CREATE INDEX "svn_first_name_folded_idx" ON "svn" USING btree ("first_name_folded" text_pattern_ops,"first_name","gs_code","makler_nr","status","id");
