CREATE TABLE "resource_month_traffic" (
	"user_id" bigint NOT NULL,
	"month" date NOT NULL,
	"region_id" bigint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"traffic_bytes" bigint NOT NULL,
	"traffic_micros" bigint NOT NULL,
	CONSTRAINT "resource_month_traffic_user_id_month_region_id_kind_pk" PRIMARY KEY("user_id","month","region_id","kind")
);
--> statement-breakpoint
CREATE INDEX "orders_resource_ids_idx" ON "orders" USING gin ("resource_ids" jsonb_path_ops);--> statement-breakpoint
-- resource_month_traffic is kept by the database (db/schema/statistics.ts): every statement that
-- inserts, changes or removes resource-hours adds its new rows' traffic and takes out its old rows'.
-- Bytes count every metered hour; micros only the charged ones (an hour recorded unpaid moves out).
CREATE FUNCTION resource_month_traffic_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO resource_month_traffic AS m (user_id, month, region_id, kind, traffic_bytes, traffic_micros)
    SELECT h.user_id, date_trunc('month', h.hour_start AT TIME ZONE 'UTC')::date, coalesce(r.region_id, 0), r.kind,
      sum(h.bytes), sum(h.micros)
    FROM (SELECT resource_id, user_id, hour_start, traffic_bytes AS bytes, CASE WHEN outcome = 'charged' THEN traffic_micros ELSE 0 END AS micros FROM new_hours) h
    JOIN resources r ON r.id = h.resource_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(h.bytes) <> 0 OR sum(h.micros) <> 0
    -- In key order, so two statements that touch the same customers queue instead of deadlocking.
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, region_id, kind) DO UPDATE SET
      traffic_bytes = m.traffic_bytes + excluded.traffic_bytes,
      traffic_micros = m.traffic_micros + excluded.traffic_micros;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO resource_month_traffic AS m (user_id, month, region_id, kind, traffic_bytes, traffic_micros)
    SELECT h.user_id, date_trunc('month', h.hour_start AT TIME ZONE 'UTC')::date, coalesce(r.region_id, 0), r.kind,
      sum(h.bytes), sum(h.micros)
    FROM (SELECT resource_id, user_id, hour_start, -traffic_bytes AS bytes, CASE WHEN outcome = 'charged' THEN -traffic_micros ELSE 0 END AS micros FROM old_hours) h
    JOIN resources r ON r.id = h.resource_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(h.bytes) <> 0 OR sum(h.micros) <> 0
    -- In key order, so two statements that touch the same customers queue instead of deadlocking.
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, region_id, kind) DO UPDATE SET
      traffic_bytes = m.traffic_bytes + excluded.traffic_bytes,
      traffic_micros = m.traffic_micros + excluded.traffic_micros;
  ELSE
    INSERT INTO resource_month_traffic AS m (user_id, month, region_id, kind, traffic_bytes, traffic_micros)
    SELECT h.user_id, date_trunc('month', h.hour_start AT TIME ZONE 'UTC')::date, coalesce(r.region_id, 0), r.kind,
      sum(h.bytes), sum(h.micros)
    FROM (SELECT resource_id, user_id, hour_start, traffic_bytes AS bytes, CASE WHEN outcome = 'charged' THEN traffic_micros ELSE 0 END AS micros FROM new_hours UNION ALL SELECT resource_id, user_id, hour_start, -traffic_bytes AS bytes, CASE WHEN outcome = 'charged' THEN -traffic_micros ELSE 0 END AS micros FROM old_hours) h
    JOIN resources r ON r.id = h.resource_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(h.bytes) <> 0 OR sum(h.micros) <> 0
    -- In key order, so two statements that touch the same customers queue instead of deadlocking.
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, region_id, kind) DO UPDATE SET
      traffic_bytes = m.traffic_bytes + excluded.traffic_bytes,
      traffic_micros = m.traffic_micros + excluded.traffic_micros;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER resource_month_traffic_on_insert AFTER INSERT ON resource_hour_charges
  REFERENCING NEW TABLE AS new_hours FOR EACH STATEMENT EXECUTE FUNCTION resource_month_traffic_changed();
--> statement-breakpoint
CREATE TRIGGER resource_month_traffic_on_update AFTER UPDATE ON resource_hour_charges
  REFERENCING OLD TABLE AS old_hours NEW TABLE AS new_hours
  FOR EACH STATEMENT EXECUTE FUNCTION resource_month_traffic_changed();
--> statement-breakpoint
CREATE TRIGGER resource_month_traffic_on_delete AFTER DELETE ON resource_hour_charges
  REFERENCING OLD TABLE AS old_hours FOR EACH STATEMENT EXECUTE FUNCTION resource_month_traffic_changed();
--> statement-breakpoint
-- What the hour charges already hold.
INSERT INTO resource_month_traffic (user_id, month, region_id, kind, traffic_bytes, traffic_micros)
SELECT h.user_id, date_trunc('month', h.hour_start AT TIME ZONE 'UTC')::date, coalesce(r.region_id, 0), r.kind,
  sum(h.traffic_bytes), sum(CASE WHEN h.outcome = 'charged' THEN h.traffic_micros ELSE 0 END)
FROM resource_hour_charges h JOIN resources r ON r.id = h.resource_id
GROUP BY 1, 2, 3, 4
HAVING sum(h.traffic_bytes) <> 0 OR sum(CASE WHEN h.outcome = 'charged' THEN h.traffic_micros ELSE 0 END) <> 0;
