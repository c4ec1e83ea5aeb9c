-- Loop parameter sizes: one copied from another parameter that keeps its
-- size is kept too; one the body gives a new size each iteration is
-- unknown after the loop; an inner loop may fix an outer one's size.
-- ==

def first_row [n] (rows: *[n][4]f32) : ([4]f32, [n][4]f32) =
  loop (row, rows) = (copy rows[0], rows) for i < n do
    (copy rows[i], rows)

def doubling (xs: []i32) : []i32 =
  loop acc = xs for _i < 3 do concat acc acc

def rounds [n] (xs: [n]i32) : [n]i32 =
  loop xs = copy xs for r < 2 do
    loop xs for _s < r do tabulate n (\i -> xs[(i + 1) % n])

def first_found (f: i64 -> []i64) (xs: []i64) =
  loop (i, found) = (0, [] : []i64) while null found && i < length xs do
    (i + 1, f xs[i])

def main [n] (xs: [n]i64) = first_found iota xs
