-- The index operator section (.[i]).
-- ==
def seconds [n] (rows: [n][3]i32) : [n]i32 = map (.[1]) rows
def corners [n] (m: [n][n]f32) = map (.[0, 0]) [m, m]
