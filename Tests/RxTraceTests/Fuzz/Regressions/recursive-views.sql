-- Views that read each other, planted past SQLite's own check, and a table replaced by a view
-- that never ends: the readers run neither.
-- base: just-map
-- expect: damaged trace: its thread table is a view
-- damage
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = 'CREATE VIEW call_flow AS SELECT * FROM live_object' WHERE name = 'call_flow';
UPDATE sqlite_schema SET sql = 'CREATE VIEW live_object AS SELECT * FROM call_flow' WHERE name = 'live_object';
-- damage
DROP TABLE thread;
CREATE VIEW thread AS WITH RECURSIVE r(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM r) SELECT id, id AS tid, 'x' AS name FROM r;
