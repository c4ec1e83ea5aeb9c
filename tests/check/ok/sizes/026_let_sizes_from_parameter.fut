-- Sizes bound by a let may come from a parameter whose size is inferred,
-- or from an existential size.
-- ==
def rows xs =
  let [k] (ys: [k]i32) = xs
  in (k, ys)

def kept (xs: []i32) =
  let [k] (ys: [k]i32) = filter (> 0) xs
  in (k, ys)
