-- A copy of an array: the copy-bandwidth probe (read and write).

entry main (xs: []f32) : []f32 = copy xs
