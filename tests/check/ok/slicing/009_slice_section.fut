-- An operator section that slices its argument.
-- ==
def drop_first [n] [m] (rows: [n][m]i32) = map (.[1:]) rows
