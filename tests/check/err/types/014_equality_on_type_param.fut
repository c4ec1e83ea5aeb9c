-- A type parameter might be a type without equality.
-- ==
-- error: does not support equality
def same 'v (a: v) (b: v) = a == b
