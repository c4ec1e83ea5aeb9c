-- Shadowing does not hide aliasing.
-- ==
-- error: Using variable "v", but this was consumed

def main (n: i64) : i64 =
  let v = replicate n 1i64
  let total = let v = v
              let v[0] = 0
              in i64.sum v
  in total + v[0]
