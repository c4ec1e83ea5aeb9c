-- A size parameter used only in a function argument's type is determined
-- when the function passed has a known size.
-- ==
def probe [len] (check: [len]u8 -> bool) : i64 = if check (replicate len 0) then len else 0
def main = probe (\(bytes: [4]u8) -> bytes[0] == 0)
