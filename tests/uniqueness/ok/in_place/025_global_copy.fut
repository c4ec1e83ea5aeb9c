-- A copy of a top-level constant may be updated.
-- ==

def table : []i32 = [1, 2, 3]

def main (i: i64) : []i32 = copy table with [i] = 0
