-- Attributes on patterns.
def f (#[maybe_unused] x: i32) = 0
def g = let #[keep] y = 10 in y
def h (p: (i32, i32)) = let (#[first] a, #[second] b) = p in a + b
def k (x: i32) = match x case #[rare] 0 -> 1 case _ -> 2
