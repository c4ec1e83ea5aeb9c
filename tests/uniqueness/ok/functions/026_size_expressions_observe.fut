-- Size expressions in parameter types may observe.
-- ==

def first_weight [k] (counts: [k]i64) (w: [i64.sum counts]f32) : f32 = w[0]
