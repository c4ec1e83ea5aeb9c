-- A function whose result may alias something cannot be passed where a
-- function returning a unique array is expected.
-- ==
-- error: Return types(.|\n)*have incompatible uniqueness

def fill_first (make: i64 -> *[]f64) (n: i64) : *[]f64 =
  make n with [0] = 1

def main (base: []f64) : *[]f64 =
  let prefix (k: i64) : []f64 = base[:k]
  in fill_first prefix 3
