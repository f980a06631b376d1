-- Crashed `report`: the summary subtracted resources_total_start from resources_total_end
-- and overflowed.
-- base: publish-subject
-- expect: ok
-- damage
UPDATE run SET resources_total_start = 9223372036854775807, resources_total_end = -9223372036854775808;
