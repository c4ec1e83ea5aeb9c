-- Backward application with <|.
-- ==
def total [n] (xs: [n]f32) = reduce (+) 0 <| map f32.abs <| xs
