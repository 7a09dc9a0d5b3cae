-- A statement line's dedupe key is a digest in base64url and its occurrence ("…#1"): compared byte by
-- byte (collation "C") instead of by the database's locale. The key's unique index is checked for every
-- imported line and probed for every line of a file; a locale's comparison cost most of that index's
-- upkeep. Equality is the same under any deterministic collation, so no key changes meaning.
ALTER TABLE "bank_statement_lines" ALTER COLUMN "dedupe_key" TYPE text COLLATE "C";
