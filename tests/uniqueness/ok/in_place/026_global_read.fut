-- Reading a top-level constant is fine.
-- ==

def table : []i32 = [1, 2, 3]

def main (i: i64) : i32 = table[i] + reduce (+) 0 table
