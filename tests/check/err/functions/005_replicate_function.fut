-- replicate is asked to copy a function.
-- ==
-- error: functional type
def fs = replicate 3 (\(x: f32) -> x)
