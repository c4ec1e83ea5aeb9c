-- A function parameter declared to consume its argument.
-- ==

def apply_fresh (f: *[]i32 -> []i32) (n: i64) : []i32 = f (replicate n 0)

def main (n: i64) : []i32 = apply_fresh (\(xs: *[]i32) -> xs with [0] = 1) n
