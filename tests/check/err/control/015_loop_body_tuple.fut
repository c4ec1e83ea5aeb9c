-- The loop body returns one value for a two-component loop state.
-- ==
-- error: Loop body does not have expected type
def f (n: i32) = loop (a, b) = (0i32, 1i32) for i < n do a + b
