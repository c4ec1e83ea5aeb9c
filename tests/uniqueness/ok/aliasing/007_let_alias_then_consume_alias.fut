-- Consuming an alias of a unique parameter (the parameter is not used again).
-- ==

def main (samples: *[]f64) : []f64 =
  let work = samples
  let work[1] = work[0] * 2
  in work
