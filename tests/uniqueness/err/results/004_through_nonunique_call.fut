-- A non-unique result of a call aliases the argument.
-- ==
-- error: Unique-typed return value is aliased to "xs", which is not consumable

def clamp_view (xs: []f64) (n: i64) : []f64 = xs[0:i64.min n (length xs)]

def prefix (xs: []f64) (n: i64) : *[]f64 = clamp_view xs n
