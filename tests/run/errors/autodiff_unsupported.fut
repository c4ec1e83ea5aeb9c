-- The derivative of the gamma function is not available: differentiating
-- it is a compile-time error naming the function, not a wrong result.
-- ==
-- error: differentiating `gamma` is not supported

entry main (x: f64) = jvp f64.gamma x 1
