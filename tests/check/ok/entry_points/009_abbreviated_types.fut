-- An entry point whose parameter types are abbreviations.
-- ==
type pixel = [3]u8
type img [h] [w] = [h][w]pixel
entry brightness [h] [w] (im: img [h] [w]) : [h][w]u8 = map (map (\(p: pixel) -> p[0] / 3 + p[1] / 3 + p[2] / 3)) im
