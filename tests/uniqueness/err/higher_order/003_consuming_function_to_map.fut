-- `map` may not be given a function that consumes its argument.
-- ==
-- error: are incompatible regarding consuming their arguments

def stamp (ids: []i64) (rows: *[][]i64) : [][]i64 =
  map2 (\id (row: *[]i64) -> row with [0] = id) ids rows
