-- Comparison operators produce booleans combined with && and ||.
-- ==
def between (lo: f32) (x: f32) (hi: f32) = lo <= x && x < hi
def outside (x: f32) = x < 0 || x > 1 || x != x
