-- A scan whose value at one element fails to compute reports that
-- failure wherever the element falls among the chunks that scan in
-- parallel (the first, one in the middle, the last), and the chunks
-- after the failing one stop waiting for it.
-- ==
-- input { 100000i64 3i64 }
-- error: Index \[100003\] out of bounds for array of shape \[100000\]
-- input { 100000i64 60000i64 }
-- error: Index \[160000\] out of bounds for array of shape \[100000\]
-- input { 100000i64 99999i64 }
-- error: Index \[199999\] out of bounds for array of shape \[100000\]
-- input { 100000i64 -1i64 }
-- output { 0i64 4999950000i64 }

def main (n: i64) (k: i64) : (i64, i64) =
  let xs = iota n
  let sums = scan (+) 0 (map (\i -> if i == k then xs[i + n] else xs[i]) (iota n))
  in (sums[0], sums[n - 1])
