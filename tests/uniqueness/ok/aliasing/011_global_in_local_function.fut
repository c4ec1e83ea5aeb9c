-- A local function may read a global; its result is fresh.
-- ==

def weights : []f32 = [0.25, 0.75]

def main (xs: []f32) : f32 =
  let weigh (i: i64) = xs[i] * weights[i]
  in weigh 0 + weigh 1
