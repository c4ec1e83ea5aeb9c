-- The sum of an array.

entry main (xs: []f32) : f32 = f32.sum xs
