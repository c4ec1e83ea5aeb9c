-- A top-level function named main is an entry point without 'entry'.
def helper (x: i32) = x * x
def main (xs: []i32) : i32 = reduce (+) 0 (map helper xs)
