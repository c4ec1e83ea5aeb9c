-- A polymorphic type abbreviation used in a polymorphic function.
-- ==
type pair 't = (t, t)
def both 't (f: t -> bool) ((a, b): pair t) = f a && f b
def r = both (\(x: i32) -> x > 0) (1, 2)
