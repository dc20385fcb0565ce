CREATE TABLE "ledger_daily_customer_totals" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(30) NOT NULL,
	"product_type" varchar(20) NOT NULL,
	"amount_micros" bigint NOT NULL,
	"movements" integer NOT NULL,
	CONSTRAINT "ledger_daily_customer_totals_user_id_day_kind_product_type_pk" PRIMARY KEY("user_id","day","kind","product_type")
);
--> statement-breakpoint
CREATE TABLE "customer_spend" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"spent_micros" bigint NOT NULL,
	"month" date NOT NULL,
	"month_spent_micros" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_daily_customer_totals_day_idx" ON "ledger_daily_customer_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "customer_spend_spent_idx" ON "customer_spend" USING btree ("spent_micros");--> statement-breakpoint
CREATE INDEX "customer_spend_month_idx" ON "customer_spend" USING btree ("month","month_spent_micros");--> statement-breakpoint
-- customer_spend is kept by the database (db/schema/customer-spend.ts). The spending kinds are the
-- customer list's SPEND_KINDS (modules/business/customer/repo.ts); change both together.
CREATE FUNCTION customer_spend_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Per customer: the statement's whole spend, and its latest month's part.
  INSERT INTO customer_spend AS s (user_id, spent_micros, month, month_spent_micros)
  SELECT c.user_id, c.total, c.month, c.month_amount FROM (
    SELECT DISTINCT ON (d.user_id) d.user_id, d.month, d.amount AS month_amount,
      sum(d.amount) OVER (PARTITION BY d.user_id) AS total
    FROM (
      SELECT a.owner_user_id AS user_id, date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date AS month,
        -sum(n.amount_micros) AS amount
      FROM new_entries n
      JOIN ledger_accounts a ON a.id = n.account_id AND a.kind IN ('customer_wallet', 'customer_hold')
      JOIN ledger_transactions t ON t.id = n.transaction_id
        AND t.kind IN ('purchase', 'renewal', 'upgrade', 'payg_hourly', 'traffic', 'settle', 'refund')
      GROUP BY 1, 2
    ) d
    ORDER BY d.user_id, d.month DESC
  ) c
  -- In id order, so two statements that touch the same customers queue instead of deadlocking.
  ORDER BY c.user_id
  ON CONFLICT (user_id) DO UPDATE SET
    spent_micros = s.spent_micros + excluded.spent_micros,
    month = greatest(s.month, excluded.month),
    -- A late commit dated in an earlier month than the row's counts in the total only.
    month_spent_micros = CASE
      WHEN excluded.month > s.month THEN excluded.month_spent_micros
      WHEN excluded.month = s.month THEN s.month_spent_micros + excluded.month_spent_micros
      ELSE s.month_spent_micros END;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The given customers' rows computed from the ledger itself.
CREATE FUNCTION customer_spend_recount(customers bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_spend WHERE user_id = ANY (customers);
  INSERT INTO customer_spend (user_id, spent_micros, month, month_spent_micros)
  SELECT DISTINCT ON (d.user_id) d.user_id, sum(d.amount) OVER (PARTITION BY d.user_id), d.month, d.amount
  FROM (
    SELECT a.owner_user_id AS user_id, date_trunc('month', e.created_at AT TIME ZONE 'UTC')::date AS month,
      -sum(e.amount_micros) AS amount
    FROM ledger_accounts a
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_transactions t ON t.id = e.transaction_id
      AND t.kind IN ('purchase', 'renewal', 'upgrade', 'payg_hourly', 'traffic', 'settle', 'refund')
    WHERE a.owner_user_id = ANY (customers) AND a.kind IN ('customer_wallet', 'customer_hold')
    GROUP BY 1, 2
  ) d
  ORDER BY d.user_id, d.month DESC;
$$;
--> statement-breakpoint
-- The ledger is append-only; an entry changed or removed anyway (tests back-date entries) recounts
-- its customers, so the table never drifts from the entries.
CREATE FUNCTION customer_spend_recount_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_spend_recount(ARRAY(
    SELECT DISTINCT a.owner_user_id FROM old_entries o JOIN ledger_accounts a ON a.id = o.account_id
    WHERE a.owner_user_id IS NOT NULL));
  IF TG_OP = 'UPDATE' THEN
    PERFORM customer_spend_recount(ARRAY(
      SELECT DISTINCT a.owner_user_id FROM new_entries n JOIN ledger_accounts a ON a.id = n.account_id
      WHERE a.owner_user_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_spend_on_insert AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION customer_spend_add();
--> statement-breakpoint
CREATE TRIGGER customer_spend_on_update AFTER UPDATE ON ledger_entries
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION customer_spend_recount_changed();
--> statement-breakpoint
CREATE TRIGGER customer_spend_on_delete AFTER DELETE ON ledger_entries
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION customer_spend_recount_changed();
--> statement-breakpoint
-- What the ledger already holds.
SELECT customer_spend_recount(ARRAY(
  SELECT DISTINCT owner_user_id FROM ledger_accounts
  WHERE owner_user_id IS NOT NULL AND kind IN ('customer_wallet', 'customer_hold')));
--> statement-breakpoint
-- The rollups are derived data: the days rolled before the per-customer table existed are rolled
-- again, with it, by the next `dashboard.rollup` run (the dashboard reads the ledger until then).
DELETE FROM ledger_daily_totals;
--> statement-breakpoint
DELETE FROM ledger_daily_spend;
--> statement-breakpoint
DELETE FROM ledger_rollup_days;
