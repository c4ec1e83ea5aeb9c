-- Top-level functions and constants of function type alias nothing.
-- ==

def double (x: i32) : i32 = x * 2
def op = double

def main (xs: *[]i32) : []i32 = map op xs with [0] = 0
