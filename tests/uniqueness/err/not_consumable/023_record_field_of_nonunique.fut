-- A field of a non-unique record parameter may not be updated.
-- ==
-- error: Consuming variable "r", which is not consumable

def main (r: {vals: []i32, n: i64}) : []i32 =
  r.vals with [0] = 0
