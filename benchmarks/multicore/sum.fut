-- Sum of a vector of f64.

entry main (xs: []f64) : f64 = f64.sum xs
