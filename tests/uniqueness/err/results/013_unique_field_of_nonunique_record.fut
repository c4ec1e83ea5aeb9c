-- A field of a non-unique record parameter is not unique.
-- ==
-- error: Unique-typed return value is aliased to "s", which is not consumable

type~ state = {size: i64, world: []i32}

def main (s: state) : *[]i32 = s.world
