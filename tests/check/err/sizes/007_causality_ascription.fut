-- The size of a written type is fixed before a later filter computes
-- the size it is compared with.
-- ==
-- error: Causality check
def main (xs: []i32) =
  let e = [] : [][]i32
  let r = [filter (> 0) xs]
  in e[0] == r[0]
