-- A coercion to a size that is a multiple of the array's own size holds
-- only for empty arrays; the simplifier, which compares sizes as
-- products, once expanded `k = 2 * k` for ever (a fuzzed program).
-- ==
-- input { [1i32, 2i32] } error: cannot match shape
-- input { empty([0]i32) } output { empty([2][0]i32) }

def main [k] (xs: [k]i32) : [2][k]i32 = unflatten (xs :> [2 * k]i32)
