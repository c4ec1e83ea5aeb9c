-- A fresh argument for a unique parameter.
-- ==

def fill (xs: *[]i32) (v: i32) : *[]i32 = map (\_ -> v) xs

def main (n: i64) : []i32 = fill (replicate n 0) 1
