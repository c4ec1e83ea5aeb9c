-- A constant array's literal size flows into a sized parameter.
-- ==
def weights : [3]f32 = [0.25, 0.5, 0.25]
def blur (xs: [3]f32) = reduce (+) 0 (map2 (*) weights xs)
def r = blur [1, 2, 3]
