-- A polymorphic swap copies the element it keeps.
-- ==

def move_to_front 't (i: i64) (xs: *[]t) : *[]t =
  let picked = copy xs[i]
  let xs[i] = copy xs[0]
  in xs with [0] = picked

def main (rows: *[][]i32) : [][]i32 = move_to_front 2 rows
