-- A returned function's parameter may have a size of the definition's
-- own parameters, or of a local i64 binding (replaced by its
-- definition); the definition's own parameter may have a size that only
-- its result tells.
def pairer (k: i64) =
  let len = k * 2
  in zip (replicate len 0f32)

def scaled (k: i64) = \(xs: [k]f32) -> map (* 2f32) xs

def trimmed (xs: []f32) =
  let [m] (ys: [m]f32) = xs
  in (m, ys)

def main (k: i64) =
  let z = pairer k (iota (k * 2))
  in (z, scaled 3 [1, 2, 3], trimmed [1, 2])
