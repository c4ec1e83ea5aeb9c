-- A loop whose array grows has a size known only after the loop; a
-- projection section applied to it with `<|` is built before that.
-- ==
-- error: Causality check
def main (n: i64) : []i64 =
  (.[1:]) <| loop acc = [0i64] for i < n do acc ++ [i]
