-- Hung `report` in every form: the readers read calls through the file's own call_flow view,
-- which a hostile trace replaced by one that never ends. They now use the schema's
-- definition, written out in their own SQL.
-- base: flatmap
-- expect: ok
-- damage
DROP VIEW call_flow;
CREATE VIEW call_flow AS WITH RECURSIVE r(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM r) SELECT id, NULL AS parent_id FROM r;
-- damage
DROP VIEW object_assembly;
CREATE VIEW object_assembly AS SELECT abs(-9223372036854775807 - 1) AS object_id;
