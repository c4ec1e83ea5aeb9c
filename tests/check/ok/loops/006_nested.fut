-- Nested for-loops.
-- ==
def count_pairs (n: i64) =
  loop c = 0i64 for i < n do
    loop c for j < i do c + j
