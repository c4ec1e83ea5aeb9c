-- An operator section is built before the argument given to it with `<|`,
-- so its type cannot use the size that argument computes.
-- ==
-- error: Causality check
def main (xs: []f32) = (++ [0f32]) <| filter (> 0) xs
