-- A value written in place may not alias the array written to.
-- ==
-- error: (?s)Source array for in-place update.*might alias update value.*m\[1\]

def main (m: *[][]i32) : [][]i32 = m with [0] = m[1]
