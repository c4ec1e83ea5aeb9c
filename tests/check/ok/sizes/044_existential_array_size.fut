-- An existential size used as an array's size, beside a function.
-- ==
def make (n: i64) : ?[k].([k]f32, f32 -> [k]f32) =
  (replicate n 0, \x -> replicate n x)

def main (n: i64) = length (make n).0
