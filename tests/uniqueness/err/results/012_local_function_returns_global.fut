-- Nor may a local function's.
-- ==
-- error: aliases the free variable "names"

def names : []u8 = "abc"

def main (k: i32) : i32 =
  let pick (b: bool) = if b then names else []
  in i32.i64 (length (pick (k > 0)))
