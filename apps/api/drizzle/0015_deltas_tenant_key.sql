-- ledger_balance_deltas had no key. It stays outside the catalogue rule otherwise (unlogged, rows
-- live only inside their posting transaction, the API role has no privilege on it), but gets a
-- primary key led by tenant_id like every tenant table, so the schema stays ready for distribution
-- by tenant. The rows of one statement may repeat a balance key (one row per statement and key),
-- hence a generated sequence number; the inserts of the posting triggers name their columns and
-- leave it to its default.
ALTER TABLE "ledger_balance_deltas" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;
--> statement-breakpoint
ALTER TABLE "ledger_balance_deltas" ADD CONSTRAINT "ledger_balance_deltas_pkey" PRIMARY KEY ("tenant_id", "xact", "seq");
