-- Crashed `report` and `report --leaks`: the leak finder keyed the live objects by id with
-- Dictionary(uniqueKeysWithValues:), which traps on the duplicate ids of an object table
-- rebuilt without its primary key.
-- base: subject-never-completes
-- expect: ok
-- damage
PRAGMA legacy_alter_table = ON;
CREATE TABLE loose_object AS SELECT * FROM object;
DROP TABLE object;
ALTER TABLE loose_object RENAME TO object;
INSERT INTO object SELECT * FROM object;
