-- The transposition of a matrix, made row-major.

entry main (xss: [][]f32) : [][]f32 = copy (transpose xss)
