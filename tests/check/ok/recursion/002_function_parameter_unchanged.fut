-- A recursive function passing its function parameter on unchanged.
-- ==
def apply_n (f: f64 -> f64) (k: i32) (x: f64) : f64 =
  if k <= 0 then x else apply_n f (k - 1) (f x)

def main (x: f64) = apply_n (\y -> y * 0.5) 3 x
