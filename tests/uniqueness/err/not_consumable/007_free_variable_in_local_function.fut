-- A local function may not consume a free variable.
-- ==
-- error: Consuming variable "buf", which is not consumable

def main (buf: *[]i32) (x: i32) : i32 =
  let put (i: i64) = let buf[i] = x in buf[0]
  in put 0
