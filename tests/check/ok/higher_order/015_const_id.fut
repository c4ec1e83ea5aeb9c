-- The prelude's id and const used as ordinary arguments.
-- ==
def ones [n] (xs: [n]f32) : [n]i32 = map (const 1) xs
def same [n] (xs: [n]bool) = map id xs
