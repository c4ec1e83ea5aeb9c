-- `reduce_by_index` and `hist` on fresh arrays.
-- ==

def main (k: i64) (is: []i64) (vs: []i32) : ([]i32, []i32) =
  let a = reduce_by_index (replicate k 0) (+) 0 is vs
  let b = hist (+) 0 k is vs
  in (a, b)
