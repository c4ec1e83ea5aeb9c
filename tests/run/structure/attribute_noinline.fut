-- `#[noinline]` on a call, or on a definition, keeps the calls that the
-- inliner would otherwise replace by the body.
-- ==
-- input { 3i64 } output { [2i64, 3i64, 4i64] 9i64 }
-- structure { Apply 2 }

#[noinline]
def add_two (x: i64) = x + 2

def times_three (x: i64) = x * 3

def main (n: i64) =
  (map add_two (iota n), #[noinline] times_three n)
