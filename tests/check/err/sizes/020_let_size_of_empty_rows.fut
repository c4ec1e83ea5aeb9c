-- The rows of an empty array have no determined size, so a size binder
-- for them names nothing.
-- ==
-- error: Ambiguous size "cols"
def shape =
  let [rows][cols] (grid: [rows][cols]f32) = []
  in (rows, cols)
