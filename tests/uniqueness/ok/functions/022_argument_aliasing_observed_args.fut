-- Observed arguments may alias each other.
-- ==

def dot (xs: []f32) (ys: []f32) : f32 = f32.sum (map2 (*) xs ys)

def main (xs: []f32) : f32 = dot xs xs
