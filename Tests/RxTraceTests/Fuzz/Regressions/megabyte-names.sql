-- Took 33 s and 1.3 GB for `report` on a 74 MB file, printing 290 MB: every call's record held
-- (and every line printed) its type's and step's 2 MB name, and whole result sets were held as
-- rows before they became records. Records now keep 4,096 characters of a text and say how
-- much was cut, and are made row by row: 1.2 s and 80 MB. (Names of 300 KB here, to keep the
-- suite quick.)
-- base: flatmap
-- expect: ok
-- damage
UPDATE type SET type_name = printf('%.*c', 300000, 'x');
UPDATE step SET name = printf('%.*c', 300000, 'y');
