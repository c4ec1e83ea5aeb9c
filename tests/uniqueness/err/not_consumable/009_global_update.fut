-- A top-level constant may not be updated in place.
-- ==
-- error: Consuming variable "table", which is not consumable
-- related: top-level definition

def table : []i32 = [1, 2, 3]

def main (i: i64) : []i32 = table with [i] = 0
