-- A local function building a record.
-- ==
def stats [n] (xs: [n]f32) =
  let mk (lo: f32) (hi: f32) = {lo, hi, span = hi - lo}
  in mk (f32.minimum xs) (f32.maximum xs)
