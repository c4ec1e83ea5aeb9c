-- A size parameter that only a function argument's parameter type uses is
-- not determined by passing a function that accepts any size.
-- ==
-- error: Ambiguous size "len" arising from instantiated size parameter of "probe"
def probe [len] (check: [len]u8 -> bool) : i64 = if check (replicate len 0) then len else 0
def main = probe (\bytes -> length bytes > 2)
