-- A range with a step has no statically known length.
-- ==
-- error: unknown length of range
def evens (k: i64) : [k]i64 = 0..2..<k
