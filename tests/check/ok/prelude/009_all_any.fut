-- Predicates over arrays with all and any.
-- ==
def all_pos [n] (xs: [n]f64) = all (> 0) xs
def has_zero [n] (xs: [n]f64) = any (== 0) xs
def both [n] (xs: [n]bool) = and xs || or xs
