-- A declared unique result may be consumed by the caller.
-- ==

def zeros (n: i64) : *[]f64 = replicate n 0

def main (n: i64) : []f64 = zeros n with [0] = 1
