CREATE INDEX "orders_open_unpaid_email_idx" ON "orders" USING btree ("email") WHERE "orders"."status" = 'awaiting_payment' AND "orders"."stock_released_at" IS NULL;--> statement-breakpoint
-- The limits on open unpaid orders, checked inside the statement that places an order: the advisory
-- locks (e-mail, then address) make the count and the new order one step however many checkouts race,
-- and a VOLATILE function counts with a snapshot taken after the lock, so it sees every order committed
-- by whoever held it before. Raises 'order-refused:unpaid:<count>' past a limit.
CREATE OR REPLACE FUNCTION take_unpaid_order_slot(order_email text, address_hash text, per_email integer, per_address integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  open_orders integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('unpaid-email:' || order_email, 0));
  SELECT count(*) INTO open_orders FROM (
    SELECT 1 FROM orders
     WHERE email = order_email AND status = 'awaiting_payment' AND stock_released_at IS NULL
     LIMIT per_email) AS open;
  IF open_orders >= per_email THEN
    RAISE EXCEPTION 'order-refused:unpaid:%', open_orders;
  END IF;
  IF address_hash IS NULL THEN
    RETURN true;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('unpaid-address:' || address_hash, 0));
  SELECT count(*) INTO open_orders FROM (
    SELECT 1 FROM orders
     WHERE client_address_hash = address_hash AND status = 'awaiting_payment' AND stock_released_at IS NULL
     LIMIT per_address) AS open;
  IF open_orders >= per_address THEN
    RAISE EXCEPTION 'order-refused:unpaid:%', open_orders;
  END IF;
  RETURN true;
END
$$;
--> statement-breakpoint
-- Aborts the statement placing an order (and so all it did) with a reason the shop turns into words.
CREATE OR REPLACE FUNCTION refuse_order(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'order-refused:%', reason;
END
$$;
