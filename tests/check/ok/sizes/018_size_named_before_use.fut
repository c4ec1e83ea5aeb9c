-- Local sizes used with a coercion, sibling local functions with the same
-- type parameter name, and a local shadowing a size parameter.
-- ==
def main (xs: []i32) =
  let n = length xs
  let ys = zip (iota n) (xs :> [n]i32)
  let first 'a (p: (a, a)) = p.0
  let second 'a (p: (a, a)) = p.1
  let bump (n: i64) = n + 1
  in (first (1i64, 2), second (true, false), map (.0) ys, bump 2)
