-- Attributes attached to patterns are accepted and ignored.
-- ==
def f (#[unused] x: i32) = x
def r = let #[foo] y = 3 in f y
