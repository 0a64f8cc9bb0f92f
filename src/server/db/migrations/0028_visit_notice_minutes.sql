-- A "running late" notice says how late (10, 20, 30 or 60 minutes). Hand-written.
ALTER TABLE visits ADD COLUMN IF NOT EXISTS notice_minutes integer;
