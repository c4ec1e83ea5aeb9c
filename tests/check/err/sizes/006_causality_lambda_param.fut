-- A function parameter's type is fixed before the size of its argument,
-- computed inside the body, is known.
-- ==
-- error: Causality check
def main (xs: []i32) = (\g -> g (filter (> 1) xs)) (\_ -> 1i32)
