-- Existential sizes computed before they are used: as arguments of
-- functions, bound by let, and through a size-lifted parameter.
-- ==
def twice '~a (f: a -> a) (x: a) = f (f x)
def main (xs: []i32) =
  let ys = filter (> 0) xs
  let total = length (filter (< 10) ys)
  let zs = twice (\(v: []i32) -> map (+ 1) v) (filter (> 2) xs)
  in (total, map (* 2) ys, zs)
