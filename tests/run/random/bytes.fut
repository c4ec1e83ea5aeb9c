-- Byte histograms of random input, with a constant second argument.
-- ==
-- entry: main
-- random input { [500]u8 10i64 } auto output
-- random input { [3]u8 300i64 } auto output

def main [n] (s: [n]u8) (k: i64) =
  let counts = hist (+) 0 256 (map i64.u8 s) (replicate n 1i32)
  in (counts[0:i64.min k 256], u8.maximum s)
