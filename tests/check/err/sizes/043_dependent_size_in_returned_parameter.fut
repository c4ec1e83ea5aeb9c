-- A function whose result size is its parameter (`zeros k` has size `k`),
-- passed to a higher-order function whose result is a function taking
-- that result: `k` would appear in a parameter no caller can supply.
-- ==
-- error: Existential size would appear in function parameter of return type
def zeros (k: i64) : [k]f32 = replicate k 0

def pipe '^a '^b '^c (f: a -> b) (g: b -> c) (x: a) : c = g (f x)

def build = pipe zeros
