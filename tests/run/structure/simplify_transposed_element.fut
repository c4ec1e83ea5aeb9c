-- Reading an element of a transposition reads the element of the
-- array transposed.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 1i64 } output { 6 }
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 2i64 } error: Index \[1, 2\] out of bounds
-- structure { Rearrange 0 }

def main (xss: [][]i32) (i: i64) (j: i64) : i32 = (transpose xss)[i, j]
